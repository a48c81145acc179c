import Foundation
import ImageSearchModel
import Signalbox

/// The detail screen of one image: its texts, counts formatted for a locale, and the image.
///
/// The search screen calls `update(_:atIndex:)`; every property then changes on the
/// scheduler. A new `update` cancels the previous image download, so a slow download for an
/// earlier selection never overwrites the current image.
public final class ImageDetailViewModel: ImageDetailViewModelModifiable, @unchecked Sendable {
    // Safety: the mutable state lives in `MutableProperty` instances (lock-protected) and in
    // `entity`/`localeStorage`, which are only touched under `lock`; `imageLoader` is a
    // thread-safe `ModelController`; `selection` has its own lock.
    private let network: Networking
    private let externalAppChannel: ExternalAppChanneling
    private let scheduler: Scheduler
    private let lock = NSLock()
    private var entity: ImageEntity?
    private var localeStorage: Locale
    /// Loads the selected entity's image: a ``ModelController`` whose load reads the
    /// selection when it starts, so a new selection is a cancel and a refresh.
    private let imageLoader: ModelController<LoadedImage, NetworkError>

    private let _id = MutableProperty<UInt64?>(nil)
    private let _pageImageSizeText = MutableProperty<String?>(nil)
    private let _tagText = MutableProperty<String?>(nil)
    private let _usernameText = MutableProperty<String?>(nil)
    private let _viewCountText = MutableProperty<String?>(nil)
    private let _downloadCountText = MutableProperty<String?>(nil)
    private let _likeCountText = MutableProperty<String?>(nil)
    private let _pageURLText = MutableProperty<String?>(nil)

    /// The Pixabay id of the image.
    public let id: Property<UInt64?>
    /// The full-size image's dimensions, e.g. `"1500 x 3000"`.
    public let pageImageSizeText: Property<String?>
    /// The tags joined with commas.
    public let tagText: Property<String?>
    /// The uploader's name.
    public let usernameText: Property<String?>
    /// The view count, formatted for `locale`.
    public let viewCountText: Property<String?>
    /// The download count, formatted for `locale`.
    public let downloadCountText: Property<String?>
    /// The like count, formatted for `locale`.
    public let likeCountText: Property<String?>
    /// The image's bytes once downloaded.
    public let image: Property<Data?>
    /// Where the selected image's download stands: `.updating` while it loads, `.updated`
    /// with its bytes, `.failed` with the reason; `.idle` with no selection. Changes on the
    /// scheduler.
    public let imageState: Property<LoadState<Data, NetworkError>>
    /// The address of the image's page on Pixabay.
    public let pageURLText: Property<String?>

    /// Creates a detail view model showing nothing.
    ///
    /// - Parameters:
    ///   - network: Downloads the image.
    ///   - externalAppChannel: Opens the image's page.
    ///   - scheduler: Where every property changes (the UI scheduler).
    ///   - locale: How counts are formatted; defaults to the current locale.
    public init(
        network: Networking, externalAppChannel: ExternalAppChanneling, scheduler: Scheduler,
        locale: Locale = .current
    ) {
        self.network = network
        self.externalAppChannel = externalAppChannel
        self.scheduler = scheduler
        localeStorage = locale
        id = Property(capturing: _id)
        pageImageSizeText = Property(capturing: _pageImageSizeText)
        tagText = Property(capturing: _tagText)
        usernameText = Property(capturing: _usernameText)
        viewCountText = Property(capturing: _viewCountText)
        downloadCountText = Property(capturing: _downloadCountText)
        likeCountText = Property(capturing: _likeCountText)
        let selection = SelectedURL()
        imageLoader = ModelController(scheduler: scheduler) {
            guard let url = selection.url else { return .empty }
            return network.send(ImageDownloadRequest(url: url)).map {
                LoadedImage(url: url, data: $0)
            }
        }
        self.selection = selection
        // Only what belongs to the shown entity: a previous image is not this one's.
        shownImageState = imageLoader.state.combineLatest(with: _shownImageURL).map {
            state, shown -> LoadState<Data, NetworkError> in
            switch state {
            case .idle: return .idle
            case .updating: return .updating(previous: nil)
            case .updated(let loaded): return loaded.url == shown ? .updated(loaded.data) : .idle
            case .failed(let error, _): return .failed(error, previous: nil)
            }
        }
        imageState = Property(
            initial: shownImageState.value,
            then: shownImageState.producer
                .skipRepeats { lhs, rhs in
                    switch (lhs, rhs) {
                    case (.idle, .idle), (.updating, .updating): return true
                    default: return false
                    }
                }
                .skip(first: 1))
        image = imageState.map { state in
            if case .updated(let data) = state { return data }
            return nil
        }
        pageURLText = Property(capturing: _pageURLText)
    }

