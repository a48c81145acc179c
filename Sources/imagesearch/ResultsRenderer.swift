import Foundation
import ImageSearchModel
import ImageSearchViewModel

/// Turns view-model state into lines of text: the results table, the summary, the details.
///
/// It only lays out what the view models already formatted; it makes no decisions about the
/// search. Every text that came from the server goes through ``TerminalText/sanitized(_:)``.
struct ResultsRenderer {
    let terminal: Terminal

    /// The results table, one row per cell model, fitted to the terminal width.
    func table(_ cells: [any ImageSearchTableViewCellModeling], startingAt offset: Int = 0)
        -> [String]
    {
        guard !cells.isEmpty else { return [] }
        let rows = cells.enumerated().map { index, cell in
            [
                String(offset + index + 1), String(cell.id), cell.pageImageSizeText,
                String(cell.likeCount), TerminalText.sanitized(cell.username),
                TerminalText.sanitized(cell.tagText),
            ]
        }
        let header = ["#", "ID", "SIZE", "LIKES", "USER", "TAGS"]
        let rightAligned: Set<Int> = [0, 1, 3]
        var widths = header.map(DisplayWidth.width(of:))
        for row in rows {
            for (column, text) in row.enumerated() {
                widths[column] = max(widths[column], DisplayWidth.width(of: text))
            }
        }
        // On a terminal the table fits its width; piped, nothing is cut.
        if let width = terminal.width {
            widths[4] = min(widths[4], 20)
            let fixed = widths.dropLast().reduce(0, +) + 2 * (widths.count - 1)
            widths[5] = max(8, min(widths[5], width - fixed))
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, text in
                if column == cells.count - 1 {
                    return DisplayWidth.truncate(text, to: widths[column])
                }
                return DisplayWidth.fit(
                    text, to: widths[column], rightAligned: rightAligned.contains(column))
            }
            .joined(separator: "  ")
        }
        return [terminal.style(line(header), "1")] + rows.map(line)
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
