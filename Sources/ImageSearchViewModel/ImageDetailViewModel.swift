import Foundation
import ImageSearchModel
import Signalbox

/// The detail screen of one image: its texts, counts formatted for a locale, and the image.
///
/// The search screen calls `update(_:atIndex:)`; every property then changes on the
/// scheduler. A new `update` cancels the previous image download at once, so a slow
/// download for an earlier selection never overwrites the current image.
///
/// How it is built — the selection as a property, and two pipelines of the library's own
/// operators:
///
/// ```text
/// update(_:atIndex:) → selection ─┬─ combineLatest(locale) ─ map(texts) ─ observe(on:) → texts
/// locale ─────────────────────────┘
///                     selection ── flatMap(.latest) { download ─ map(.updated) ─
///                                    prefix(.updating) ─ observe(on:) } ─ skipRepeats → imageState
/// ```
public final class ImageDetailViewModel: ImageDetailViewModelModifiable, Sendable {
    private let externalAppChannel: ExternalAppChanneling
    /// The selected entity, set by `update` from any thread.
    private let selection = MutableProperty<ImageEntity?>(nil)
    /// How counts are formatted, set from any thread.
    private let localeSetting: MutableProperty<Locale>
    /// Every text of the selected image, as one value, changing on the scheduler; the
    /// eight properties below are its projections.
    public let texts: Property<ImageDetailTexts>

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
    /// scheduler; never shows the bytes of an earlier selection.
    public let imageState: Property<LoadState<Data, NetworkError>>
    /// The address of the image's page on Pixabay, as a browser shows it
    /// (`WebAddress.shown(_:)`: a look-alike host in punycode, no user name).
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
        self.externalAppChannel = externalAppChannel
        localeSetting = MutableProperty(locale)

        // The texts of the selection in the locale, formatted, delivered on the scheduler.
        texts = Property(
            initial: ImageDetailTexts(nil, locale: locale),
            then: selection.producer.combineLatest(with: localeSetting.producer)
                .skip(first: 1)
                .map { ImageDetailTexts($0, locale: $1) }
                .observe(on: scheduler))
        id = texts.map(\.id)
        pageImageSizeText = texts.map(\.pageImageSizeText)
        tagText = texts.map(\.tagText)
        usernameText = texts.map(\.usernameText)
        viewCountText = texts.map(\.viewCountText)
        downloadCountText = texts.map(\.downloadCountText)
        likeCountText = texts.map(\.likeCountText)
        pageURLText = texts.map(\.pageURLText)

        // The image of the latest selection: a new one disposes (cancels) the download of the
        // previous one, and `observe(on:)` drops what that download had on its way.
        imageState = Property(
            initial: .idle,
            then: selection.producer.skip(first: 1)
                .flatMap(.latest) {
                    entity -> SignalProducer<LoadState<Data, NetworkError>, Never> in
                    guard let url = entity?.imageURL else {
                        return SignalProducer(value: .idle).observe(on: scheduler)
                    }
                    return network.send(ImageDownloadRequest(url: url))
                        .map { LoadState.updated($0) }
                        .prefix(value: .updating(previous: nil))
                        .flatMapError { SignalProducer(value: .failed($0, previous: nil)) }
                        .observe(on: scheduler)
                }
                .skipRepeats { lhs, rhs in
                    switch (lhs, rhs) {
                    case (.idle, .idle), (.updating, .updating): return true
                    default: return false
                    }
                })
        image = imageState.map { state in
            if case .updated(let data) = state { return data }
            return nil
        }
    }

    /// How counts are formatted. Setting it reformats the counts shown, on the scheduler.
    public var locale: Locale {
        get { localeSetting.value }
        set { localeSetting.value = newValue }
    }

    /// Shows `imageEntities[index]` and downloads its image; an index out of range clears
    /// every property. Cancels the previous image download at once.
    ///
    /// - Parameters:
    ///   - imageEntities: The found images.
    ///   - index: The position of the one to show.
    public func update(_ imageEntities: [ImageEntity], atIndex index: Int) {
        selection.value = imageEntities.indices.contains(index) ? imageEntities[index] : nil
    }

    /// Opens the selected image's page through the external app channel; does nothing when
    /// no image is selected. The channel gets the address as the server sent it, and decides
    /// (the terminal's refuses one with a user name before its host).
    public func openImagePage() {
        guard let url = selection.value?.pageURL else { return }
        externalAppChannel.openURL(url)
    }
}

/// The texts a detail screen shows for one image, as one value (all `nil` for none): what
/// ``ImageDetailViewModeling/texts`` publishes, so a screen that shows them together takes
/// them together, never half of one selection and half of the next.
public struct ImageDetailTexts: Equatable, Sendable {
    /// The Pixabay id of the image.
    public var id: UInt64?
    /// The full-size image's dimensions, e.g. `"1500 x 3000"`.
    public var pageImageSizeText: String?
    /// The tags joined with commas.
    public var tagText: String?
    /// The uploader's name.
    public var usernameText: String?
    /// The view count, formatted.
    public var viewCountText: String?
    /// The download count, formatted.
    public var downloadCountText: String?
    /// The like count, formatted.
    public var likeCountText: String?
    /// The address of the image's page, as a browser shows it.
    public var pageURLText: String?

    /// Texts given one by one (for stubs and tests); every one `nil` by default.
    ///
    /// - Parameters:
    ///   - id: The Pixabay id of the image.
    ///   - pageImageSizeText: The full-size image's dimensions.
    ///   - tagText: The tags joined with commas.
    ///   - usernameText: The uploader's name.
    ///   - viewCountText: The view count, formatted.
    ///   - downloadCountText: The download count, formatted.
    ///   - likeCountText: The like count, formatted.
    ///   - pageURLText: The address of the image's page.
    public init(
        id: UInt64? = nil, pageImageSizeText: String? = nil, tagText: String? = nil,
        usernameText: String? = nil, viewCountText: String? = nil,
        downloadCountText: String? = nil, likeCountText: String? = nil,
        pageURLText: String? = nil
    ) {
        self.id = id
        self.pageImageSizeText = pageImageSizeText
        self.tagText = tagText
        self.usernameText = usernameText
        self.viewCountText = viewCountText
        self.downloadCountText = downloadCountText
        self.likeCountText = likeCountText
        self.pageURLText = pageURLText
    }

    /// The texts of `entity`, counts formatted for `locale`.
    init(_ entity: ImageEntity?, locale: Locale) {
        id = entity?.id
        pageImageSizeText = entity.map(ResultText.pageImageSize(of:))
        tagText = entity.map(ResultText.tags(of:))
        usernameText = entity?.username
        viewCountText = entity.map { ResultText.count($0.viewCount, locale: locale) }
        downloadCountText = entity.map { ResultText.count($0.downloadCount, locale: locale) }
        likeCountText = entity.map { ResultText.count($0.likeCount, locale: locale) }
        pageURLText = entity.map { WebAddress.shown($0.pageURL) }
    }
}
