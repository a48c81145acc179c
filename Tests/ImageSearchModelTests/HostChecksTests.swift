import Foundation
import LoopbackHTTPServer
import Signalbox
import TestThreads
import Testing

@testable import ImageSearchModel

/// One host policy for every hop of every request (issue 34, item 7), and host checks that
/// never hold up a search however slowly names resolve (item 5).
@Suite("host checks", .serialized, .ownThreads)
struct HostChecksTests {
    @Test("a request to a public server is not redirected onto a private address")
    func searchRedirectOntoLoopbackRefused() throws {
        let inner = try LoopbackHTTPServer { _ in .json("{\"internal\":true}") }
        defer { inner.stop() }
        let start = try LoopbackHTTPServer { _ in
            .respond(status: 302, headers: ["Location": inner.baseURL + "/admin"])
        }
        defer { start.stop() }
        // The only servers a test can start are on loopback: a policy that trusts one port
        // stands in for a public search server.
        let network = Network(
            timeout: 5, imageHosts: .publicHostsOnly.trusting(host: "127.0.0.1", port: start.port))
        let outcome = network.requestJSON(url: start.baseURL + "/api", parameters: ["q": "fox"])
            .outcome(timeout: 20)
        guard case .invalidRequest(let message)? = outcome.error else {
            Issue.record("expected invalidRequest, got \(String(describing: outcome.terminal))")
            return
        }
        #expect(message.contains("127.0.0.1"), "\(message)")
        #expect(start.requests.count == 1)
        #expect(inner.requests.isEmpty, "nothing is sent to the private address")
    }

    @Test("a request to a private server may be redirected on the private network")
    func privateServerRedirectsFollowed() throws {
        let inner = try LoopbackHTTPServer { _ in .json("{\"ok\":true}") }
        defer { inner.stop() }
        let start = try LoopbackHTTPServer { _ in
            .respond(status: 302, headers: ["Location": inner.baseURL + "/next"])
        }
        defer { start.stop() }
        let outcome = Network(timeout: 5).requestJSON(url: start.baseURL + "/api", parameters: [:])
            .outcome(timeout: 20)
        #expect(outcome.values == [Data("{\"ok\":true}".utf8)])
    }

    /// Threads of this process, from /proc (Linux); `nil` elsewhere.
    /// The number of the process's threads named `name` (Linux), or `nil` where unknown.
    ///
    /// Named threads, not all of them: tests of other suites run alongside this one and
    /// start and end threads of their own (seen: 12 more threads from them alone).
    static func threadCount(named name: String) -> Int? {
        guard
            let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
        else { return nil }
        return tasks.count { task in
            let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return comm?.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }
    }

