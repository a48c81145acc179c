import Foundation
import LoopbackHTTPServer
import Testing

/// A server that answers with ~20,000 header lines keeps FoundationNetworking busy for
/// seconds. Run in a child process, so that the platform's busy work queue cannot slow the
/// rest of the suite (in-process, every session of the process waits for it).
@Suite("imagesearch against a header storm", .serialized)
struct HeaderStormTests {
    /// A 200 whose head holds `lines` short header lines, then a Pixabay page.
    static func storm(lines: Int = 20_000) -> LoopbackHTTPServer.Reply {
        var head = "HTTP/1.1 200 OK\r\nConnection: close\r\n"
        head.reserveCapacity(lines * 16)
        for index in 0..<lines { head += "X-S\(index): v\r\n" }
        let body = PixabayPage.json(totalHits: 1, count: 1)
        return .raw(Data((head + "Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8))
    }

    static func seconds(since start: UInt64) -> TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test("--timeout 1 ends the search after one second, whatever the storm costs")
    func timeoutOnTime() throws {
        let server = try LoopbackHTTPServer { _ in Self.storm() }
        defer { server.stop() }
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try CommandRunner.run([
            "--api-key", "k-0123456789", "--base-url", server.baseURL + "/api/", "--timeout", "1",
            "--no-cache", "fox",
        ])
        let elapsed = Self.seconds(since: start)
        #expect(result.status == 1)
        #expect(result.stderr.contains("did not answer in time"), "\(result.stderr)")
        #expect(elapsed < 2.5, "ended after \(elapsed) s")
    }

    @Test("full screen: keys typed while the storm is parsed are drawn before it lets go")
    func keystrokeDuringStorm() throws {
        let server = try LoopbackHTTPServer { request in
            (request.query["q"] ?? "") == "fox"
                ? Self.storm() : .json(PixabayPage.json(totalHits: 1, count: 1))
        }
        defer { server.stop() }
        let terminal = try PseudoTerminal([
            "-i", "--api-key", "k-0123456789", "--base-url", server.baseURL + "/api/",
            "--timeout", "60", "--no-cache",
        ])
        // The bounds below only stop a hang: what is checked is an order of events, which
        // holds however loaded the machine is.
        #expect(terminal.wait(for: "Search:", timeout: 60))
        terminal.type("fox")
        #expect(server.waitForRequest(timeout: 60))
        // FoundationNetworking now parses the storm, and every request of the process waits
        // behind it: the next search ("foxz", then "foxzy") reaches the server only once the
        // storm let go. Keys typed meanwhile are drawn at once, so before that request.
        terminal.type("z")
        #expect(terminal.wait(for: "foxz", timeout: 60))
        terminal.type("y")
        #expect(terminal.wait(for: "foxzy", timeout: 60))
        #expect(
            server.requests.count == 1,
            "a later search reached the server before the keys were drawn: \(server.requests.count) requests"
        )
        // And the storm does not keep the next search away for ever.
        #expect(server.waitForRequest(timeout: 60))
        terminal.type("\u{03}")
        terminal.type("\u{03}")
        _ = terminal.waitForExit(timeout: 5)
    }
}
