import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import Signalbox
import TestThreads
import Testing

/// Replies that made FoundationNetworking (Linux) stop the process, before any delegate
/// callback let client code step in:
/// - a connection closed in the middle of the header block: libcurl (7.88, Debian 12)
///   reports the transfer as a success though no complete head arrived, and Foundation's
///   `fatalError("Transfer completed, but there's no response.")` runs
///   (swift-corelibs-foundation issue 5285; still in Swift 6.3.1);
/// - a `Content-Length` within about 500 of `Int64.max`: Foundation reads libcurl's
///   length as a `Double`, which rounds to 2^63, and its conversion back to an integer traps.
///
/// `Network` no longer goes through FoundationNetworking on Linux (it runs libcurl itself),
/// so the process must survive both with an error. Each request still runs in a child
/// process (this test binary again, filtered to ``childRequest()``), so that a regression
/// fails this test instead of taking the suite down.
@Suite("Network on replies that made FoundationNetworking trap", .serialized, .ownThreads)
struct NetworkFoundationTrapTests {
    static let variable = "SIGNALBOX_TRAP_PROBE_URL"
    static let marker = "TRAP-PROBE-OUTCOME:"

    /// A reply and the errors accepted for it.
    struct Scenario: Sendable, CustomTestStringConvertible {
        let name: String
        let reply: LoopbackHTTPServer.Reply
        let acceptable: [String]
        var testDescription: String { name }
    }

    static let scenarios = [
        Scenario(
            name: "connection closed inside the header block",
            reply: .closeDuringHeaders(status: 200, headers: ["Content-Type": "application/json"]),
            acceptable: ["malformedResponse", "connectionLost", "incorrectDataReturned"]),
        Scenario(
            name: "Content-Length: Int64.max",
            reply: .raw(
                Data(
                    ("HTTP/1.1 200 OK\r\nContent-Length: 9223372036854775807\r\n"
                        + "Connection: close\r\n\r\n{}").utf8)),
            acceptable: ["responseTooLarge", "malformedResponse"]),
    ]

    @Test(
        "(child process only) one request to the server named in the environment",
        .enabled(if: ProcessInfo.processInfo.environment[variable] != nil))
    func childRequest() {
        let url = ProcessInfo.processInfo.environment[Self.variable] ?? ""
        let outcome = Network(timeout: 5).requestJSON(url: url, parameters: ["key": "k"])
            .outcome(timeout: 10)
        print("\(Self.marker) \(outcome.error?.debugDescription ?? "no error")")
    }

    @Test(
        "the process survives with an error",
        arguments: scenarios)
    func trap(scenario: Scenario) throws {
        let server = try LoopbackHTTPServer { _ in scenario.reply }
        defer { server.stop() }
        let child = try ChildRun(
            filter: "childRequest", environment: [Self.variable: server.baseURL + "/api/"],
            timeout: 60)
        #expect(server.requests.count == 1, "the child reached the server")
        // A trap ends the child by a signal, or, under the thread sanitizer (whose runtime
        // fails the backtracer's fork), with status 66.
        let tail = child.output.suffix(3000)
        #expect(
            child.output.contains(Self.marker),
            "no report (status \(child.status), signalled \(child.signalled)): \(tail)")
        #expect(!child.signalled, "the child crashed: \(child.output.suffix(2000))")
        let line = child.output.split(separator: "\n").first { $0.contains(Self.marker) }
        let outcome = line.map { String($0) } ?? ""
        #expect(
            scenario.acceptable.contains { outcome.contains("NetworkError.\($0)") },
            "child reported: \(outcome); status \(child.status), output: \(child.output.suffix(3000))"
        )
    }
}

/// This test binary run again as a child process with a Swift Testing filter.
struct ChildRun {
    /// Whether the child ended by a signal (a trap) rather than by exiting.
    let signalled: Bool
    /// Its standard output and standard error, together.
    let output: String
    /// Its exit status, or the number of the signal that ended it.
    let status: Int32

    init(filter: String, environment: [String: String], timeout: TimeInterval) throws {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("signalbox-child-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: output.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        var all = ProcessInfo.processInfo.environment
        // The backtrace names the trapping Foundation function (its message is stripped).
        all["SWIFT_BACKTRACE"] = "enable=yes,interactive=no"
        process.environment = all.merging(environment) { _, new in new }
        process.standardOutput = handle
        process.standardError = handle
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = finished.wait(timeout: .now() + 10)
        }
        signalled = process.terminationReason == .uncaughtSignal
        status = process.terminationStatus
        self.output = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    }

    /// The running test binary.
    private static var executable: URL {
        #if os(Linux)
            URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
            URL(fileURLWithPath: CommandLine.arguments[0])
        #endif
    }
}
