import Foundation
import ImageSearchModel
import Signalbox

/// One row of search results: texts from an `ImageEntity` and its preview image.
///
/// The preview is downloaded at most once at a time: several `getPreviewImage()` runs
/// started while a download is in flight share that one request, and once it succeeded the
/// bytes are kept and replayed. A failed download is forgotten, so the next run tries
/// again. The download is cancelled when the cell model is deinitialised. Safe to use from
/// any thread.
///
/// The sharing is `replayLazily(upTo: 1)`: the download starts with the first run, later
/// runs get the latest value (the leading `nil`, or the bytes) and then the live events.
public final class ImageSearchTableViewCellModel: ImageSearchTableViewCellModeling, Sendable {
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

    /// Where the preview comes from, and where it is delivered.
    private let network: any Networking
    private let scheduler: any Scheduler
    /// The shared, replayed download that the next run joins; `nil` until the first
    /// `getPreviewImage()`.
    ///
    /// Made on first use: a search makes a cell model per row, but a front end asks for
    /// few previews (the terminal only for the detail shown), and building the download's
    /// operator chain was most of what a row cost (W7v in BENCHMARKS.md).
    // Safety (`nonisolated(unsafe)`: a producer is not `Sendable`, so neither is its box):
    // the download is only made, stored and copied out under the lock of the `Atomic` box,
    // and a producer is an immutable value that may be started on any thread.
    nonisolated(unsafe) private let preview = Atomic<SignalProducer<Data?, Never>?>(nil)
    /// What the download is taken during: ends when the cell model is deinitialised (its
    /// `token` goes), which stops the download in flight.
    private let lifetime: Lifetime
    private let token: Lifetime.Token

    /// Creates the cell model of `image`.
    ///
    /// - Parameters:
    ///   - image: The entity to show.
    ///   - network: Downloads the preview image.
    ///   - scheduler: Where the downloaded image is delivered (the UI scheduler).
    public init(image: ImageEntity, network: Networking, scheduler: Scheduler) {
        self.image = image
        id = image.id
        pageImageSizeText = ResultText.pageImageSize(of: image)
        tagText = ResultText.tags(of: image)
        username = image.username
        likeCount = image.likeCount
        self.network = network
        self.scheduler = scheduler
        (lifetime, token) = Lifetime.make()
    }

    /// `nil` at once, then the bytes (`nil` if the download failed) on the scheduler; a
    /// failure puts a fresh download in `box` for the next run.
    ///
    /// A static function, and `box` held weakly: the download is kept in `box`, so a
    /// closure of the download that held `box` (or a local function capturing it) would
    /// be a cycle, and every cell model would leave its download, its address and the
    /// network behind when it goes.
    private static func sharedDownload(
        of url: String, network: Networking, scheduler: Scheduler, lifetime: Lifetime,
        replacedIn box: Atomic<SignalProducer<Data?, Never>?>
    ) -> SignalProducer<Data?, Never> {
        // Safety: as for the stored `preview`; the weak reference is read once, on failure.
        nonisolated(unsafe) weak let weakBox = box
        return network.requestImage(url: url)
            .map { Optional($0) }
            .on(failed: { _ in
                guard let box = weakBox else { return }
                box.modify {
                    $0 = sharedDownload(
                        of: url, network: network, scheduler: scheduler, lifetime: lifetime,
                        replacedIn: box)
                }
            })
            .flatMapError { _ in SignalProducer(value: nil) }
            .observe(on: scheduler)
            .prefix(value: nil)
            .take(during: lifetime)
            .replayLazily(upTo: 1)
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
        let preview = self.preview
        let url = image.previewURL
        let network = self.network
        let scheduler = self.scheduler
        let downloadLifetime = self.lifetime
        return SignalProducer { observer, lifetime in
            let download = preview.modify { download -> SignalProducer<Data?, Never> in
                if let download { return download }
                let made = Self.sharedDownload(
                    of: url, network: network, scheduler: scheduler,
                    lifetime: downloadLifetime, replacedIn: preview)
                download = made
                return made
            }
            lifetime += download.start(observer)
        }
    }
}
