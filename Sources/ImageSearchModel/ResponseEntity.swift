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
    /// How many hits the server sent beyond the page size asked for, left out of ``images``
    /// unread (0 for a page of the requested size). A server cannot make the client hold more
    /// than it asked for; a front end reports these like skipped hits.
    public let excessHits: Int

    /// Creates a page from its fields (for tests, stubs and catalogs).
    ///
    /// - Parameters:
    ///   - totalCount: How many images the query can deliver in all (`totalHits`).
    ///   - images: The images of this page, in order.
    ///   - skippedHits: How many malformed hits were left out (default 0; negative counts
    ///     are taken as 0).
    ///   - excessHits: How many hits beyond the page size were left out (default 0;
    ///     negative counts are taken as 0).
    public init(
        totalCount: Int64, images: [ImageEntity], skippedHits: Int = 0, excessHits: Int = 0
    ) {
        self.totalCount = totalCount
        self.images = images
        self.skippedHits = max(0, skippedHits)
        self.excessHits = max(0, excessHits)
    }

    /// This page with at most `limit` images; those beyond are counted in ``excessHits``.
    ///
    /// - Parameter limit: The page size asked for (at least 0).
    /// - Returns: The page, unchanged if it holds no more than `limit` images.
    public func keepingAtMost(_ limit: Int) -> ResponseEntity {
        let limit = max(0, limit)
        guard images.count > limit else { return self }
        return ResponseEntity(
            totalCount: totalCount, images: Array(images.prefix(limit)),
            skippedHits: skippedHits,
            excessHits: excessHits.addingReportingOverflow(images.count - limit).partialValue)
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
        try decode(from: data, keepingAtMost: nil)
    }

    /// Decodes a page, keeping at most `limit` hits: the rest are stepped over without being
    /// decoded, and counted in ``excessHits``.
    ///
    /// - Parameters:
    ///   - data: The body of a Pixabay search response.
    ///   - limit: The page size asked for; `nil` keeps every hit.
    /// - Returns: The decoded page.
    /// - Throws: `NetworkError.incorrectDataReturned`, as ``decode(from:)``.
    public static func decode(from data: Data, keepingAtMost limit: Int?) throws(NetworkError)
        -> ResponseEntity
    {
        let decoder = JSONDecoder()
        if let limit { decoder.userInfo[hitLimitKey] = max(0, limit) }
        do {
            return try decoder.decode(ResponseEntity.self, from: data)
        } catch {
            throw .incorrectDataReturned
        }
    }

    /// Where ``decode(from:keepingAtMost:)`` tells the decoder its limit.
    static let hitLimitKey = CodingUserInfoKey(rawValue: "ImageSearchModel.hitLimit")!
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
        let limit = decoder.userInfo[Self.hitLimitKey] as? Int ?? Int.max
        var images: [ImageEntity] = []
        var skipped = 0
        var excess = 0
        while !hits.isAtEnd {
            if images.count >= limit {
                _ = try hits.decode(SkippedHit.self)
                excess += 1
            } else if let image = try? hits.decode(ImageEntity.self) {
                images.append(image)
            } else {
                // A failed decode does not move the container on: step over the element.
                _ = try hits.decode(SkippedHit.self)
                skipped += 1
            }
        }
        self.images = images
        skippedHits = skipped
        excessHits = excess
    }
}

/// Any JSON value, decoded only to step over a malformed hit.
private struct SkippedHit: Decodable {
    init(from decoder: any Decoder) throws {}
}
