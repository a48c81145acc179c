import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import Signalbox
import TestThreads
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The leak soak of issue 25 (item 14): many requests through one `Network`, a fifth of them
/// disposed in flight, with the resident set size printed every `SOAK_STEP` requests.
///
/// Not a timed test and not run by default: `scripts/soak-network.sh` runs it (it is enabled
/// by `SIGNALBOX_SOAK=<requests>`), and a person reads whether the numbers settle.
@Suite("Network soak (scripts/soak-network.sh)", .ownThreads)
struct NetworkSoak {
    static let requests = Int(ProcessInfo.processInfo.environment["SIGNALBOX_SOAK"] ?? "") ?? 0
    static let step = Int(ProcessInfo.processInfo.environment["SOAK_STEP"] ?? "") ?? 1000
    /// `urlsession`: the same loop on a bare `URLSession`, to tell the platform's own growth
    /// from `Network`'s.
    static let mode = ProcessInfo.processInfo.environment["SOAK_MODE"] ?? "network"
    /// A server in another process (`SOAK_URL`, such as `http://127.0.0.1:8080`), so that
    /// the loopback server's own threads are not counted; by default one in this process.
    static let externalServer = ProcessInfo.processInfo.environment["SOAK_URL"]

    /// The resident set size in kB, from /proc (0 where there is none).
    static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    @Test("requests, a fifth disposed in flight, while RSS is sampled", .enabled(if: requests > 0))
    func soak() throws {
        let page = Data(#"{"totalHits": 1, "hits": []}"#.utf8)
        let server = try LoopbackHTTPServer(latency: 0...0.003, recordsRequests: false) { _ in
            .respond(status: 200, headers: ["Content-Type": "application/json"], body: page)
        }
        defer { server.stop() }
        let base = Self.externalServer ?? server.baseURL
        let network = Network(timeout: 5)
        let session = URLSession(configuration: .default)
        let address = try #require(URL(string: base + "/api?q=fox"))
        let window = DispatchSemaphore(value: 8)
        let group = DispatchGroup()
        var generator = SeededGenerator(seed: 25)
        print("soak: requests rss_kB")
        print("soak: 0 \(Self.residentKilobytes())")
        for index in 1...Self.requests {
            window.wait()
            group.enter()
            let finished = Atomic(false)
            let end: @Sendable () -> Void = {
                let first = finished.modify { done in
                    defer { done = true }
                    return !done
                }
                guard first else { return }
                window.signal()
                group.leave()
            }
            let dispose = Int.random(in: 0..<5, using: &generator) == 0
            if Self.mode == "urlsession" {
                let task = session.dataTask(with: address) { _, _, _ in end() }
                task.resume()
                if dispose { task.cancel() }
            } else {
                let run = network.requestJSON(
                    url: base + "/api", parameters: ["q": "fox"]
                )
                .start { event in if event.isTerminating { end() } }
                if dispose { run.dispose() }
            }
            if index % Self.step == 0 {
                group.wait()
                print("soak: \(index) \(Self.residentKilobytes())")
            }
        }
        group.wait()
        session.finishTasksAndInvalidate()
    }
}
