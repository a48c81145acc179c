import ImageSearchViewModel

/// The full-screen interface as a pure function of ``ScreenContent``: no state, no output.
///
/// Layout, top to bottom: the search line, the column header, the results list (or the
/// keys, or a message), the detail pane when open, and the status line. Every text that
/// came from a server is passed through ``TerminalText/sanitized(_:)``, and every line is
/// cut to the width by display columns (CJK and emoji count two), one column short of the
/// edge so that no line can wrap even where a terminal's width table differs from ours.
enum SearchScreen {
    static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// Lines of the detail pane: a title and seven fields.
    static let detailHeight = 8
    static let help = [
        "Keys",
        "  type            edit the search; results follow as you type",
        "  Left/Right      move in the search; Home/End (Ctrl-A/E) to an end, Alt-B/F by words",
        "  Backspace/Del   delete a character; Ctrl-U/Ctrl-K to the start/end, Ctrl-W a word",
        "  Up/Down         move (also Ctrl-P/Ctrl-N); PgUp/PgDn by a screen",
        "  Ctrl-Home/End   to the first/last row (also Alt-< and Alt->)",
        "  Enter           show the details        Esc      close them",
        "  Enter, Ctrl-R   after an error or a cancel: search (or load the page) again",
        "  Ctrl-O          open the page in a browser",
        "  Ctrl-C          cancel a search; quit (status 130) when none is running",
        "  Esc             clear the search; quit when it is empty",
        "  F1              this help (also ? when the search is empty)",
    ]

    /// The first row to show so that `selected` is visible, moving as little as possible
    /// from `previous`.
    static func scrollTop(previous: Int, selected: Int, visible: Int, count: Int) -> Int {
        guard visible > 0, count > visible else { return 0 }
        var top = min(max(0, previous), count - visible)
        if selected < top { top = selected }
        if selected >= top + visible { top = selected - visible + 1 }
        return max(0, top)
    }

    /// How many result rows fit, given the size, the pane shown and the lines a problem
    /// takes below the rows.
    ///
    /// The detail pane takes ``detailHeight`` lines when the rest leaves three rows of the
    /// list; in a smaller window it gives way so that the selected row stays visible.
    static func listHeight(_ content: ScreenContent) -> Int {
        var available = max(0, content.rows - 3)
        if !content.results.isEmpty, content.mode != .help {
            available = max(min(1, available), available - problemLines(content).count)
        }
        guard content.mode == .detail, content.detail != nil else { return available }
        return max(min(1, available), available - detailHeight)
    }

    /// Renders `content`.
    static func frame(_ content: ScreenContent) -> ScreenFrame {
        let width = max(1, content.columns - 1)
        var lines: [String] = []
        let (searchLine, cursor) = searchLine(content, width: width)
        lines.append(searchLine)
        // One row (or none): the search line alone.
        guard content.rows > 1 else { return ScreenFrame(lines: lines, cursorColumn: cursor) }
        // The marker column (">" on the selected row), then the shared layout.
        let layout = content.layout ?? ColumnLayout(rows: content.results, width: width - 1)
        lines.append(bold(DisplayWidth.fit(" " + layout.header, to: width), content.styled))
        let listRows = listHeight(content)
        lines += body(content, layout: layout, height: listRows, width: width)
        while lines.count < 2 + listRows { lines.append(blank(width)) }
        if !content.results.isEmpty, content.mode != .help {
            let room = max(0, content.rows - 3 - listRows)
            let problem = problemLines(content).prefix(
                content.mode == .detail ? max(0, room - detailHeight) : room)
            lines += problem.map { DisplayWidth.fit($0, to: width) }
        }
        if content.mode == .detail, let detail = content.detail {
            let paneHeight = max(0, content.rows - 3 - listRows)
            lines += detailPane(
                detail, number: content.selected + 1, content: content, width: width
            )
            .prefix(paneHeight)
            while lines.count < content.rows - 1 { lines.append(blank(width)) }
        }
        while lines.count < content.rows - 1 { lines.append(blank(width)) }
        lines = Array(lines.prefix(max(0, content.rows - 1)))
        if content.rows > 1 { lines.append(statusLine(content, width: width)) }
        return ScreenFrame(lines: Array(lines.prefix(max(1, content.rows))), cursorColumn: cursor)
    }

    private static func blank(_ width: Int) -> String {
        String(repeating: " ", count: width)
    }

    private static func bold(_ text: String, _ styled: Bool) -> String {
        styled ? "\u{1B}[1m" + text + "\u{1B}[0m" : text
    }

