import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import Signalbox
import TestThreads
import Testing

/// A server that sends tens of thousands of header lines: FoundationNetworking parsed such a
/// block in quadratic time on one queue shared by every session of the process, so the next
/// request waited for it (seconds for 20,000 lines, minutes for 60,000). `Network` reads
/// responses itself on Linux (libcurl, on a thread per request) and refuses a header block
/// over its bound at once; the deadline, `start`, `dispose()` and the next request never
/// wait for a storm.
@Suite("Network under a header storm", .serialized, .ownThreads)
struct NetworkHeaderStormTests {
    /// A storm of `lines` lines of the form `X-S12: v`.
    static func storm(lines: Int = 20_000) -> LoopbackHTTPServer.Reply {
        .headerStorm(lines: lines) { "X-S\($0): v" }
    }

    /// A storm of 55,000 five-byte lines (`a:b`): about 300 KB, within libcurl's own bound,
    /// the worst case for a parser quadratic in lines (FoundationNetworking: 13 s idle).
    static func shortLineStorm() -> LoopbackHTTPServer.Reply {
        .headerStorm(lines: 55_000)
    }

    static func seconds(since start: UInt64) -> TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test("the next request is answered while a storm of 55,000 header lines arrives")
    func nextRequestNotDelayed() throws {
        let server = try LoopbackHTTPServer { request in
            request.target == "/storm" ? Self.shortLineStorm() : .json("{}")
        }
        defer { server.stop() }
        let network = Network(timeout: 60)
        let stormRun = network.requestJSON(url: server.baseURL + "/storm", parameters: [:])
            .start()
        defer { stormRun.dispose() }
        #expect(server.waitForRequest(timeout: 60))
        // The storm is on its way (one write); a wait of the test's own lets its parsing
        // begin. FoundationNetworking held every later request of the process until it had
        // parsed the storm (13 s idle, more on a loaded machine); five seconds leave room
        // for a loaded machine and none for that.
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.5)
        let start = DispatchTime.now().uptimeNanoseconds
        let next = network.requestJSON(url: server.baseURL + "/next", parameters: [:])
            .outcome(timeout: 5)
        let elapsed = Self.seconds(since: start)
        #expect(next.values == [Data("{}".utf8)], "got \(String(describing: next.terminal))")
        #expect(elapsed < 5, "the next request took \(elapsed) s")
    }

    @Test("a header block over the bound fails as a malformed response, at once")
    func stormRefused() throws {
        let server = try LoopbackHTTPServer { _ in Self.shortLineStorm() }
        defer { server.stop() }
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = Network(timeout: 60).requestJSON(
            url: server.baseURL + "/api", parameters: [:]
        )
        .outcome(timeout: 30)
        let elapsed = Self.seconds(since: start)
        #expect(outcome.error == .malformedResponse, "got \(String(describing: outcome.terminal))")
        #expect(elapsed < 5, "refused after \(elapsed) s")
    }

    @Test(
        "a head within the bounds is read: 900 lines, or 200 kB in long lines",
        arguments: [LoopbackHTTPServer.Reply.oversizedHeaders(size: 200_000), storm(lines: 900)])
    func headWithinBounds(reply: LoopbackHTTPServer.Reply) throws {
        let server = try LoopbackHTTPServer { _ in reply }
        defer { server.stop() }
        let outcome = Network(timeout: 30).requestJSON(
            url: server.baseURL + "/api", parameters: [:]
        )
        .outcome(timeout: 30)
        #expect(outcome.values.count == 1, "got \(String(describing: outcome.terminal))")
    }

    /// `informational` heads of `100 Continue` (two lines each), then a 200 with `{}`.
    static func continues(_ informational: Int) -> LoopbackHTTPServer.Reply {
        let flood = String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: informational)
        return .raw(Data((flood + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}").utf8))
    }

    @Test("informational heads count toward the bound: 400 are read past, 600 refused")
    func informationalFlood() throws {
        for (count, refused) in [(400, false), (600, true)] {
            let server = try LoopbackHTTPServer { _ in Self.continues(count) }
            defer { server.stop() }
            let outcome = Network(timeout: 30).requestJSON(
                url: server.baseURL + "/api", parameters: [:]
            ).outcome(timeout: 30)
            if refused {
                #expect(
                    outcome.error == .malformedResponse,
                    "\(count): \(String(describing: outcome.terminal))")
            } else {
                #expect(
                    outcome.values == [Data("{}".utf8)],
                    "\(count): \(String(describing: outcome.terminal))")
            }
        }
    }

    @Test("a head of 1,100 lines is refused as a malformed response")
    func headOverLineBound() throws {
        let server = try LoopbackHTTPServer { _ in Self.storm(lines: 1_100) }
        defer { server.stop() }
        let outcome = Network(timeout: 30).requestJSON(
            url: server.baseURL + "/api", parameters: [:]
        )
        .outcome(timeout: 30)
        #expect(outcome.error == .malformedResponse, "got \(String(describing: outcome.terminal))")
    }

    /// A head just under the bound, sent a line every 5 ms: a storm that takes 4.5 s.
    static func trickledStorm() -> LoopbackHTTPServer.Reply {
        var headers: [String: String] = [:]
        for index in 0..<900 { headers["X-S\(index)"] = "v" }
        return .trickledHeaders(
            status: 200, headers: headers, body: Data("{}".utf8), interval: 0.005)
    }

    @Test("the deadline fires on time while a storm trickles in")
    func deadlineOnTime() throws {
        let server = try LoopbackHTTPServer { _ in Self.trickledStorm() }
        defer { server.stop() }
        let network = Network(timeout: 1)
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = network.requestJSON(url: server.baseURL + "/api", parameters: [:])
            .outcome(timeout: 30)
        let elapsed = Self.seconds(since: start)
        #expect(outcome.error == .timedOut, "got \(String(describing: outcome.terminal))")
        #expect(elapsed < 2, "timed out after \(elapsed) s, deadline 1 s")
    }

    @Test("starting another request returns at once while a storm arrives")
    func startDoesNotBlock() throws {
        let server = try LoopbackHTTPServer { request in
            request.target == "/storm" ? Self.storm() : .json("{}")
        }
        defer { server.stop() }
        let network = Network(timeout: 30)
        let storm = network.requestJSON(url: server.baseURL + "/storm", parameters: [:]).start()
        defer { storm.dispose() }
        #expect(server.waitForRequest(timeout: 10))
        // As in the disposal test: the next start must land while the storm is parsed.
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.5)
        let start = DispatchTime.now().uptimeNanoseconds
        let next = network.requestJSON(url: server.baseURL + "/next", parameters: [:]).start()
        let elapsed = Self.seconds(since: start)
        next.dispose()
        #expect(elapsed < 0.25, "start() blocked for \(elapsed) s")
    }

    @Test("dispose() returns at once while a storm trickles in")
    func disposeDoesNotBlock() throws {
        let server = try LoopbackHTTPServer { _ in Self.trickledStorm() }
        defer { server.stop() }
        let network = Network(timeout: 60)
        let interrupted = DispatchSemaphore(value: 0)
        let run = network.requestJSON(url: server.baseURL + "/api", parameters: [:])
            .start { event in if case .interrupted = event { interrupted.signal() } }
        #expect(server.waitForRequest(timeout: 10))
        // The storm is on its way, for seconds. (A wait of the test's own, as with a server's
        // delay: the disposal must land in the middle.)
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.5)
        let start = DispatchTime.now().uptimeNanoseconds
        run.dispose()
        let elapsed = Self.seconds(since: start)
        #expect(elapsed < 0.25, "dispose() blocked for \(elapsed) s")
        #expect(interrupted.wait(timeout: .now() + 1) == .success)
    }
}
