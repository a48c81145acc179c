import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import Signalbox
import TestThreads
import Testing

/// `Network.timeout` is a deadline from the start of a request to its last byte.
@Suite("Network deadline", .serialized, .ownThreads)
struct NetworkDeadlineTests {
    static let json = Data(#"{"totalHits": 0, "hits": []}"#.utf8)
    /// How late a deadline may fire on a loaded two-core machine (and under TSan).
    static let margin: TimeInterval = 1.0
    /// How long after its deadline a test waits for a timer's event that must not come: an
    /// event later than that goes unnoticed (the test passes), it cannot make a test fail.
    static let lateTimer: TimeInterval = 0.1

    static let headers = Dictionary(uniqueKeysWithValues: (0..<20).map { ("X-Slow-\($0)", "v") })

    private func expectTimedOut(
        _ probe: FaultProbe, timeout: TimeInterval,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        probe.expectFailure(.timedOut, sourceLocation: sourceLocation)
        #expect(
            probe.elapsed >= timeout - 0.05, "failed after \(probe.elapsed) s, before \(timeout) s",
            sourceLocation: sourceLocation)
        #expect(
            probe.elapsed <= timeout + Self.margin,
            "failed after \(probe.elapsed) s, long after \(timeout) s",
            sourceLocation: sourceLocation)
    }

    @Test("headers trickled one by one do not keep a request alive past its deadline")
    func trickledHeaders() throws {
        // 20 headers, one every 0.2 s: the head alone would take 4 s.
        let probe = try FaultProbe(timeout: 0.6, waitForClose: true) { _ in
            .trickledHeaders(status: 200, headers: Self.headers, body: Self.json, interval: 0.2)
        }
        expectTimedOut(probe, timeout: 0.6)
        #expect(probe.clientClosed, "the request was cancelled")
    }

    @Test("a body trickled piece by piece does not keep a request alive past its deadline")
    func trickledBody() throws {
        let body = Data(("[" + String(repeating: "1,", count: 30) + "1]").utf8)
        let probe = try FaultProbe(timeout: 0.6, waitForClose: true) { _ in
            .trickledBody(status: 200, body: body, pieceSize: 4, interval: 0.2)
        }
        expectTimedOut(probe, timeout: 0.6)
        #expect(probe.clientClosed, "the request was cancelled")
    }

    @Test("a deadline that is not a whole number of seconds is kept to the fraction")
    func fractionalDeadline() throws {
        let probe = try FaultProbe(timeout: 1.5) { _ in
            .trickledHeaders(status: 200, headers: Self.headers, body: Self.json, interval: 0.25)
        }
        expectTimedOut(probe, timeout: 1.5)
    }

    @Test("a server that accepts, then stalls, times out (it was reached)")
    func acceptThenStall() throws {
        let probe = try FaultProbe(timeout: 0.5, waitForClose: true) { _ in .hold }
        expectTimedOut(probe, timeout: 0.5)
        #expect(probe.clientClosed)
        #expect(probe.requests.count == 1, "the server was reached")
        #expect(
            NetworkError.timedOut.description
                == "The server did not answer in time. Check your connection, or try again later.")
        #expect(NetworkError.timedOut.description != NetworkError.notReachedServer.description)
    }

    @Test("a reply delayed past the deadline times out; one within it succeeds")
    func delayedReplies() throws {
        let late = try FaultProbe(timeout: 0.4) { _ in
            .delayed(by: 1.5, then: .respond(status: 200, body: Self.json))
        }
        expectTimedOut(late, timeout: 0.4)
        let early = try FaultProbe(timeout: 2) { _ in
            .delayed(by: 0.2, then: .respond(status: 200, body: Self.json))
        }
        #expect(early.outcome.values == [Self.json])
        #expect(early.outcome.completed)
    }

    @Test("nothing is sent after a request that finished before its deadline")
    func nothingAfterCompletion() throws {
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: Self.json) }
        defer { server.stop() }
        let timeout: TimeInterval = 0.3
        let network = Network(timeout: timeout)
        let log = EventLog<Data, NetworkError>()
        _ = network.requestJSON(url: server.baseURL, parameters: [:]).start(log.record)
        // `start` has armed the deadline: it fires by then, on the network's queue.
        let deadline = Date(timeIntervalSinceNow: timeout)
        #expect(log.waitForTermination(within: 10))
        // The deadline is what could still send after the terminal event: wait for such an
        // event until the deadline has passed (with a margin for a late timer).
        #expect(
            !log.eventAfterTermination(before: deadline.addingTimeInterval(Self.lateTimer)),
            "events: \(log.events)")
        #expect(log.events == [.value(Self.json), .completed])
    }

    @Test("a server latency below the deadline with jitter still succeeds every time")
    func latencyWithJitter() throws {
        let server = try LoopbackHTTPServer(latency: 0.001...0.02) { _ in
            .respond(status: 200, body: Self.json)
        }
        defer { server.stop() }
        let network = Network(timeout: 5)
        for _ in 0..<10 {
            let outcome = network.requestJSON(url: server.baseURL, parameters: [:]).outcome()
            #expect(outcome.values == [Self.json])
        }
        #expect(server.requests.count == 10)
    }

    @Test(
        "timeouts that are NaN, not positive, infinite or over a day are refused",
        arguments: [
            .nan, 0, -1, -.infinity, .infinity, 86_400.5, 1e300, 0.000_1,
        ] as [TimeInterval])
    func refusedTimeouts(timeout: TimeInterval) {
        #expect(throws: Network.ConfigurationError.timeoutOutOfRange(timeout)) {
            try Network(validatingTimeout: timeout)
        }
        let error = Network.ConfigurationError.timeoutOutOfRange(timeout)
        #expect(error.description.contains("from 0.001 to 86400 (one day)"))
    }

    @Test("timeouts in range and non-negative sizes are accepted as given")
    func acceptedConfigurations() throws {
        #expect(try Network(validatingTimeout: 0.001).timeout == 0.001)
        #expect(try Network(validatingTimeout: 86_400).timeout == 86_400)
        #expect(try Network(validatingTimeout: 2.5, maximumBodySize: 0).maximumBodySize == 0)
        #expect(throws: Network.ConfigurationError.negativeMaximumBodySize(-1)) {
            try Network(validatingTimeout: 1, maximumBodySize: -1)
        }
    }

    @Test("the lenient initializer corrects out-of-range timeouts instead of trapping")
    func correctedTimeouts() {
        #expect(Network(timeout: .nan).timeout == Network.defaultTimeout)
        #expect(Network(timeout: 0).timeout == Network.defaultTimeout)
        #expect(Network(timeout: -3).timeout == Network.defaultTimeout)
        #expect(Network(timeout: 1e-9).timeout == 0.001)
        #expect(Network(timeout: .infinity).timeout == 86_400)
        #expect(Network(timeout: 1e300).timeout == 86_400)
        #expect(Network(maximumBodySize: -5).maximumBodySize == 0)
    }

    @Test("huge timeouts reach the server and succeed (an infinite one used to trap)")
    func hugeTimeouts() throws {
        for timeout in [.infinity, 1e300, 86_400] as [TimeInterval] {
            let probe = try FaultProbe(timeout: timeout) { _ in
                .respond(status: 200, body: Self.json)
            }
            #expect(probe.outcome.values == [Self.json], "timeout \(timeout)")
        }
    }

    @Test("a deadline racing the answer gives exactly one outcome, on the network's queue")
    func deadlineRacesAnswer() throws {
        // Answers after 0-10 ms; deadlines of 1-12 ms: both orders happen, many times.
        let server = try LoopbackHTTPServer(latency: 0...0.01, seed: 3) { _ in
            .respond(status: 200, body: Self.json)
        }
        defer { server.stop() }
        var generator = SeededGenerator(seed: 5)
        var outcomes = (succeeded: 0, timedOut: 0)
        for _ in 0..<150 {
            let timeout = Double.random(in: 0.001...0.012, using: &generator)
            let network = Network(timeout: timeout)
            let caller = Thread.current
            let log = EventLog<Data, NetworkError>()
            let offCaller = Atomic(true)
            _ = network.requestJSON(url: server.baseURL, parameters: [:]).start { event in
                if Thread.current == caller { offCaller.modify { $0 = false } }
                log.record(event)
            }
            // Whichever of the answer (0-10 ms) and the deadline comes second could still
            // send after the terminal event: wait for that until both have had their moment.
            let lastMoment = Date(timeIntervalSinceNow: max(timeout, 0.01) + 0.003)
            #expect(log.waitForTermination(within: 10))
            #expect(!log.eventAfterTermination(before: lastMoment), "events: \(log.events)")
            switch log.events {
            case [.value(Self.json), .completed]: outcomes.succeeded += 1
            case [.failed(.timedOut)]: outcomes.timedOut += 1
            default: Issue.record("events: \(log.events)")
            }
            #expect(offCaller.value)
        }
        #expect(outcomes.succeeded + outcomes.timedOut == 150)
    }
}
