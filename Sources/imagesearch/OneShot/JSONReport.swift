import Foundation
import ImageSearchModel
import ImageSearchViewModel

/// The `--json` document: one shape for every outcome, for scripts.
///
/// Every key is always present: `query`, `source`, `total`, `loaded`, `results` (an array of
/// ``Result``), `detail` (a ``Result`` or `null`), `skipped` (malformed hits left out) and
/// `error` (`null`, or `{"message": …, "exitCode": …}` with the exit status the program ends
/// with). Numbers are JSON numbers and tags arrays, in `results` and `detail` alike.
///
/// Server texts are passed through ``TerminalText/sanitized(_:)`` like everywhere else: a
/// script that prints a field must not replay an escape sequence a server planted.
struct JSONReport: Encodable {
    struct Result: Encodable, Equatable {
        let index: Int
        let id: UInt64
        let size: String
        let width: Int
        let height: Int
        let likes: Int64
        let views: Int64
        let downloads: Int64
        let user: String
        let tags: [String]
        let pageURL: String
        let previewURL: String
        let imageURL: String
    }

    struct Failure: Encodable, Equatable {
        let message: String
        let exitCode: Int32
    }

    var query = ""
    var source = ""
    var total: Int64 = 0
    var loaded = 0
    var results: [Result] = []
    var detail: Result?
    var skipped = 0
    var error: Failure?

    private enum CodingKeys: String, CodingKey {
        case query, source, total, loaded, results, detail, skipped, error
    }

    /// Writes every key, `null` included, so the shape never changes.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(query, forKey: .query)
        try container.encode(source, forKey: .source)
        try container.encode(total, forKey: .total)
        try container.encode(loaded, forKey: .loaded)
        try container.encode(results, forKey: .results)
        try container.encode(detail, forKey: .detail)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(error, forKey: .error)
    }

    /// One row per cell model, numbered from 1.
    static func results(from cells: [any ImageSearchTableViewCellModeling]) -> [Result] {
        cells.enumerated().map { index, cell in result(cell.image, index: index + 1) }
    }

    /// The row of `image` at `index` (from 1).
    static func result(_ image: ImageEntity, index: Int) -> Result {
        Result(
            index: index, id: image.id,
            size: "\(image.pageImageWidth) x \(image.pageImageHeight)",
            width: image.pageImageWidth, height: image.pageImageHeight, likes: image.likeCount,
            views: image.viewCount, downloads: image.downloadCount,
            user: TerminalText.sanitized(image.username),
            tags: image.tags.map(TerminalText.sanitized),
            pageURL: TerminalText.sanitized(image.pageURL),
            previewURL: TerminalText.sanitized(image.previewURL),
            imageURL: TerminalText.sanitized(image.imageURL))
    }

    /// A document for a failure before any search (a usage error).
    static func failure(_ message: String, exitCode: Int32) -> JSONReport {
        var report = JSONReport()
        report.error = Failure(message: message, exitCode: exitCode)
        return report
    }

    func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
