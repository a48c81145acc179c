import Foundation
import ImageSearchModel
import Observation
import Signalbox

/// What a detail screen shows for one image, as text ready to display.
///
/// Every property is `nil` while no image is selected (or the selection was out of range).
public protocol ImageDetailViewModeling: AnyObject, Observable {
    /// The Pixabay id of the image.
    var id: Property<UInt64?> { get }
    /// The full-size image's dimensions, e.g. `"1500 x 3000"`.
    var pageImageSizeText: Property<String?> { get }
    /// The tags joined with commas.
    var tagText: Property<String?> { get }
    /// The uploader's name.
    var usernameText: Property<String?> { get }
    /// The view count, formatted for `locale`.
    var viewCountText: Property<String?> { get }
    /// The download count, formatted for `locale`.
    var downloadCountText: Property<String?> { get }
    /// The like count, formatted for `locale`.
    var likeCountText: Property<String?> { get }
    /// The image's bytes once downloaded.
    var image: Property<Data?> { get }
    /// The address of the image's page on Pixabay.
    var pageURLText: Property<String?> { get }

    /// Every text above as one value, changing once per selection (or locale) change.
    ///
    /// A conformer that does not provide it gets one combined from the eight properties.
    var texts: Property<ImageDetailTexts> { get }

    /// Opens the image's page in another app (a browser); does nothing with no image.
    func openImagePage()
}

extension ImageDetailViewModeling {
    /// The eight text properties combined into one value (`combineLatest`): a conformer that
    /// publishes them one by one is seen changing one text at a time.
    public var texts: Property<ImageDetailTexts> {
        let counts = viewCountText.combineLatest(with: downloadCountText)
            .combineLatest(with: likeCountText)
        return id.combineLatest(with: pageImageSizeText).combineLatest(with: tagText)
            .combineLatest(with: usernameText).combineLatest(with: counts)
            .combineLatest(with: pageURLText)
            .map { rest, pageURL in
                let (((((id, size), tags), user), ((views, downloads), likes))) = rest
                return ImageDetailTexts(
                    id: id, pageImageSizeText: size, tagText: tags, usernameText: user,
                    viewCountText: views, downloadCountText: downloads, likeCountText: likes,
                    pageURLText: pageURL)
            }
    }
}

/// The side of a detail view model that the search screen drives.
public protocol ImageDetailViewModelModifiable: ImageDetailViewModeling {
    /// Shows `imageEntities[index]`; an index out of range clears every property. A new call
    /// cancels the previous image download.
    ///
    /// - Parameters:
    ///   - imageEntities: The found images.
    ///   - index: The position of the one to show.
    func update(_ imageEntities: [ImageEntity], atIndex index: Int)
}
