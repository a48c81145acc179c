import Foundation
import ImageSearchModel
import ImageSearchViewModel

/// The `--json` document: stable field names for scripts.
///
/// Server texts are passed through ``TerminalText/sanitized(_:)`` like everywhere else: a
/// script that prints a field must not replay an escape sequence a server planted.
struct JSONReport: Encodable {
    struct Result: Encodable {
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

    struct Detail: Encodable {
        let index: Int
        let id: UInt64?
        let size: String?
        let tags: String?
        let user: String?
        let views: String?
        let downloads: String?
        let likes: String?
        let pageURL: String?
    }

    let query: String
    let source: String
    let total: Int64
    let loaded: Int
    let results: [Result]
    let detail: Detail?

    static func results(from cells: [any ImageSearchTableViewCellModeling]) -> [Result] {
        cells.enumerated().compactMap { index, cell in
            guard let image = (cell as? ImageSearchTableViewCellModel)?.image else { return nil }
            return Result(
                index: index + 1, id: cell.id, size: cell.pageImageSizeText,
                width: image.pageImageWidth, height: image.pageImageHeight, likes: cell.likeCount,
                views: image.viewCount, downloads: image.downloadCount,
                user: TerminalText.sanitized(cell.username),
                tags: image.tags.map(TerminalText.sanitized),
                pageURL: TerminalText.sanitized(image.pageURL),
                previewURL: TerminalText.sanitized(image.previewURL),
                imageURL: TerminalText.sanitized(image.imageURL))
        }
    }

    static func detail(from viewModel: any ImageDetailViewModeling, index: Int) -> Detail {
        let clean = { (text: String?) in text.map(TerminalText.sanitized) }
        return Detail(
            index: index, id: viewModel.id.value, size: viewModel.pageImageSizeText.value,
            tags: clean(viewModel.tagText.value), user: clean(viewModel.usernameText.value),
            views: viewModel.viewCountText.value, downloads: viewModel.downloadCountText.value,
            likes: viewModel.likeCountText.value, pageURL: clean(viewModel.pageURLText.value))
    }

    func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