    private static func reverse(_ text: String, _ styled: Bool) -> String {
        styled ? "\u{1B}[7m" + text + "\u{1B}[0m" : text
    }

    /// `Search: query` and the cursor's column: the whole query when it fits, else the part
    /// around the cursor, with "…" where it is cut.
    private static func searchLine(_ content: ScreenContent, width: Int) -> (String, Int) {
        let label = "Search: "
        let room = max(2, width - label.count - 1)
        let characters = Array(TerminalText.sanitized(content.query))
        let cursor = min(max(0, content.cursor), characters.count)
        let widths = characters.map { DisplayWidth.width(of: String($0)) }
        var start = 0
        var end = characters.count
        if widths.reduce(0, +) > room {
            // The cursor stays on the line: characters before it while they fit, then after
            // it (two columns kept for the "…" at either end).
            var used = 0
            let after = widths[cursor...].reduce(0, +)
            let back = max((room - 2) / 2, room - 2 - after)
            start = cursor
            while start > 0, used + widths[start - 1] <= back {
                start -= 1
                used += widths[start]
            }
            end = cursor
            while end < characters.count, used + widths[end] <= room - 2 {
                used += widths[end]
                end += 1
            }
        }
        let before = (start > 0 ? "…" : "") + String(characters[start..<cursor])
        let shown = before + String(characters[cursor..<end]) + (end < characters.count ? "…" : "")
        let text = DisplayWidth.fit(label + shown, to: width)
        let line =
            content.styled
            ? "\u{1B}[1m" + label + "\u{1B}[0m" + String(text.dropFirst(label.count)) : text
        return (line, min(width, label.count + DisplayWidth.width(of: before)))
    }

    /// The results, the keys, or a message where the results would be.
    private static func body(
        _ content: ScreenContent, layout: ColumnLayout, height: Int, width: Int
    ) -> [String] {
        guard height > 0 else { return [] }
        if content.mode == .help {
            return help.prefix(height).map { DisplayWidth.fit($0, to: width) }
        }
        if content.results.isEmpty {
            return message(for: content).flatMap { wrap($0, width: width) }.prefix(height)
                .map { DisplayWidth.fit($0, to: width) }
        }
        // Rows older than the search running or typed stay, dimmed.
        let stale = content.status.resultsAreStale && content.styled
        let top = min(max(0, content.top), max(0, content.results.count - 1))
        return content.results.indices.dropFirst(top).prefix(height).map { index in
            let isSelected = index == content.selected
            var text = DisplayWidth.fit(
                (isSelected ? ">" : " ")
                    + layout.line(content.results[index], number: index + 1, origin: 1),
                to: width)
            if isSelected { text = reverse(text, content.styled) }
            return stale ? "\u{1B}[2m" + text + "\u{1B}[0m" : text
        }
    }

    /// The failure or cancel of the latest search, in full, with what to press: shown in
    /// the list area (under the rows when there are rows). Empty when there is none.
    static func problemLines(_ content: ScreenContent) -> [String] {
        let width = max(1, content.columns - 1)
        let status = content.status
        let lines: [String]
        switch status.activity {
        case .failed(let query, let error):
            let sentence = SearchMessages.error(
                error.description, cause: error, baseURL: content.baseURL)
            var failure =
                status.failedOnNextPage
                ? [
                    "Loading the images after row \(status.loaded) failed: \(sentence)",
                    "The rows above are loaded. Press Enter or Ctrl-R to load the next page again.",
                ]
                : [
                    "Search for “\(TerminalText.sanitized(query))” failed: \(sentence)",
                    "Press Enter or Ctrl-R to try again.",
                ]
            if let remaining = content.rateLimitRemaining {
                // The wait the server asked for, counted down; the search goes again by itself.
                let again = status.failedOnNextPage ? "Loading the next page" : "Searching"
                failure[1] = "\(again) again in \(remaining) s (Enter or Ctrl-R: now)."
            }
            lines = failure
        case .cancelled(let query):
            lines = [
                "Search for “\(TerminalText.sanitized(query))” cancelled. "
                    + "Press Enter or Ctrl-R to search again."
            ]
        case .queryTooLong:
            lines = [status.errorMessage.map(TerminalText.sanitized) ?? ""]
        default:
            return []
        }
        return lines.flatMap { wrap($0, width: width) }
    }

