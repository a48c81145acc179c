import Foundation
import ImageSearchModel
import Observation
import Signalbox

/// What one row of search results shows.
public protocol ImageSearchTableViewCellModeling: AnyObject, Observable, Sendable {
    /// The entity the row shows (for front ends that export raw data, such as JSON).
    var image: ImageEntity { get }

    /// The Pixabay id of the image.
    var id: UInt64 { get }

    /// The full-size image's dimensions, e.g. `"1500 x 3000"`.
    var pageImageSizeText: String { get }

    /// The tags joined with commas, e.g. `"a, b"`.
    var tagText: String { get }

    /// The name of the user who uploaded the image.
    var username: String { get }

    /// The number of likes.
    var likeCount: Int64 { get }

    /// The preview image's bytes: `nil` at once, then the image when downloaded (a failed
    /// download sends `nil` again). Once downloaded, the cached image is sent at once with no
    /// leading `nil`.
    ///
    /// - Returns: A producer of optional image bytes that never fails.
    func getPreviewImage() -> SignalProducer<Data?, Never>
}
