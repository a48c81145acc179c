import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import Signalbox
import Testing

/// A server that sends ~20,000 header lines keeps FoundationNetworking busy for seconds; the
/// deadline, `start` and `dispose()` must not wait for it.
///
/// Run on demand (`SIGNALBOX_HEADER_STORM=1 swift test --filter NetworkHeaderStormTests`):
/// while FoundationNetworking parses a storm, every session of the process waits for it, so
/// run in parallel with the rest of the suite these tests would delay other suites' requests
/// by seconds. `HeaderStormTests` (ImageSearchCLITests) proves the same through a child
/// process on every run.
@Suite(
    "Network under a header storm", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["SIGNALBOX_HEADER_STORM"] != nil))
struct NetworkHeaderStormTests {
    /// A 200 whose head holds `lines` short header lines, then a small JSON body.
    static func storm(lines: Int = 20_000) -> LoopbackHTTPServer.Reply {
        var head = "HTTP/1.1 200 OK\r\nConnection: close\r\n"
        head.reserveCapacity(lines * 16)
        for index in 0..<lines { head += "X-S\(index): v\r\n" }
        return .raw(Data((head + "Content-Length: 2\r\n\r\n{}").utf8))
    }

    static func seconds(since start: UInt64) -> TimeInterval {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    @Test("the deadline fires on time whatever FoundationNetworking is doing")
    func deadlineOnTime() throws {
        let server = try LoopbackHTTPServer { _ in Self.storm() }
        defer { server.stop() }
        let network = Network(timeout: 1)
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = network.requestJSON(url: server.baseURL + "/api", parameters: [:])
            .outcome(timeout: 30)
        let elapsed = Self.seconds(since: start)
        #expect(outcome.error == .timedOut, "got \(String(describing: outcome.terminal))")
        #expect(elapsed < 2, "timed out after \(elapsed) s, deadline 1 s")
    }

    @Test("starting another request returns at once while FoundationNetworking parses a storm")
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

    @Test("dispose() returns at once while FoundationNetworking parses the storm")
    func disposeDoesNotBlock() throws {
        let server = try LoopbackHTTPServer { _ in Self.storm() }
        defer { server.stop() }
        let network = Network(timeout: 60)
        let interrupted = DispatchSemaphore(value: 0)
        let run = network.requestJSON(url: server.baseURL + "/api", parameters: [:])
            .start { event in if case .interrupted = event { interrupted.signal() } }
        #expect(server.waitForRequest(timeout: 10))
        // The storm is on its way; FoundationNetworking spends seconds on it. (A wait of the
        // test's own, as with a server's delay: the disposal must land in the middle.)
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.5)
        let start = DispatchTime.now().uptimeNanoseconds
        run.dispose()
        let elapsed = Self.seconds(since: start)
        #expect(elapsed < 0.25, "dispose() blocked for \(elapsed) s")
        #expect(interrupted.wait(timeout: .now() + 1) == .success)
    }
}
