import Foundation
import ImageSearchViewModel
import Testing

@testable import imagesearch

@Suite("the full screen as a function of view-model state")
struct SearchScreenTests {
    static func rows(_ count: Int) -> [ScreenContent.Row] {
        (0..<count).map { index in
            ScreenContent.Row(
                id: UInt64(1000 + index), size: "6000 x 4000", likes: Int64(index),
                user: "user\(index)", tags: "red fox, animal")
        }
    }

    func content(rows count: Int = 5, columns: Int = 100, height: Int = 12) -> ScreenContent {
        var content = ScreenContent(columns: columns, rows: height, query: "fox")
        content.results = Self.rows(count)
        content.status = ImageSearchStatus(
            activity: .loaded(query: "fox"), resultsQuery: count > 0 ? "fox" : nil,
            loaded: count, total: 50)
        content.styled = false
        return content
    }

    /// The plain text of a line (style codes removed).
    func plain(_ line: String) -> String {
        TerminalText.sanitized(line)
    }

    @Test("every line fits the width and the frame fills the height")
    func geometry() {
        for (columns, height) in [
            (100, 30), (60, 20), (40, 8), (20, 5), (15, 4), (10, 3), (5, 2), (2, 1), (1, 1),
        ] {
            let frame = SearchScreen.frame(content(rows: 30, columns: columns, height: height))
            #expect(frame.lines.count == height)
            // One column short of the width (no wrap at the last column), or one column in a
            // window of one.
            #expect(
                frame.lines.allSatisfy { DisplayWidth.width(of: plain($0)) <= max(1, columns - 1) },
                "\(columns) x \(height): \(frame.lines.map(plain))")
        }
    }

    @Test("the search line, the header, the rows with the selection marked, the status")
    func layout() {
        var screen = content()
        screen.selected = 1
        let lines = SearchScreen.frame(screen).lines.map(plain)
        #expect(lines[0].hasPrefix("Search: fox"))
        #expect(lines[1].contains("#") && lines[1].contains("TAGS"))
        #expect(lines[2].hasPrefix(" 1  1000"))
        #expect(lines[3].hasPrefix(">2  1001"))
        #expect(lines[11].contains("2/5 · 5 of 50 images for “fox”"))
        #expect(SearchScreen.frame(screen).cursorColumn == "Search: fox".count)
    }

    @Test("columns line up with CJK and emoji, counted as two columns")
    func wideCharacters() {
        var screen = content(rows: 2)
        screen.results[0].user = "狐狸"
        screen.results[1].user = "ab"
        screen.results[0].tags = "🦊 fox"
        let lines = SearchScreen.frame(screen).lines.map(plain)
        let column = { (line: String, word: String) -> Int? in
            guard let range = line.range(of: word) else { return nil }
            return DisplayWidth.width(of: String(line[..<range.lowerBound]))
        }
        #expect(column(lines[2], "fox").map { $0 - 3 } == column(lines[3], "red"), "🦊 is 2 wide")
        #expect(column(lines[2], "🦊") == column(lines[3], "red"), "狐狸 is 4 wide")
        #expect(DisplayWidth.width(of: "狐狸") == 4)
        #expect(DisplayWidth.width(of: "🦊") == 2)
        #expect(DisplayWidth.width(of: "e\u{301}") == 1)
        #expect(DisplayWidth.width(of: "❤\u{FE0F}") == 2)
        #expect(DisplayWidth.truncate("狐狸狐狸", to: 5) == "狐狸…")
    }

    @Test("server text is sanitised on the screen, and a total is never below what is shown")
    func hostile() {
        var screen = content(rows: 1)
        screen.results[0].user = "\u{1B}]0;pwned\u{07}eve"
        screen.results[0].tags = "a\u{1B}[2Jb\r\nc"
        screen.status = ImageSearchStatus(
            activity: .loaded(query: "fox"), resultsQuery: "fox", loaded: 1, total: -5)
        let frame = SearchScreen.frame(screen)
        // The only escape codes are the layout's own column positions (`CSI n G`).
        let positions = /\u{1B}\[\d+G/
        #expect(!frame.lines.joined().replacing(positions, with: "").contains("\u{1B}"))
        #expect(frame.lines[2].contains("eve") && frame.lines[2].contains("ab  c"))
        #expect(frame.lines.last?.contains("1 of 1 image for") == true)
    }

    @Test("the detail pane shows the detail view model's texts above the status line")
    func detailPane() {
        var screen = content(rows: 3, height: 20)
        screen.mode = .detail
        screen.selected = 2
        screen.detail = ImageDetailTexts(
            id: 1002, pageImageSizeText: "6000 x 4000", tagText: "red fox",
            usernameText: "user2", viewCountText: "1,234", downloadCountText: "5",
            likeCountText: "2", pageURLText: "https://pixabay.com/x/")
        let lines = SearchScreen.frame(screen).lines.map(plain)
        #expect(lines[11].contains("Result 3: image 1002"))
        #expect(lines[14].contains("User:      user2"))
        #expect(lines[18].contains("Page:      https://pixabay.com/x/"))
        #expect(lines[19].contains("Esc close"))
    }

    @Test("the page address is an OSC 8 hyperlink only where supported, and only http(s)")
    func hyperlink() {
        var screen = content(rows: 1, height: 20)
        screen.mode = .detail
        screen.detail = ImageDetailTexts(pageURLText: "https://pixabay.com/x/")
        #expect(!SearchScreen.frame(screen).lines.joined().contains("\u{1B}]8;;"))
        screen.hyperlinks = true
        #expect(
            SearchScreen.frame(screen).lines.joined().contains("\u{1B}]8;;https://pixabay.com/x/"))
        screen.detail = ImageDetailTexts(pageURLText: "file:///etc/passwd")
        #expect(!SearchScreen.frame(screen).lines.joined().contains("\u{1B}]8;;"))
    }

    @Test("an error shows in the list and the status line; the keys replace the list")
    func errorAndHelp() {
        var screen = content(rows: 0)
        screen.status = ImageSearchStatus(
            activity: .failed(query: "fox", error: .serverError(statusCode: 500)))
        let lines = SearchScreen.frame(screen).lines.map(plain)
        #expect(lines[2].hasPrefix("Search for “fox” failed: The server had a problem"))
        #expect(lines[3].hasPrefix("Press Enter or Ctrl-R to try again."))
        #expect(lines[11].hasPrefix("Search failed, Enter retries"))
        screen.mode = .help
        #expect(SearchScreen.frame(screen).lines.map(plain)[2].hasPrefix("Keys"))
    }

    @Test("a failed next page says which page failed and that Enter loads it again; counts stay")
    func nextPageFailure() {
        var screen = content(rows: 20, columns: 100, height: 30)
        screen.query = "owl"
        screen.status = ImageSearchStatus(
            activity: .failed(query: "owl", error: .serverError(statusCode: 503)),
            resultsQuery: "owl", loaded: 20, total: 5_000,
            source: .server(address: "https://pixabay.com/api/"))
        let lines = SearchScreen.frame(screen).lines.map(plain)
        #expect(!lines.joined().contains("Search for “owl” failed"), "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("Loading the images after row 20 failed: ") }, "\(lines)")
        #expect(
            lines.contains { $0.contains("Press Enter or Ctrl-R to load the next page again.") })
        let statusLine = lines[lines.count - 1]
        #expect(statusLine.contains("Next page failed, Enter retries"), "\(statusLine)")
        #expect(statusLine.contains("20 of 5000 images for “owl”"), "the counts fit: \(statusLine)")
        #expect(
            screen.status.text.hasPrefix("Loading the images after row 20 failed: "),
            "line mode and other front ends say it too")
    }

    @Test("scrolling keeps the selection visible, moving as little as possible")
    func scrolling() {
        #expect(SearchScreen.scrollTop(previous: 0, selected: 3, visible: 5, count: 50) == 0)
        #expect(SearchScreen.scrollTop(previous: 0, selected: 5, visible: 5, count: 50) == 1)
        #expect(SearchScreen.scrollTop(previous: 10, selected: 12, visible: 5, count: 50) == 10)
        #expect(SearchScreen.scrollTop(previous: 10, selected: 9, visible: 5, count: 50) == 9)
        #expect(SearchScreen.scrollTop(previous: 48, selected: 49, visible: 5, count: 50) == 45)
        var screen = content(rows: 30)
        screen.selected = 20
        screen.top = 12
        let lines = SearchScreen.frame(screen).lines.map(plain)
        #expect(lines[2].hasPrefix(" 13  1012"))
        #expect(lines.contains { $0.hasPrefix(">21  1020") })
    }

    @Test("the writer redraws only the lines that changed")
    func writer() {
        var writer = ScreenWriter()
        let first = ScreenFrame(lines: ["a", "b", "c"], cursorColumn: 1)
        let full = writer.update(to: first)
        #expect(full.contains("\u{1B}[2J"))
        #expect(full.contains("\u{1B}[1;1H\u{1B}[2Ka") && full.contains("\u{1B}[3;1H\u{1B}[2Kc"))
        #expect(writer.update(to: first) == "")
        let changed = writer.update(to: ScreenFrame(lines: ["a", "B", "c"], cursorColumn: 1))
        #expect(changed.contains("\u{1B}[2;1H\u{1B}[2KB"))
        #expect(!changed.contains("\u{1B}[1;1H") && !changed.contains("\u{1B}[3;1H"))
        #expect(!changed.contains("\u{1B}[2J"))
        writer.invalidate()
        #expect(writer.update(to: first).contains("\u{1B}[2J"))
    }

    @Test("pictures and hyperlinks only on terminals that announce them")
    func capabilities() {
        #expect(TerminalCapabilities.pictureProtocol(["TERM": "xterm-256color"]) == nil)
        #expect(TerminalCapabilities.pictureProtocol(["TERM": "xterm-kitty"]) == .kitty)
        #expect(TerminalCapabilities.pictureProtocol(["TERM_PROGRAM": "iTerm.app"]) == .iTerm)
        #expect(
            TerminalCapabilities.pictureProtocol(["TERM_PROGRAM": "WezTerm", "TMUX": "x"]) == nil)
        #expect(InlinePictures(mode: .never, environment: ["TERM": "xterm-kitty"]) == nil)
        #expect(InlinePictures(mode: .auto, environment: [:]) == nil)
        #expect(InlinePictures(mode: .always, environment: [:])?.pictureProtocol == .iTerm)
        #expect(!TerminalCapabilities.supportsHyperlinks(["TERM": "xterm"]))
        #expect(TerminalCapabilities.supportsHyperlinks(["VTE_VERSION": "7600"]))
    }

    @Test("the search line shows the cursor where it is, and a long query around the cursor")
    func searchLineCursor() {
        var screen = content(columns: 40)
        screen.query = "red fox"
        screen.cursor = 3
        #expect(SearchScreen.frame(screen).cursorColumn == "Search: red".count)
        screen.query = "head " + String(repeating: "x", count: 100) + " tail"
        for cursor in [0, 3, 50, 104, 110] {
            screen.cursor = cursor
            let frame = SearchScreen.frame(screen)
            let line = plain(frame.lines[0])
            #expect(DisplayWidth.width(of: line) <= 39)
            let characters = Array(screen.query)
            // The character under the cursor is shown in the column of the cursor.
            let column = frame.cursorColumn
            if cursor < characters.count {
                #expect(Array(line)[column] == characters[cursor], "cursor \(cursor): \(line)")
            } else {
                let text = line.replacingOccurrences(
                    of: " +$", with: "", options: .regularExpression)
                #expect(text.hasSuffix("tail") && column == text.count, "\(line) \(column)")
            }
        }
    }
}
