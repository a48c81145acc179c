import Foundation
import LoopbackHTTPServer
import TestThreads
import Testing

@testable import imagesearch

/// Emoji sequences, flags and other clusters: how many columns the tool counts, and that a
/// terminal counting differently cannot shift the columns after them (issue 36, item 9).
@Suite("wide characters and grapheme clusters", .ownThreads)
struct GraphemeWidthTests {
    /// The clusters the tool counts as terminals that draw grapheme clusters do (kitty,
    /// WezTerm, foot, Ghostty, iTerm2, Windows Terminal), beside what tmux 3.3a drew when
    /// measured (its cursor after printing each) and what a terminal measuring each scalar
    /// with `wcwidth` (xterm, VirtualScreen) draws. Terminals disagree: the tool cannot count
    /// for all of them, so columns are placed absolutely (the test below).
    static let table: [(cluster: String, counted: Int, tmux: Int, perScalar: Int)] = [
        ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", 2, 2, 6),  // family (ZWJ sequence)
        ("\u{1F1EB}\u{1F1F7}", 2, 2, 4),  // flag of France (regional indicators)
        ("\u{1F44D}\u{1F3FD}", 2, 4, 2),  // thumbs up, medium skin tone
        ("\u{2764}\u{FE0F}", 2, 1, 1),  // red heart, emoji presentation
        ("1\u{FE0F}\u{20E3}", 2, 1, 1),  // keycap 1
        ("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", 2, 1, 3),  // rainbow flag
        ("\u{72D0}", 2, 2, 2),  // 狐, wide
        ("e\u{301}", 1, 1, 1),  // e with a combining acute accent
        ("\u{1F98A}", 2, 2, 2),  // fox face
        ("a", 1, 1, 1),
    ]

    @Test("the tool counts each cluster as grapheme-aware terminals draw it")
    func counted() {
        for entry in Self.table {
            #expect(
                DisplayWidth.width(of: Character(entry.cluster)) == entry.counted,
                "\(entry.cluster.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(DisplayWidth.width(of: entry.cluster) == entry.counted)
        }
    }

    @Test("a per-scalar terminal draws the clusters as the table says (the model is right)")
    func perScalarModel() {
        for entry in Self.table {
            var screen = VirtualScreen(columns: 20, rows: 1)
            screen.feed(Array(entry.cluster.utf8) + Array("|".utf8))
            let bar = screen.cells[0].firstIndex { $0.text == "|" }
            #expect(bar == entry.perScalar, "\(entry.cluster): | at \(String(describing: bar))")
        }
    }

    @Test("control sequences take no columns, and a cut never splits one")
    func sequencesTakeNoColumns() {
        #expect(DisplayWidth.width(of: "ab\u{1B}[12Gcd") == 4)
        #expect(DisplayWidth.truncate("ab\u{1B}[12Gcdef", to: 4) == "ab\u{1B}[12Gc…")
        #expect(DisplayWidth.fit("a\u{1B}[5Gb", to: 4) == "a\u{1B}[5Gb  ")
        let link = "\u{1B}]8;;https://x.example/\u{1B}\\page\u{1B}]8;;\u{1B}\\"
        #expect(DisplayWidth.width(of: link) == 4, "a hyperlink counts its text only")
    }

    /// Rows whose user names are the table's clusters, then a plain one.
    static var rows: [ScreenContent.Row] {
        (table.map(\.cluster) + ["bob"]).enumerated().map { index, user in
            ScreenContent.Row(
                id: UInt64(100 + index), size: "640 x 480", likes: 7, user: user + " x",
                tags: "TAG\(index)")
        }
    }

    @Test("full screen: on a terminal that counts clusters differently, TAGS stays in place")
    func fullScreenColumnsStay() {
        var content = ScreenContent(columns: 80, rows: 20, query: "fox")
        content.styled = false
        content.results = Self.rows
        var writer = ScreenWriter()
        var screen = VirtualScreen(columns: 80, rows: 20)
        screen.feed(Array(writer.update(to: SearchScreen.frame(content)).utf8))
        let starts = Self.rows.indices.compactMap { index -> Int? in
            let row = screen.rows(containing: "TAG\(index)").first
            return row.flatMap { row in tagColumn(in: screen, row: row, tag: "TAG\(index)") }
        }
        #expect(starts.count == Self.rows.count, "\(screen.text)")
        #expect(Set(starts).count == 1, "TAGS starts at columns \(starts)\n\(screen.text)")
        // The text of a row after a cluster is still there: nothing but its own cell moved.
        #expect(screen.rows(containing: "bob x").count == 1, "\(screen.text)")
    }

    @Test("printed table on a terminal: columns placed absolutely; piped: plain text")
    func printedTable() {
        let layout = ColumnLayout(rows: Self.rows, width: 80)
        var screen = VirtualScreen(columns: 80, rows: Self.rows.count + 1)
        for (index, row) in Self.rows.enumerated() {
            screen.feed(Array(("\r" + layout.line(row, number: index + 1, origin: 0) + "\n").utf8))
        }
        let starts = Self.rows.indices.compactMap { index in
            screen.rows(containing: "TAG\(index)").first.flatMap {
                tagColumn(in: screen, row: $0, tag: "TAG\(index)")
            }
        }
        #expect(Set(starts).count == 1 && starts.count == Self.rows.count, "\(starts)")
        #expect(!layout.line(Self.rows[0], number: 1).contains("\u{1B}"), "plain without origin")
    }

    @Test("the running program: TAGS stays in place on a terminal that counts per character")
    func pseudoTerminal() throws {
        let users = Self.table.map(\.cluster) + ["bob"]
        let hits = users.enumerated().map { index, user in
            """
            {"id":\(100 + index),"pageURL":"https://pixabay.com/p/\(index)/","tags":"TAG\(index)",\
            "previewURL":"https://cdn.example/p.png","previewWidth":150,"previewHeight":100,\
            "webformatURL":"https://cdn.example/w.png","webformatWidth":640,\
            "webformatHeight":427,"imageWidth":640,"imageHeight":480,"views":1,\
            "downloads":2,"likes":7,"user":"\(user) x"}
            """
        }
        let page =
            "{\"total\":\(users.count),\"totalHits\":\(users.count),"
            + "\"hits\":[\(hits.joined(separator: ","))]}"
        let server = try LoopbackHTTPServer { _ in .json(page) }
        defer { server.stop() }
        let terminal = try PseudoTerminal(
            [
                "-i", "--api-key", "k-12345678", "--base-url", server.baseURL + "/api/",
                "--no-cache",
            ], columns: 100, rows: 30)
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        let last = "TAG\(users.count - 1)"
        #expect(terminal.waitForScreen(showing: last), "\(terminal.screen.text)")
        let screen = terminal.screen
        let starts = users.indices.compactMap { index in
            screen.rows(containing: "TAG\(index)").first.flatMap {
                tagColumn(in: screen, row: $0, tag: "TAG\(index)")
            }
        }
        #expect(starts.count == users.count && Set(starts).count == 1, "\(starts)\n\(screen.text)")
        terminal.type("\u{03}")
        _ = terminal.waitForExit()
    }

    /// The cell where `tag` starts on `row`.
    func tagColumn(in screen: VirtualScreen, row: Int, tag: String) -> Int? {
        let cells = screen.cells[row].map(\.text)
        let first = String(tag.prefix(1))
        return cells.indices.first { start in
            start + tag.count <= cells.count
                && cells[start..<start + tag.count].joined() == tag && cells[start] == first
        }
    }
}
