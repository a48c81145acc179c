import Foundation
import ImageSearchModel
import Signalbox

/// One row of search results: texts from an `ImageEntity` and its preview image.
///
/// The preview is downloaded at most once at a time: several `getPreviewImage()` runs
/// started while a download is in flight share that one request, and once it succeeded the
/// bytes are cached in the cell model. The download is cancelled when the cell model is
/// deinitialised. The cache is safe to use from any thread.
public final class ImageSearchTableViewCellModel: ImageSearchTableViewCellModeling,
    @unchecked Sendable
{
    // Safety: every stored property is immutable; the preview cache (`PreviewState`) and
    // `download` (a `SerialDisposable`) are lock-protected themselves.
    /// The Pixabay id of the image.
    public let id: UInt64
    /// The full-size image's dimensions, e.g. `"1500 x 3000"`.
    public let pageImageSizeText: String
    /// The tags joined with commas.
    public let tagText: String
    /// The uploader's name.
    public let username: String
    /// The number of likes.
    public let likeCount: Int64
    /// The entity the texts come from.
    public let image: ImageEntity

    private let network: Networking
    private let scheduler: Scheduler
    private let preview = PreviewState()
    private let download = SerialDisposable()

    /// Creates the cell model of `image`.
    ///
    /// - Parameters:
    ///   - image: The entity to show.
    ///   - network: Downloads the preview image.
    ///   - scheduler: Where the downloaded image is delivered (the UI scheduler).
    public init(image: ImageEntity, network: Networking, scheduler: Scheduler) {
        self.image = image
        self.network = network
        self.scheduler = scheduler
        id = image.id
        pageImageSizeText = ResultText.pageImageSize(of: image)
        tagText = ResultText.tags(of: image)
        username = image.username
        likeCount = image.likeCount
    }

    deinit {
        download.dispose()
    }

    /// The preview image's bytes.
    ///
    /// When the image is cached, the run sends it at once and completes. Otherwise it sends
    /// `nil` at once (on the starting thread), then the bytes — or `nil` if the download
    /// failed — on the scheduler, and completes. Disposing a run detaches it; the shared
    /// download goes on for the other runs and the cache.
    ///
    /// - Returns: A producer of optional image bytes that never fails.
    public func getPreviewImage() -> SignalProducer<Data?, Never> {
        SignalProducer { [weak self] observer, lifetime in
            guard let self else {
                observer.send(value: nil)
                observer.sendCompleted()
                return
            }
            switch self.preview.attach() {
            case .cached(let data):
                observer.send(value: data)
                observer.sendCompleted()
            case .join(let signal):
                observer.send(value: nil)
                lifetime += signal.observe(observer)
            case .start(let signal, let input):
                observer.send(value: nil)
                lifetime += signal.observe(observer)
                self.startDownload(into: input)
            }
        }
    }

    private func startDownload(into input: Signal<Data?, Never>.Observer) {
        let preview = self.preview
        download.inner = network.requestImage(url: image.previewURL)
            .observe(on: scheduler)
            .start { event in
                switch event {
                case .value(let data):
                    preview.finish(with: data)
                    input.send(value: data)
                    input.sendCompleted()
                case .failed:
                    preview.finish(with: nil)
                    input.send(value: nil)
                    input.sendCompleted()
                case .interrupted:
                    preview.finish(with: nil)
                    input.sendInterrupted()
                case .completed:
                    break
                }
            }
    }
}

/// The preview cache of one cell model: nothing, a download in flight, or the bytes.
final class PreviewState: @unchecked Sendable {
    // Safety: `state` is only read or written while holding `lock`.
    private enum State {
        case none
        case loading(Signal<Data?, Never>, Signal<Data?, Never>.Observer)
        case loaded(Data)
    }

    enum Attachment {
        case cached(Data)
        case join(Signal<Data?, Never>)
        case start(Signal<Data?, Never>, Signal<Data?, Never>.Observer)
    }

    private let lock = NSLock()
    private var state = State.none

    /// Decides, atomically, whether a new run reads the cache, joins the download in flight
    /// or starts one.
    func attach() -> Attachment {
        lock.lock()
        defer { lock.unlock() }
        switch state {
        case .loaded(let data): return .cached(data)
        case .loading(let signal, _): return .join(signal)
        case .none:
            let (signal, input) = Signal<Data?, Never>.pipe()
            state = .loading(signal, input)
            return .start(signal, input)
        }
    }

    /// Records the outcome of the download: the bytes are cached; a failure forgets the
    /// download so that the next run tries again.
    func finish(with data: Data?) {
        lock.lock()
        defer { lock.unlock() }
        state = data.map(State.loaded) ?? .none
    }
}