    private let selection: SelectedURL
    /// `imageState` before repeats of `idle` and `updating` are dropped.
    private let shownImageState: Property<LoadState<Data, NetworkError>>
    /// The image address of the entity shown (changes on the scheduler, with the texts).
    private let _shownImageURL = MutableProperty<String?>(nil)

    deinit {
        imageLoader.cancel()
    }

    /// How counts are formatted. Setting it reformats the counts shown, on the scheduler.
    public var locale: Locale {
        get { lock.withLock { localeStorage } }
        set {
            let shown = lock.withLock { () -> ImageEntity? in
                localeStorage = newValue
                return entity
            }
            scheduler.schedule { [weak self] in self?.showCounts(of: shown, locale: newValue) }
        }
    }

    /// Shows `imageEntities[index]` and downloads its image; an index out of range clears
    /// every property. Cancels the previous image download.
    ///
    /// - Parameters:
    ///   - imageEntities: The found images.
    ///   - index: The position of the one to show.
    public func update(_ imageEntities: [ImageEntity], atIndex index: Int) {
        let selected = imageEntities.indices.contains(index) ? imageEntities[index] : nil
        let locale = lock.withLock { () -> Locale in
            entity = selected
            return localeStorage
        }
        imageLoader.cancel()
        selection.url = selected?.imageURL
        scheduler.schedule { [weak self] in self?.show(selected, locale: locale) }
        guard selected != nil else { return }
        imageLoader.refresh.apply().start()
    }

    /// Opens the shown image's page through the external app channel; does nothing when no
    /// image is shown.
    public func openImagePage() {
        guard let url = lock.withLock({ entity?.pageURL }) else { return }
        externalAppChannel.openURL(url)
    }

    private func show(_ entity: ImageEntity?, locale: Locale) {
        _id.value = entity?.id
        _pageImageSizeText.value = entity.map(ResultText.pageImageSize(of:))
        _tagText.value = entity.map(ResultText.tags(of:))
        _usernameText.value = entity?.username
        _pageURLText.value = entity?.pageURL
        _shownImageURL.value = entity?.imageURL
        showCounts(of: entity, locale: locale)
    }

    private func showCounts(of entity: ImageEntity?, locale: Locale) {
        _viewCountText.value = entity.map { ResultText.count($0.viewCount, locale: locale) }
        _downloadCountText.value = entity.map { ResultText.count($0.downloadCount, locale: locale) }
        _likeCountText.value = entity.map { ResultText.count($0.likeCount, locale: locale) }
    }
}

/// An image's bytes with the address they came from.
struct LoadedImage: Sendable {
    let url: String
    let data: Data
}

/// The address of the selected image, read by the image loader when a load starts.
private final class SelectedURL: @unchecked Sendable {
    // Safety: `storage` is only touched while holding `lock`.
    private let lock = NSLock()
    private var storage: String?
    var url: String? {
        get { lock.withLock { storage } }
        set { lock.withLock { storage = newValue } }
    }
}
