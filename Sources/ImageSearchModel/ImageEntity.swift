import Foundation

/// One image found by a search, as Pixabay describes it.
///
/// Decoded from a Pixabay hit with these keys (other keys are ignored):
///
/// | property | JSON key | note |
/// | --- | --- | --- |
/// | `id` | `id` | a number or a string of digits |
/// | `pageURL` | `pageURL` | |
/// | `pageImageWidth`, `pageImageHeight` | `imageWidth`, `imageHeight` | the original's size |
/// | `previewURL`, `previewWidth`, `previewHeight` | same names | |
/// | `imageURL`, `imageWidth`, `imageHeight` | `webformatURL`, `webformatWidth`, `webformatHeight` | |
/// | `viewCount`, `downloadCount`, `likeCount` | `views`, `downloads`, `likes` | |
/// | `tags` | `tags` | comma-separated, trimmed; missing → `[]` |
/// | `username` | `user` | |
///
/// Every key but `tags` is required: a hit without one fails to decode, and a search that
/// receives it fails with `.incorrectDataReturned`.
///
/// Bounded: the decoder keeps at most ``maximumTextLength`` bytes of the user name and of
/// each tag (cut at a character boundary, with `…`), at most ``maximumTagCount`` tags, and
/// refuses an address longer than ``maximumURLLength`` bytes (a cut address would be wrong):
/// such a hit is malformed. A server cannot make the client hold more than that per hit.
public struct ImageEntity: Equatable, Hashable, Sendable {
    /// The most UTF-8 bytes kept of the user name and of each tag: 256.
    public static let maximumTextLength = 256
    /// The most tags kept: 50.
    public static let maximumTagCount = 50
    /// The longest address accepted, in UTF-8 bytes: 4096.
    public static let maximumURLLength = 4096

    /// Pixabay's identifier of the image.
    public let id: UInt64
    /// The address of the image's page on the web site.
    public let pageURL: String
    /// Width of the original image, in pixels.
    public let pageImageWidth: Int
    /// Height of the original image, in pixels.
    public let pageImageHeight: Int
    /// The address of a small preview (about 150 pixels on its longer side).
    public let previewURL: String
    /// Width of the preview, in pixels.
    public let previewWidth: Int
    /// Height of the preview, in pixels.
    public let previewHeight: Int
    /// The address of a medium-size image (about 640 pixels on its longer side).
    public let imageURL: String
    /// Width of the medium-size image, in pixels.
    public let imageWidth: Int
    /// Height of the medium-size image, in pixels.
    public let imageHeight: Int
    /// How many times the image was viewed.
    public let viewCount: Int64
    /// How many times the image was downloaded.
    public let downloadCount: Int64
    /// How many people liked the image.
    public let likeCount: Int64
    /// The image's tags, in the order given.
    public let tags: [String]
    /// The name of the person who uploaded the image.
    public let username: String

    /// Creates an entity from its fields (for tests, stubs and catalogs).
    ///
    /// No value is checked: the decoder checks what comes from the network.
    ///
    /// - Parameters:
    ///   - id: Pixabay's identifier of the image.
    ///   - pageURL: The address of the image's page on the web site.
    ///   - pageImageWidth: Width of the original image, in pixels.
    ///   - pageImageHeight: Height of the original image, in pixels.
    ///   - previewURL: The address of a small preview.
    ///   - previewWidth: Width of the preview, in pixels.
    ///   - previewHeight: Height of the preview, in pixels.
    ///   - imageURL: The address of a medium-size image.
    ///   - imageWidth: Width of the medium-size image, in pixels.
    ///   - imageHeight: Height of the medium-size image, in pixels.
    ///   - viewCount: How many times the image was viewed.
    ///   - downloadCount: How many times the image was downloaded.
    ///   - likeCount: How many people liked the image.
    ///   - tags: The image's tags, in order.
    ///   - username: The name of the person who uploaded the image.
    public init(
        id: UInt64, pageURL: String, pageImageWidth: Int, pageImageHeight: Int,
        previewURL: String, previewWidth: Int, previewHeight: Int,
        imageURL: String, imageWidth: Int, imageHeight: Int,
        viewCount: Int64, downloadCount: Int64, likeCount: Int64,
        tags: [String], username: String
    ) {
        self.id = id
        self.pageURL = pageURL
        self.pageImageWidth = pageImageWidth
        self.pageImageHeight = pageImageHeight
        self.previewURL = previewURL
        self.previewWidth = previewWidth
        self.previewHeight = previewHeight
        self.imageURL = imageURL
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.viewCount = viewCount
        self.downloadCount = downloadCount
        self.likeCount = likeCount
        self.tags = tags
        self.username = username
    }