    @Test("300 image views on hosts whose DNS never answers leave the next search as fast")
    func neverAnsweringNames() throws {
        let server = try LoopbackHTTPServer(latency: PixabayPage.latency) { _ in .json("{}") }
        defer { server.stop() }
        // A resolver that never answers until the test ends.
        let release = DispatchSemaphore(value: 0)
        let released = Atomic(false)
        let calls = Atomic(0)
        let network = Network(
            timeout: 30, imageHosts: .publicHostsOnly,
            resolveHost: { _ in
                calls.modify { $0 += 1 }
                if !released.value { release.wait() }
                return true
            })
        defer {
            released.value = true
            for _ in 0..<400 { release.signal() }
        }
        func timedSearch() -> TimeInterval {
            let start = DispatchTime.now().uptimeNanoseconds
            let outcome = network.requestJSON(url: server.baseURL + "/api", parameters: [:])
                .outcome(timeout: 60)
            #expect(outcome.values == [Data("{}".utf8)], "\(String(describing: outcome.terminal))")
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        let before = timedSearch()
        let threadsBefore = Self.threadCount(named: HostResolver.threadName)
        let views = (0..<300).map { index in
            network.requestImage(url: "http://img\(index).never.example/a.png").start()
        }
        let after = timedSearch()
        #expect(
            after < max(1, before * 10),
            "the search took \(after) s after the views (\(before) s before)")
        let inFlight = calls.value
        #expect(inFlight <= HostResolver.maximumInFlight, "\(inFlight) names resolving at once")
        if let threadsBefore, let threadsAfter = Self.threadCount(named: HostResolver.threadName) {
            #expect(
                threadsAfter - threadsBefore <= HostResolver.maximumInFlight,
                "resolver threads \(threadsBefore) → \(threadsAfter)")
            #expect(threadsAfter > 0, "no resolver thread found: the count measures nothing")
        }
        // The views are left: the checks still waiting are dropped, never resolved.
        for view in views { view.dispose() }
        released.value = true
        for _ in 0..<400 { release.signal() }
        let calm = DispatchTime.now() + 2
        var settled = calls.value
        while DispatchTime.now() < calm {
            _ = DispatchSemaphore(value: 0).wait(timeout: .now() + 0.05)
            settled = calls.value
        }
        #expect(
            settled <= HostResolver.maximumInFlight,
            "\(settled) names resolved for 300 cancelled views")
    }

    /// This machine's name, when it resolves to a loopback address (as `/etc/hosts` makes
    /// it on the machines CI runs on); `nil` otherwise.
    static let loopbackHostName: String? = {
        let name = ProcessInfo.processInfo.hostName
        guard !name.isEmpty, name != "localhost",
            HostAddress.isPublic(numericHost: name) == nil,
            HostAddress.isPublic(specialName: name) == nil,
            !HostAddress.isPublic(resolving: name)
        else { return nil }
        return name
    }()

    #if canImport(FoundationNetworking)
        @Test(
            "an image host whose name passed the check but connects to a private address is refused",
            .enabled(if: loopbackHostName != nil))
        func rebindingRefused() throws {
            let server = try LoopbackHTTPServer { _ in
                .respond(
                    status: 200, headers: ["Content-Type": "image/png"],
                    body: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            }
            defer { server.stop() }
            // The check's lookup says public (a name that rebinds between two lookups); the
            // connection then goes to 127.0.0.1.
            let network = Network(
                timeout: 10, imageHosts: .publicHostsOnly, resolveHost: { _ in true })
            let name = try #require(Self.loopbackHostName)
            let address = server.baseURL.replacingOccurrences(of: "127.0.0.1", with: name)
            let outcome = network.requestImage(url: address + "/img.png").outcome(timeout: 20)
            guard case .invalidRequest(let message)? = outcome.error else {
                Issue.record("got \(String(describing: outcome.terminal))")
                return
            }
            #expect(message.contains("private or local address"), "\(message)")
            #expect(server.requests.isEmpty, "the request reached the private address")
        }

        @Test(
            "an image host that passed by its name is fetched over the socket the check opened",
            .enabled(if: loopbackHostName != nil))
        func checkedConnection() throws {
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0])
            let server = try LoopbackHTTPServer { _ in
                .respond(status: 200, headers: ["Content-Type": "image/png"], body: png)
            }
            defer { server.stop() }
            // Both checks stand in for public ones that pass: the name, then the address
            // (loopback here), which the network connects to itself.
            let checked = Atomic(0)
            let network = Network(
                timeout: 10, imageHosts: .publicHostsOnly, resolveHost: { _ in true },
                isPublicAddress: { _ in
                    checked.modify { $0 += 1 }
                    return true
                })
            let name = try #require(Self.loopbackHostName)
            let address = server.baseURL.replacingOccurrences(of: "127.0.0.1", with: name)
            let outcome = network.requestImage(url: address + "/img.png").outcome(timeout: 20)
            #expect(outcome.values == [png], "got \(String(describing: outcome.terminal))")
            #expect(checked.value >= 1, "the address was not checked")
        }
    #endif
}
