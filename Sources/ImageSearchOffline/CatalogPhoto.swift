import Foundation
import ImageSearchModel

/// One photo of the ``OfflineCatalog``: the facts from which a Pixabay-shaped hit is made.
///
/// The records were invented for this project (no real photos, users or statistics); the
/// addresses point at `offline.signalbox.invalid`, a name that can never resolve, and the
/// catalog itself serves the images behind them.
struct CatalogPhoto: Sendable {
    let id: UInt64
    let width: Int
    let height: Int
    let views: Int64
    let downloads: Int64
    let likes: Int64
    let user: String
    let tags: String

    init(
        _ id: UInt64, _ width: Int, _ height: Int, _ views: Int64, _ downloads: Int64,
        _ likes: Int64, _ user: String, _ tags: String
    ) {
        self.id = id
        self.width = width
        self.height = height
        self.views = views
        self.downloads = downloads
        self.likes = likes
        self.user = user
        self.tags = tags
    }

    /// The tags as a list.
    var tagList: [String] { ImageEntity.tags(fromList: tags) }

    /// Every word of every tag, lowercased and reduced to its singular.
    var words: Set<String> {
        Set(tagList.flatMap { OfflineCatalog.words(in: $0) })
    }

    /// The size scaled so that its longer side is `longerSide`.
    func size(longerSide: Int) -> (width: Int, height: Int) {
        let scale = Double(longerSide) / Double(max(width, height, 1))
        return (
            max(1, Int((Double(width) * scale).rounded())),
            max(1, Int((Double(height) * scale).rounded()))
        )
    }

    /// The page address, with a slug of the first tags as Pixabay makes it.
    var pageURL: String {
        let slug = tagList.prefix(3).joined(separator: "-")
            .lowercased()
            .map { $0.isLetter || $0.isNumber ? String($0) : "-" }
            .joined()
        return OfflineCatalog.baseURL + "photos/\(slug)-\(id)/"
    }

    /// The address of the image `longerSide` pixels on its longer side.
    func imageURL(longerSide: Int) -> String {
        let folder = longerSide <= 150 ? "previews" : "images"
        return OfflineCatalog.baseURL + "\(folder)/\(id)_\(longerSide).png"
    }

    /// The hit as Pixabay would send it.
    var hit: CatalogHit {
        let preview = size(longerSide: 150)
        let web = size(longerSide: 640)
        return CatalogHit(
            id: id, pageURL: pageURL, type: "photo", tags: tagList.joined(separator: ", "),
            previewURL: imageURL(longerSide: 150), previewWidth: preview.width,
            previewHeight: preview.height,
            webformatURL: imageURL(longerSide: 640), webformatWidth: web.width,
            webformatHeight: web.height,
            largeImageURL: imageURL(longerSide: 1280), imageWidth: width, imageHeight: height,
            imageSize: Int64(width) * Int64(height) / 4, views: views, downloads: downloads,
            collections: likes / 3, likes: likes, comments: likes / 10,
            userID: UInt64(abs(user.hashValueStable) % 9_000_000 + 1_000_000), user: user,
            userImageURL: "")
    }
}

/// A hit with every key Pixabay sends, for encoding the catalog's JSON.
struct CatalogHit: Encodable, Sendable {
    let id: UInt64
    let pageURL: String
    let type: String
    let tags: String
    let previewURL: String
    let previewWidth: Int
    let previewHeight: Int
    let webformatURL: String
    let webformatWidth: Int
    let webformatHeight: Int
    let largeImageURL: String
    let imageWidth: Int
    let imageHeight: Int
    let imageSize: Int64
    let views: Int64
    let downloads: Int64
    let collections: Int64
    let likes: Int64
    let comments: Int64
    let userID: UInt64
    let user: String
    let userImageURL: String

    private enum CodingKeys: String, CodingKey {
        case id, pageURL, type, tags, previewURL, previewWidth, previewHeight, webformatURL
        case webformatWidth, webformatHeight, largeImageURL, imageWidth, imageHeight, imageSize
        case views, downloads, collections, likes, comments, user, userImageURL
        case userID = "user_id"
    }
}

extension String {
    /// A hash that is the same in every run (Swift's `hashValue` is seeded per process).
    fileprivate var hashValueStable: Int {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for byte in utf8 {
            hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211
        }
        return Int(truncatingIfNeeded: hash >> 1)
    }
}
