import Foundation

/// One page of search results, as Pixabay sends it.
///
/// Decoded from `{"totalHits": n, "hits": [...]}`; other keys (such as `total`) are ignored.
/// `totalCount` is how many hits the API will deliver for the query over all pages (Pixabay
/// caps it), which is what paging needs.
public struct ResponseEntity: Equatable, Hashable, Sendable {
    /// How many images the query can deliver in all (`totalHits`).
    public let totalCount: Int64
    /// The images of this page (`hits`), in the server's order.
    public let images: [ImageEntity]

    /// Creates a page from its fields (for tests, stubs and catalogs).
    ///
    /// - Parameters:
    ///   - totalCount: How many images the query can deliver in all (`totalHits`).
    ///   - images: The images of this page, in order.
    public init(totalCount: Int64, images: [ImageEntity]) {
        self.totalCount = totalCount
        self.images = images
    }

    /// Decodes a page from the JSON body of a response.
    ///
    /// This is the decoding `ImageSearch` runs in `attemptMap`.
    ///
    /// - Parameter data: The body of a Pixabay search response.
    /// - Returns: The decoded page.
    /// - Throws: `NetworkError.incorrectDataReturned` for anything that is not a complete,
    ///   well-formed page: malformed or truncated JSON, HTML, a missing key, a wrong type.
    public static func decode(from data: Data) throws(NetworkError) -> ResponseEntity {
        do {
            return try JSONDecoder().decode(ResponseEntity.self, from: data)
        } catch {
            throw .incorrectDataReturned
        }
    }
}

extension ResponseEntity: Decodable {
    private enum CodingKeys: String, CodingKey {
        case totalCount = "totalHits"
        case images = "hits"
    }

    /// Decodes `totalHits` and `hits`; both are required.
    ///
    /// - Parameter decoder: The decoder positioned at the response object.
    /// - Throws: `DecodingError` when a key is missing or a hit is malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalCount = try container.decode(Int64.self, forKey: .totalCount)
        images = try container.decode([ImageEntity].self, forKey: .images)
    }
}
