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
    /// How many hits of this page were malformed and left out of ``images`` (0 for a clean
    /// page). A front end tells the user that some results were skipped; paging counts them
    /// as delivered, so a page with a skipped hit is not mistaken for a short last page.
    public let skippedHits: Int

    /// Creates a page from its fields (for tests, stubs and catalogs).
    ///
    /// - Parameters:
    ///   - totalCount: How many images the query can deliver in all (`totalHits`).
    ///   - images: The images of this page, in order.
    ///   - skippedHits: How many malformed hits were left out (default 0; negative counts
    ///     are taken as 0).
    public init(totalCount: Int64, images: [ImageEntity], skippedHits: Int = 0) {
        self.totalCount = totalCount
        self.images = images
        self.skippedHits = max(0, skippedHits)
    }

    /// Decodes a page from the JSON body of a response.
    ///
    /// This is the decoding `ImageSearch` runs in `attemptMap`.
    ///
    /// - Parameter data: The body of a Pixabay search response.
    /// - Returns: The decoded page.
    /// - Throws: `NetworkError.incorrectDataReturned` for anything that is not a complete,
    ///   well-formed page: malformed or truncated JSON, HTML, a missing `totalHits` or
    ///   `hits`, a wrong type. One malformed hit does not fail the page: it is left out and
    ///   counted in ``skippedHits``.
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

    /// Decodes `totalHits` and `hits`; both are required, and `hits` must be an array.
    ///
    /// Each hit decodes strictly as an ``ImageEntity``; a hit that does not (a missing key,
    /// a wrong type) is left out and counted in ``skippedHits`` instead of failing the page.
    ///
    /// - Parameter decoder: The decoder positioned at the response object.
    /// - Throws: `DecodingError` when `totalHits` or `hits` is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalCount = try container.decode(Int64.self, forKey: .totalCount)
        var hits = try container.nestedUnkeyedContainer(forKey: .images)
        var images: [ImageEntity] = []
        var skipped = 0
        while !hits.isAtEnd {
            if let image = try? hits.decode(ImageEntity.self) {
                images.append(image)
            } else {
                // A failed decode does not move the container on: step over the element.
                _ = try hits.decode(SkippedHit.self)
                skipped += 1
            }
        }
        self.images = images
        skippedHits = skipped
    }
}

/// Any JSON value, decoded only to step over a malformed hit.
private struct SkippedHit: Decodable {
    init(from decoder: any Decoder) throws {}
}
