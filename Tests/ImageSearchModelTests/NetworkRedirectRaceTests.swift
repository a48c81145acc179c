import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import Signalbox
import TestThreads
import Testing

/// Cancelling a request while FoundationNetworking waits for a redirect's answer.
///
/// FoundationNetworking traps ("Received callback for HTTP redirection, but we're not
/// waiting for it") when a redirect's completion handler is called after the task was
/// cancelled. A disposal or a deadline can cancel at any moment, so these tests cancel
/// requests at random points of a chain of redirects, many times over, on real threads.
@Suite("Network cancelled in the middle of redirects", .serialized, .ownThreads)
struct NetworkRedirectRaceTests {
    /// Eight redirects, each after 0-2 ms, then a JSON body.
    private static func server() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(latency: 0...0.002) { request in
            let hop = Int(request.target.split(separator: "/").last ?? "") ?? 0
            return hop < 8
                ? .respond(status: 302, headers: ["Location": "/hop/\(hop + 1)"])
                : .json("{}")
        }
    }

    @Test("disposing at a random moment of a redirect chain never traps")
    func disposalDuringRedirects() throws {
        let server = try Self.server()
        defer { server.stop() }
        let network = Network(timeout: 5)
        var generator = SeededGenerator(seed: 7)
        let events = Atomic<[Event<Data, NetworkError>]>([])
        for _ in 0..<250 {
            let disposable = network.requestJSON(url: server.baseURL + "/api", parameters: [:])
                .start { event in if event.isTerminating { events.modify { $0.append(event) } } }
            Thread.sleep(forTimeInterval: Double.random(in: 0...0.01, using: &generator))
            disposable.dispose()
        }
        // Requests start on a global queue, so under load many runs are disposed before their
        // first request leaves: what matters is that some were disposed in mid-chain.
        #expect(
            server.requests.contains { $0.target.hasPrefix("/hop/") },
            "redirects were followed: \(server.requests.map(\.target).prefix(20)) of \(server.requests.count)"
        )
        #expect(events.value.allSatisfy { $0 == .interrupted || $0 == .completed })
    }

    @Test("a deadline that falls in a redirect chain never traps, and fails with timedOut")
    func deadlineDuringRedirects() throws {
        let server = try Self.server()
        defer { server.stop() }
        var generator = SeededGenerator(seed: 11)
        var timedOut = 0
        for _ in 0..<200 {
            let network = Network(timeout: Double.random(in: 0.001...0.012, using: &generator))
            let outcome = network.requestJSON(url: server.baseURL + "/api", parameters: [:])
                .outcome(timeout: 10)
            #expect(outcome.completed || outcome.error == .timedOut)
            if outcome.error == .timedOut { timedOut += 1 }
        }
        #expect(timedOut > 0)
    }
}