    /// Splits Pixabay's comma-separated tag list, trimming blanks and dropping empty tags.
    ///
    /// - Parameter text: For instance `"a, b c, d "`.
    /// - Returns: For instance `["a", "b c", "d"]`.
    public static func tags(fromList text: String) -> [String] {
        text.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
    }
}

extension ImageEntity: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, pageURL, previewURL, previewWidth, previewHeight, tags
        case pageImageWidth = "imageWidth"
        case pageImageHeight = "imageHeight"
        case imageURL = "webformatURL"
        case imageWidth = "webformatWidth"
        case imageHeight = "webformatHeight"
        case viewCount = "views"
        case downloadCount = "downloads"
        case likeCount = "likes"
        case username = "user"
    }

    /// Decodes a Pixabay hit; see the type's table of keys.
    ///
    /// - Parameter decoder: The decoder positioned at one hit.
    /// - Throws: `DecodingError` when a required key is missing or has the wrong type, or the
    ///   id is neither a non-negative integer nor a string of digits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let number = try? container.decode(UInt64.self, forKey: .id) {
            id = number
        } else {
            let text = try container.decode(String.self, forKey: .id)
            guard let number = UInt64(text.trimmingCharacters(in: .whitespaces)) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .id, in: container,
                    debugDescription: "The id is neither a number nor a string of digits.")
            }
            id = number
        }
        pageURL = try Self.address(container, .pageURL)
        pageImageWidth = try container.decode(Int.self, forKey: .pageImageWidth)
        pageImageHeight = try container.decode(Int.self, forKey: .pageImageHeight)
        previewURL = try Self.address(container, .previewURL)
        previewWidth = try container.decode(Int.self, forKey: .previewWidth)
        previewHeight = try container.decode(Int.self, forKey: .previewHeight)
        imageURL = try Self.address(container, .imageURL)
        imageWidth = try container.decode(Int.self, forKey: .imageWidth)
        imageHeight = try container.decode(Int.self, forKey: .imageHeight)
        viewCount = try container.decode(Int64.self, forKey: .viewCount)
        downloadCount = try container.decode(Int64.self, forKey: .downloadCount)
        likeCount = try container.decode(Int64.self, forKey: .likeCount)
        let tagList = try container.decodeIfPresent(String.self, forKey: .tags)
        tags = (tagList.map(Self.tags(fromList:)) ?? []).prefix(Self.maximumTagCount)
            .map(Self.bounded)
        username = Self.bounded(try container.decode(String.self, forKey: .username))
    }

    /// The address under `key`, refused when longer than ``maximumURLLength`` bytes.
    private static func address(
        _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
    ) throws -> String {
        let text = try container.decode(String.self, forKey: key)
        guard text.utf8.count <= maximumURLLength else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "The address is longer than \(maximumURLLength) bytes.")
        }
        return text
    }

    /// `text` cut to at most ``maximumTextLength`` UTF-8 bytes, at a scalar boundary, with an
    /// ellipsis when cut.
    static func bounded<Text: StringProtocol>(_ text: Text) -> String {
        guard text.utf8.count > maximumTextLength else { return String(text) }
        var kept = String.UnicodeScalarView()
        var bytes = 0
        let room = maximumTextLength - "…".utf8.count
        for scalar in text.unicodeScalars {
            let size = String(scalar).utf8.count
            guard bytes + size <= room else { break }
            kept.append(scalar)
            bytes += size
        }
        return String(kept) + "…"
    }
}
