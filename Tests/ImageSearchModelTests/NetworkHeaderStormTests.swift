import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import Signalbox
import Testing

/// A server that sends ~20,000 header lines keeps FoundationNetworking busy for seconds; the
/// deadline and `dispose()` must not wait for it.
@Suite("Network under a header storm", .serialized)
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
