import Foundation
import ImageSearchModel
import ImageSearchViewModel

/// Turns view-model state into lines of text: the results table, the summary, the details.
///
/// It only lays out what the view models already formatted; it makes no decisions about the
/// search. Every text that came from the server goes through ``TerminalText/sanitized(_:)``.
struct ResultsRenderer {
    let terminal: Terminal

    /// The results table, one row per cell model, numbered from `offset + 1`: the same
    /// ``ColumnLayout`` as the full screen, fitted to the terminal's width, its columns
    /// placed absolutely (piped, nothing is cut and no escape code is written).
    func table(_ cells: [any ImageSearchTableViewCellModeling], startingAt offset: Int = 0)
        -> [String]
    {
        guard !cells.isEmpty else { return [] }
        let rows = cells.map(ScreenContent.Row.init)
        let layout = ColumnLayout(
            rows: rows, width: terminal.width, lastNumber: offset + rows.count)
        // On a terminal, columns are placed absolutely: a character it draws wider than
        // counted shifts nothing after its cell. Piped, the table is plain text.
        let positioned = terminal.stdoutIsTerminal && !terminal.isDumb
        return [terminal.style(layout.header, "1")]
            + rows.enumerated().map { index, row in
                layout.line(row, number: offset + index + 1, origin: positioned ? 0 : nil)
            }
    }

    /// `20 of 523 images for "red fox"`.
    func summary(loaded: Int, total: Int64, query: String) -> String {
        let noun = total == 1 ? "image" : "images"
        return "\(loaded) of \(total) \(noun) for \"\(query)\""
    }

    /// The detail view model's texts, one labelled line each.
    func detail(_ viewModel: any ImageDetailViewModeling, number: Int) -> [String] {
        let fields: [(String, String?)] = [
            ("Size", viewModel.pageImageSizeText.value),
            ("Tags", viewModel.tagText.value),
            ("User", viewModel.usernameText.value),
            ("Views", viewModel.viewCountText.value),
            ("Downloads", viewModel.downloadCountText.value),
            ("Likes", viewModel.likeCountText.value),
            ("Page", viewModel.pageURLText.value),
        ]
        let title = "Result \(number): image \(viewModel.id.value.map(String.init) ?? "?")"
        return [terminal.style(title, "1")]
            + fields.map { label, value in
                "  " + (label + ":").padding(toLength: 11, withPad: " ", startingAt: 0)
                    + (value.map(TerminalText.sanitized) ?? "—")
            }
    }
}
