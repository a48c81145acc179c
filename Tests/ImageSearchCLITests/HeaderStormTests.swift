import Foundation
import LoopbackHTTPServer
import TestThreads
import Testing

/// A server that answers with tens of thousands of header lines. FoundationNetworking parsed
/// such a head in quadratic time on a queue every session of the process shares, so the next
/// search waited for it (13 s idle for 55,000 lines); `Network` now reads responses itself
/// and refuses a head over its bound at once. Run in a child process, as a user runs it.
@Suite("imagesearch against a header storm", .serialized, .ownThreads)
struct HeaderStormTests {
    /// A storm of 55,000 five-byte header lines, then a Pixabay page.
    static func storm() -> LoopbackHTTPServer.Reply {
        .headerStorm(lines: 55_000, body: PixabayPage.json(totalHits: 1, count: 1))
    }

    static func seconds(since start: UInt64) -> TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test("a one-shot search answered by a storm fails at once, with the broken-answer sentence")
    func stormRefused() throws {
        let server = try LoopbackHTTPServer { _ in Self.storm() }
        defer { server.stop() }
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try CommandRunner.run([
            "--api-key", "k-0123456789", "--base-url", server.baseURL + "/api/", "--timeout", "60",
            "--no-cache", "fox",
        ])
        let elapsed = Self.seconds(since: start)
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken answer"), "\(result.stderr)")
        #expect(elapsed < 10, "ended after \(elapsed) s")
    }

    @Test("full screen: the next search is answered while the storm arrives")
    func nextSearchDuringStorm() throws {
        let server = try LoopbackHTTPServer { request in
            (request.query["q"] ?? "") == "fox"
                ? Self.storm() : .json(PixabayPage.json(totalHits: 7, count: 3, firstID: 700))
        }
        defer { server.stop() }
        let terminal = try PseudoTerminal([
            "-i", "--api-key", "k-0123456789", "--base-url", server.baseURL + "/api/",
            "--timeout", "60", "--no-cache",
        ])
        #expect(terminal.wait(for: "Search:", timeout: 60))
        terminal.type("fox")
        #expect(server.waitForRequest(timeout: 60))
        // The storm is on its way (one write); a wait of the test's own lets its parsing
        // begin. Parsed by FoundationNetworking, it held the next search for 13 s or more;
        // ten seconds leave room for a loaded machine and none for that.
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.5)
        let start = DispatchTime.now().uptimeNanoseconds
        terminal.type("zy")
        #expect(terminal.wait(for: "3 of 7 images", timeout: 60))
        let elapsed = Self.seconds(since: start)
        #expect(elapsed < 10, "the next search was drawn after \(elapsed) s")
        #expect(server.requests.contains { $0.query["q"] == "foxzy" })
        terminal.type("\u{03}")
        terminal.type("\u{03}")
        _ = terminal.waitForExit(timeout: 5)
    }
}
