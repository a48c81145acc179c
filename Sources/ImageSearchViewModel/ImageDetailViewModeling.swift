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

    /// Opens the image's page in another app (a browser); does nothing with no image.
    func openImagePage()
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
