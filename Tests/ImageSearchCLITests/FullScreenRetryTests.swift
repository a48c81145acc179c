import Foundation
import LoopbackHTTPServer
import TestThreads
import Testing

/// Issue 26, items 1 and 2: a failed or cancelled search can be run again, and the screen
/// never claims what is not so.
@Suite("imagesearch full screen: retry and honest states", .serialized, .ownThreads)
struct FullScreenRetryTests {
    static let controlC = "\u{03}"
    static let controlR = "\u{12}"
    static let down = "\u{1B}[B"

    /// `imagesearch -i` against `server`, with the key and no cache.
    static func terminal(
        _ server: LoopbackHTTPServer, _ extra: [String] = [], environment: [String: String] = [:],
        columns: Int = 100, rows: Int = 30
    ) throws -> PseudoTerminal {
        try PseudoTerminal(
            ["-i", "--api-key", "k-1", "--base-url", server.baseURL + "/api/", "--no-cache"]
                + extra, environment: environment, columns: columns, rows: rows)
    }

    static func requests(_ server: LoopbackHTTPServer, query: String, page: String = "1") -> Int {
        server.requests.filter { $0.query["q"] == query && ($0.query["page"] ?? "1") == page }
            .count
    }

    @Test("after an error, Enter searches the same query again")
    func enterRetriesAfterError() throws {
        let replies = ScriptedReplies { _, earlier in
            earlier == 0
                ? .text("boom", status: 500) : .json(PixabayPage.json(totalHits: 3, count: 3))
        }
        let server = try LoopbackHTTPServer(handler: replies.handler)
        defer { server.stop() }
        let terminal = try Self.terminal(server)
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen(showing: "HTTP 500"))
        terminal.type("\r")
        #expect(terminal.waitForScreen(showing: "tester100"), "the rows of the second try")
        #expect(Self.requests(server, query: "fox") == 2)
        terminal.type(Self.controlC)
        _ = terminal.waitForExit()
    }

    @Test("after a cancel, Ctrl-R searches the same query again")
    func controlRRetriesAfterCancel() throws {
        let replies = ScriptedReplies { _, earlier in
            earlier == 0 ? .hold : .json(PixabayPage.json(totalHits: 3, count: 3))
        }
        let server = try LoopbackHTTPServer(handler: replies.handler)
        defer { server.stop() }
        let terminal = try Self.terminal(server, ["--timeout", "30"])
        #expect(terminal.wait(for: "Search:"))
        terminal.type("owl")
        #expect(server.waitForRequest(timeout: 10))
        terminal.type(Self.controlC)
        #expect(terminal.waitForScreen(showing: "cancelled"))
        terminal.type(Self.controlR)
        #expect(terminal.waitForScreen(showing: "tester100"), "the rows of the second try")
        #expect(Self.requests(server, query: "owl") == 2)
        terminal.type(Self.controlC)
        _ = terminal.waitForExit()
    }

    @Test(
        "a next page that failed is asked again at the end of the list, or with Enter",
        arguments: [String(repeating: down, count: 6), "\r"])
    func failedPageAskedAgain(keys: String) throws {
        let replies = ScriptedReplies { request, earlier in
            let page = Int(request.query["page"] ?? "1") ?? 1
            if page == 2 && earlier == 0 { return .text("boom", status: 500) }
            return .json(PixabayPage.json(totalHits: 10, count: 5, firstID: 100 + (page - 1) * 5))
        }
        let server = try LoopbackHTTPServer(handler: replies.handler)
        defer { server.stop() }
        let terminal = try Self.terminal(server, ["--per-page", "5"])
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen(showing: "tester104"))
        terminal.type(Self.down)  // near the end: page 2 is asked for, and fails
        #expect(terminal.waitForScreen(showing: "HTTP 500"))
        #expect(terminal.screen.text.contains("tester100"), "the loaded rows stay")
        terminal.type(keys)
        #expect(terminal.waitForScreen(showing: "tester109"), "page 2 arrived on the second try")
        #expect(Self.requests(server, query: "fox", page: "2") == 2)
        terminal.type(Self.controlC)
        _ = terminal.waitForExit()
    }

    @Test("a query waiting for its debounce is pending; the status quotes the rows' query")
    func pendingQuery() throws {
        let terminal = try PseudoTerminal(["-i", "--offline"])
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen(showing: "14 of 14 images"))
        let mark = terminal.output.count
        terminal.type("zzz")
        #expect(terminal.wait(for: "pending", from: mark), "the typed query is shown as pending")
        #expect(terminal.waitForScreen(showing: "No images found"))
        let shown = terminal.text(from: mark)
        for quote in ["\"foxzzz\"", "“foxzzz”"] {
            #expect(!shown.contains("images for \(quote)"), "old rows labelled with the new query")
        }
        #expect(!shown.contains("No images found for \"fox\""))
        terminal.type(Self.controlC)
        _ = terminal.waitForExit()
    }

    @Test("a cancelled search says cancelled, never \"No images found\"")
    func cancelledIsNotEmpty() throws {
        let server = try LoopbackHTTPServer { _ in .hold }
        defer { server.stop() }
        let terminal = try Self.terminal(server, ["--timeout", "30"])
        #expect(terminal.wait(for: "Search:"))
        terminal.type("owl")
        #expect(server.waitForRequest(timeout: 10))
        let mark = terminal.output.count
        terminal.type(Self.controlC)
        #expect(terminal.waitForScreen { $0.text.contains("cancelled") })
        #expect(!terminal.screen.text.contains("No images found"))
        #expect(!terminal.text(from: mark).contains("No images found"))
        terminal.type(Self.controlC)
        #expect(terminal.waitForExit() == 130)
    }

    @Test("a notice never hides the spinner of the next search")
    func noticeGivesWayToSearch() throws {
        let server = try LoopbackHTTPServer { request in
            request.query["q"] == "fox"
                ? .json(PixabayPage.json(totalHits: 3, count: 3))
                : .delayed(by: 3, then: .json(PixabayPage.json(totalHits: 1, count: 1)))
        }
        defer { server.stop() }
        // No opener anywhere: Ctrl-O shows "Open this page in a browser: …" as a notice.
        let terminal = try Self.terminal(
            server, environment: ["PATH": "/nonexistent", "BROWSER": ""])
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen(showing: "tester100"))
        terminal.type("\u{0F}")
        #expect(terminal.waitForScreen(showing: "in a browser"))
        terminal.type("y")
        #expect(
            terminal.waitForScreen(timeout: 2.5) { screen in
                screen.lines.last?.contains("Searching") == true
            }, "the status line shows the search of \"foxy\" while the notice would last")
        terminal.type(Self.controlC + Self.controlC)
        _ = terminal.waitForExit()
    }

    @Test("while a new search loads, the previous rows stay, dimmed")
    func previousRowsDimmed() throws {
        let server = try LoopbackHTTPServer { request in
            request.query["q"] == "fox"
                ? .json(PixabayPage.json(totalHits: 3, count: 3))
                : .delayed(
                    by: 3, then: .json(PixabayPage.json(totalHits: 1, count: 1, firstID: 900)))
        }
        defer { server.stop() }
        let terminal = try Self.terminal(server)
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen(showing: "tester102"))
        terminal.type("y")
        #expect(terminal.waitForScreen { $0.lines.last?.contains("Searching") == true })
        let screen = terminal.screen
        let rows = screen.rows(containing: "tester10")
        #expect(rows.count == 3, "the rows of \"fox\" stay while \"foxy\" loads")
        #expect(rows.allSatisfy { screen.isDim(row: $0) }, "and are dimmed")
        #expect(terminal.waitForScreen(showing: "tester900"))
        #expect(
            terminal.screen.rows(containing: "tester900").allSatisfy {
                !terminal.screen.isDim(row: $0)
            })
        terminal.type(Self.controlC)
        _ = terminal.waitForExit()
    }
}