    /// What the empty list says.
    private static func message(for content: ScreenContent) -> [String] {
        let status = content.status
        if let pending = status.pendingQuery, !pending.isEmpty {
            return ["“\(TerminalText.sanitized(pending))” pending…"]
        }
        let problem = problemLines(content)
        if !problem.isEmpty { return problem }
        switch status.activity {
        case .idle, .failed, .cancelled, .queryTooLong:
            let source =
                status.source == .offlineCatalog
                ? "Searching the built-in offline catalog (no API key is set)."
                : "Searching \(TerminalText.sanitized(status.source.name ?? "Pixabay"))."
            let setup =
                content.notices.isEmpty ? [source] : content.notices.map(TerminalText.sanitized)
            return ["Type to search; results appear as you type."] + setup + [
                "? or F1 shows the keys."
            ]
        case .searching(let query), .loadingNextPage(let query):
            return ["Searching “\(TerminalText.sanitized(query))”…"]
        case .loaded(let query):
            return ["No images found for “\(TerminalText.sanitized(query))”."]
        }
    }

    /// `text` broken into lines of at most `width` columns at spaces.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if DisplayWidth.width(of: candidate) <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }

    /// The selected result's details: a title and labelled fields.
    private static func detailPane(
        _ detail: ImageDetailTexts, number: Int, content: ScreenContent, width: Int
    ) -> [String] {
        let title = "─ Result \(number): image \(detail.id.map(String.init) ?? "…") "
        let rule = String(repeating: "─", count: max(0, width - DisplayWidth.width(of: title)))
        var lines = [bold(DisplayWidth.fit(title + rule, to: width), content.styled)]
        let fields: [(String, String?)] = [
            ("Size", detail.pageImageSizeText), ("Tags", detail.tagText),
            ("User", detail.usernameText), ("Views", detail.viewCountText),
            ("Downloads", detail.downloadCountText), ("Likes", detail.likeCountText),
        ]
        let textWidth = max(1, width - content.pictureColumns)
        let reserved = String(repeating: " ", count: width - textWidth)
        for (label, value) in fields {
            let text =
                "  " + (label + ":").padding(toLength: 11, withPad: " ", startingAt: 0)
                + (value.map { TerminalText.sanitized($0, prefix: ColumnLayout.shownScalars) }
                    ?? "—")
            lines.append(DisplayWidth.fit(text, to: textWidth) + reserved)
        }
        let page = detail.pageURLText.map(TerminalText.sanitized) ?? "—"
        let prefix = "  Page:      "
        let shown = DisplayWidth.truncate(page, to: max(1, width - prefix.count))
        var line = prefix + shown
        let padding = String(repeating: " ", count: max(0, width - DisplayWidth.width(of: line)))
        if content.hyperlinks,
            let url = detail.pageURLText.flatMap(SystemExternalAppChannel.openable)
        {
            line = prefix + "\u{1B}]8;;\(url)\u{1B}\\" + shown + "\u{1B}]8;;\u{1B}\\"
        }
        lines.append(line + padding)
        return lines
    }

    /// The bottom line: the spinner and the view model's status (or a notice while
    /// nothing runs) on the left, key hints on the right.
    private static func statusLine(_ content: ScreenContent, width: Int) -> String {
        let status = content.status
        var left = TerminalText.sanitized(status.text)
        if case .failed = status.activity, status.pendingQuery == nil {
            // The whole sentence is in the list area: here, what failed and the counts,
            // which a long sentence would push out of a 100-column line.
            let what =
                content.rateLimitRemaining.map { "Rate limited, again in \($0) s" }
                ?? (status.failedOnNextPage ? "Next page failed" : "Search failed")
                + ", Enter retries"
            left = ([what] + [status.countsText].compactMap { $0 })
                .map(TerminalText.sanitized).joined(separator: " · ")
        }
        let busy = status.isSearching || status.pendingQuery != nil
        if let notice = content.notice, !busy { left = TerminalText.sanitized(notice) }
        if status.isSearching {
            left = spinnerFrames[abs(content.spinnerFrame) % spinnerFrames.count] + " " + left
        } else if !content.results.isEmpty, !status.resultsAreStale {
            left = "\(content.selected + 1)/\(content.results.count) · " + left
        }
        let hints: String
        switch content.mode {
        case .detail: hints = "Esc close  ^O open"
        case .help: hints = "F1 close  Esc close"
        case .list: hints = content.query.isEmpty ? "? help  Esc quit" : "F1 help  Esc clear"
        }
        let hintWidth = DisplayWidth.width(of: hints)
        let text: String
        if width >= hintWidth + 20 {
            text = DisplayWidth.fit(left, to: width - hintWidth - 1) + " " + hints
        } else {
            text = DisplayWidth.fit(left, to: width)
        }
        return reverse(text, content.styled)
    }
}
