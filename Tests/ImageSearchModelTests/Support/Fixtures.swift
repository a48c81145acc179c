import Foundation
import ImageSearchModel

/// JSON and entities shaped like Pixabay's, for decoding and search tests.
enum Fixtures {
    /// The fields of one hit, as JSON values (strings are already quoted).
    static func hitFields(id: UInt64 = 256) -> [String: String] {
        [
            "id": "\(id)",
            "pageURL": #""https://pixabay.com/photos/fox-\#(id)/""#,
            "type": #""photo""#,
            "tags": #""a, b c, d ""#,
            "previewURL": #""https://cdn.pixabay.com/preview/\#(id).jpg""#,
            "previewWidth": "150",
            "previewHeight": "100",
            "webformatURL": #""https://pixabay.com/get/\#(id)_640.jpg""#,
            "webformatWidth": "640",
            "webformatHeight": "427",
            "largeImageURL": #""https://pixabay.com/get/\#(id)_1280.jpg""#,
            "imageWidth": "4000",
            "imageHeight": "2667",
            "imageSize": "1234567",
            "views": "123456789",
            "downloads": "2345",
            "collections": "12",
            "likes": "345",
            "comments": "6",
            "user_id": "42",
            "user": #""Jane Doe""#,
            "userImageURL": #""""#,
        ]
    }

    /// A JSON object from fields, in a fixed order.
    static func object(_ fields: [String: String]) -> String {
        "{"
            + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
            .joined(separator: ", ") + "}"
    }

    static func hitJSON(id: UInt64 = 256) -> String { object(hitFields(id: id)) }

    /// The entity `hitJSON(id:)` decodes to.
    static func entity(id: UInt64 = 256) -> ImageEntity {
        ImageEntity(
            id: id, pageURL: "https://pixabay.com/photos/fox-\(id)/",
            pageImageWidth: 4000, pageImageHeight: 2667,
            previewURL: "https://cdn.pixabay.com/preview/\(id).jpg", previewWidth: 150,
            previewHeight: 100,
            imageURL: "https://pixabay.com/get/\(id)_640.jpg", imageWidth: 640, imageHeight: 427,
            viewCount: 123_456_789, downloadCount: 2345, likeCount: 345,
            tags: ["a", "b c", "d"], username: "Jane Doe")
    }

    /// A response body with `count` hits numbered from `firstID`.
    static func responseJSON(totalHits: Int, count: Int, firstID: UInt64 = 1) -> String {
        let hits = (0..<count).map { hitJSON(id: firstID + UInt64($0)) }.joined(separator: ", ")
        return #"{"total": \#(totalHits * 2), "totalHits": \#(totalHits), "hits": [\#(hits)]}"#
    }

    static func responseData(totalHits: Int, count: Int, firstID: UInt64 = 1) -> Data {
        Data(responseJSON(totalHits: totalHits, count: count, firstID: firstID).utf8)
    }

    static func response(totalHits: Int, count: Int, firstID: UInt64 = 1) -> ResponseEntity {
        ResponseEntity(
            totalCount: Int64(totalHits),
            images: (0..<count).map { entity(id: firstID + UInt64($0)) })
    }
}
