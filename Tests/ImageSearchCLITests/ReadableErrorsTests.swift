import Foundation
import LoopbackHTTPServer
import TestThreads
import Testing

/// Issue 26, item 5: errors are readable in every mode, and the screen says where results
/// come from.
@Suite("imagesearch: readable errors, rate-limit waits and the source", .serialized, .ownThreads)
struct ReadableErrorsTests {
    /// A server that refuses "fox" with a 429 asking for `retryAfter` seconds, and answers
    /// any other query with one image.
    static func foxRateLimited(retryAfter: String) throws -> LoopbackHTTPServer {
        let replies = ScriptedReplies { request, _ in
            request.query["q"] == "fox"
                ? .text("slow down", status: 429, headers: ["Retry-After": retryAfter])
                : .json(PixabayPage.json(totalHits: 1, count: 1))
        }
        return try LoopbackHTTPServer(handler: replies.handler)
    }

    static let down = "\u{1B}[B"

    @Test("a failed page's whole message is on the screen, wrapped, above the rows' status")
    func wholeMessageWrapped() throws {
        let reason =
            "the page parameter went beyond what this fixture server is willing to serve today"
        let replies = ScriptedReplies { request, _ in
            request.query["page"] == "2"
                ? .text(reason, status: 400)
                : .json(PixabayPage.json(totalHits: 10, count: 5))
        }
        let server = try LoopbackHTTPServer(handler: replies.handler)
        defer { server.stop() }
        let terminal = try FullScreenRetryTests.terminal(
            server, ["--per-page", "5"], columns: 60, rows: 20)
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen(showing: "tester104"))
        terminal.type(Self.down)
        #expect(terminal.waitForScreen(showing: "rejected"))
        let words = ("The request was rejected: " + reason).split(separator: " ")
        let shown = terminal.screen.lines.joined(separator: " ").split(separator: " ")
        let missing = words.filter { word in !shown.contains { $0.contains(word) } }
        #expect(missing.isEmpty, "not shown: \(missing)\n\(terminal.screen.text)")
        #expect(terminal.screen.text.contains("tester100"), "the rows stay")
        terminal.type("\u{03}")
        _ = terminal.waitForExit()
    }

    @Test("a query over 100 characters says so, sends nothing, and blames neither server nor key")
    func queryTooLong() throws {
        let server = try LoopbackHTTPServer { _ in .json(PixabayPage.json(totalHits: 1, count: 1)) }
        defer { server.stop() }
        let terminal = try FullScreenRetryTests.terminal(server)
        #expect(terminal.wait(for: "Search:"))
        terminal.type(String(repeating: "a", count: 101))
        #expect(terminal.waitForScreen(showing: "Query too long (max 100"))
        #expect(!terminal.screen.text.contains("API key"))
        #expect(!terminal.screen.text.contains("rejected"))
        #expect(server.requests.isEmpty)
        terminal.type("\u{03}")
        _ = terminal.waitForExit()
    }

    @Test("full screen: a search waiting for the rate limit says so in the status line")
    func rateLimitFullScreen() throws {
        let server = try Self.foxRateLimited(retryAfter: "4")
        defer { server.stop() }
        let terminal = try FullScreenRetryTests.terminal(server)
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen(showing: "Too many requests"))
        terminal.type("y")
        #expect(terminal.waitForScreen(showing: "for the rate limit"), "\(terminal.screen.text)")
        #expect(terminal.waitForScreen(showing: "tester100"), "then the search is sent")
        terminal.type("\u{03}")
        _ = terminal.waitForExit()
    }

    @Test("full screen: after a 429, the wait counts down live and the search goes again by itself")
    func rateLimitCountdownFullScreen() throws {
        let replies = ScriptedReplies { request, earlier in
            request.query["q"] == "fox" && earlier == 0
                ? .text("slow down", status: 429, headers: ["Retry-After": "2"])
                : .json(PixabayPage.json(totalHits: 1, count: 1))
        }
        let server = try LoopbackHTTPServer(handler: replies.handler)
        defer { server.stop() }
        let terminal = try FullScreenRetryTests.terminal(server)
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(
            terminal.waitForScreen(showing: "Searching again in 2 s"), "\(terminal.screen.text)")
        #expect(terminal.waitForScreen(showing: "Searching again in 1 s"), "counted down live")
        // No key pressed: the search is sent again when the wait is over.
        #expect(
            terminal.waitForScreen(showing: "tester100", timeout: 30), "\(terminal.screen.text)")
        #expect(server.requests.filter { $0.query["q"] == "fox" }.count == 2)
        terminal.type("\u{03}")
        _ = terminal.waitForExit()
    }

    @Test("line mode: a search waiting for the rate limit says so instead of waiting silently")
    func rateLimitLineMode() throws {
        let server = try Self.foxRateLimited(retryAfter: "2")
        defer { server.stop() }
        let result = try CommandRunner.run(
            ["-i", "--api-key", "k-1", "--base-url", server.baseURL + "/api/", "--no-cache"],
            input: "fox\ncat\n:q\n")
        #expect(result.stderr.contains("for the rate limit"), "\(result.stderr)")
        #expect(result.stdout.contains("1 of 1 image for \"cat\""))
    }

    @Test(
        "line mode: a Retry-After of a billion seconds holds the next search no longer than --timeout"
    )
    func retryAfterBoundedByTimeout() throws {
        let server = try Self.foxRateLimited(retryAfter: "1000000000")
        defer { server.stop() }
        let start = Date()
        let result = try CommandRunner.run(
            [
                "-i", "--api-key", "k-1", "--base-url", server.baseURL + "/api/", "--no-cache",
                "--timeout", "2",
            ],
            input: "fox\ncat\n:q\n", timeout: 120)
        // Before, the next search waited 3,600 s (the library's cap) whatever --timeout said.
        #expect(Date().timeIntervalSince(start) < 60)
        #expect(result.stderr.contains("for the rate limit"), "\(result.stderr)")
        #expect(result.stdout.contains("1 of 1 image for \"cat\""), "\(result.stdout)")
    }

    @Test("line mode: the end of input ends a wait for the rate limit at once")
    func endOfInputWhileWaiting() throws {
        let server = try Self.foxRateLimited(retryAfter: "30")
        defer { server.stop() }
        let start = Date()
        let result = try CommandRunner.run(
            [
                "-i", "--api-key", "k-1", "--base-url", server.baseURL + "/api/", "--no-cache",
                "--timeout", "30",
            ],
            input: "fox\ncat\n", timeout: 120)
        let elapsed = Date().timeIntervalSince(start)
        // Before, "cat" waited the server's 30 s, with nobody left to read its results.
        #expect(elapsed < 15, "took \(elapsed) s")
        #expect(result.stderr.contains("End of input"), "\(result.stderr)")
        #expect(result.status == 1)
        #expect(server.requests.filter { $0.query["q"] == "cat" }.isEmpty)
    }

    @Test(
        "a key= inside --base-url is never printed: not in the 404 sentence, not echoed by the server"
    )
    func keyInsideBaseURL() throws {
        let secret = "inline-0123456789abcdef"
        let server = try LoopbackHTTPServer { request in
            .text("no such page: " + request.target, status: 404)
        }
        defer { server.stop() }
        let result = try CommandRunner.run([
            "--api-key", "k-0123456789", "--base-url", server.baseURL + "/api/?key=\(secret)",
            "--no-cache", "fox",
        ])
        #expect(result.status == 1)
        #expect(
            server.requests.first?.target.contains(secret) == true,
            "it is still sent to that server")
        #expect(!result.stderr.contains(secret), "\(result.stderr)")
        #expect(!result.stdout.contains(secret))
    }

    @Test("the status line names the server searched, not Pixabay")
    func statusNamesServer() throws {
        let server = try LoopbackHTTPServer { _ in .json(PixabayPage.json(totalHits: 3, count: 3)) }
        defer { server.stop() }
        let terminal = try FullScreenRetryTests.terminal(server)
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen(showing: "tester102"))
        let host = server.baseURL.replacingOccurrences(of: "http://", with: "")
        #expect(terminal.waitForScreen { $0.lines.last?.contains(host) == true })
        #expect(!terminal.screen.text.contains("Pixabay"))
        terminal.type("\u{03}")
        _ = terminal.waitForExit()
    }

    @Test("--base-url without a key is a usage error in every mode, naming what to add")
    func baseURLWithoutKey() throws {
        let arguments = ["--base-url", "http://127.0.0.1:9/api/"]
        let oneShot = try CommandRunner.run(arguments + ["fox"])
        #expect(oneShot.status == 2)
        #expect(oneShot.stdout.isEmpty, "\(oneShot.stdout)")
        #expect(oneShot.stderr.contains("--base-url"), "\(oneShot.stderr)")
        #expect(oneShot.stderr.contains("--api-key"))
        let lineMode = try CommandRunner.run(arguments + ["-i"], input: "fox\n")
        #expect(lineMode.status == 2)
        #expect(lineMode.stderr.contains("needs an API key"), "\(lineMode.stderr)")
        let terminal = try PseudoTerminal(arguments + ["-i"])
        #expect(terminal.waitForExit() == 2)
        #expect(String(decoding: terminal.output, as: UTF8.self).contains("needs an API key"))
    }
}
