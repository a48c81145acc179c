import Foundation
import LoopbackHTTPServer
import TestThreads
import Testing

@testable import ImageSearchModel

/// Image addresses come from the search server: a hostile one must not turn the client into a
/// probe of the user's own machine or network.
@Suite("image hosts", .serialized, .ownThreads)
struct ImageHostPolicyTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0])

    @Test("by default an image on a loopback address is refused before anything is sent")
    func loopbackImageRefused() throws {
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: Self.png) }
        defer { server.stop() }
        let outcome = Network(timeout: 5).requestImage(url: server.baseURL + "/a.png")
            .outcome(timeout: 20)
        guard case .invalidRequest(let message)? = outcome.error else {
            Issue.record("expected invalidRequest, got \(String(describing: outcome.terminal))")
            return
        }
        #expect(message.contains("127.0.0.1"))
        #expect(server.requests.isEmpty)
        let typed = Network(timeout: 5).send(ImageDownloadRequest(url: server.baseURL + "/b.png"))
            .outcome(timeout: 20)
        #expect(typed.error != nil)
        #expect(server.requests.isEmpty)
    }

    @Test(
        "link-local and private image hosts are refused, whatever their spelling",
        arguments: [
            "http://169.254.169.254/latest/meta-data", "http://10.0.0.1/a.png",
            "http://192.168.1.1/a.png", "http://172.16.0.1/a.png", "http://[::1]:8080/a.png",
            "http://[fe80::1]/a.png", "http://[fd00::1]/a.png", "http://0.0.0.0/a.png",
            "http://2130706433/a.png", "http://0x7f.1/a.png", "http://127.1/a.png",
            "http://localhost/a.png", "http://LOCALHOST./a.png", "http://api.localhost/a.png",
            "http://[::ffff:127.0.0.1]/a.png",
        ])
    func privateHostsRefused(url: String) {
        let outcome = Network(timeout: 2).requestImage(url: url).outcome(timeout: 20)
        guard case .invalidRequest(let message)? = outcome.error else {
            Issue.record("\(url): got \(String(describing: outcome.terminal))")
            return
        }
        #expect(message.contains("not fetched"), "\(message)")
    }

    @Test("a search server on a private address allows images there (a test or a mirror)")
    func privateSearchServerAllowsPrivateImages() throws {
        let server = try LoopbackHTTPServer { _ in .respond(status: 200, body: Self.png) }
        defer { server.stop() }
        let network = Network(
            timeout: 5, imageHosts: ImageHostPolicy(searchServer: server.baseURL + "/api/"))
        let outcome = network.requestImage(url: server.baseURL + "/a.png").outcome(timeout: 20)
        #expect(outcome.values == [Self.png])
        #expect(
            ImageHostPolicy(searchServer: "https://pixabay.com/api/") == .publicHostsOnly,
            "a public search server keeps images on public hosts")
    }

    @Test("an image redirected to a private host is refused at the redirect")
    func redirectToPrivateHostRefused() throws {
        let target = try LoopbackHTTPServer { _ in .respond(status: 200, body: Self.png) }
        defer { target.stop() }
        // The only hosts a test can serve are private; a policy that trusts one loopback port
        // and not another stands in for a public host redirecting to a private one.
        let start = try LoopbackHTTPServer { _ in
            .respond(status: 302, headers: ["Location": "http://169.254.169.254/x.png"])
        }
        defer { start.stop() }
        let network = Network(
            timeout: 5, imageHosts: .publicHostsOnly.trusting(host: "127.0.0.1", port: start.port))
        let outcome = network.requestImage(url: start.baseURL + "/a.png").outcome(timeout: 20)
        #expect(start.requests.count == 1)
        guard case .invalidRequest(let message)? = outcome.error else {
            Issue.record("got \(String(describing: outcome.terminal))")
            return
        }
        #expect(message.contains("169.254.169.254"))
    }

    @Test("JSON requests are not subject to the image policy")
    func jsonUnaffected() throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        defer { server.stop() }
        let outcome = Network(timeout: 5).requestJSON(url: server.baseURL + "/api", parameters: [:])
            .outcome(timeout: 20)
        #expect(outcome.values == [Data("{}".utf8)])
    }

    @Test(
        "address classification",
        arguments: [
            ("8.8.8.8", true), ("1.1.1.1", true), ("127.0.0.1", false), ("10.1.2.3", false),
            ("172.31.255.255", false), ("172.32.0.1", true), ("192.168.0.1", false),
            ("169.254.1.1", false), ("100.64.0.1", false), ("224.0.0.1", false),
            ("255.255.255.255", false), ("0.0.0.0", false), ("2001:4860:4860::8888", true),
            ("::1", false), ("::", false), ("fe80::1", false), ("fc00::1", false),
            ("ff02::1", false), ("::ffff:10.0.0.1", false), ("::ffff:8.8.8.8", true),
            ("64:ff9b::7f00:1", false),
        ])
    func classification(address: String, isPublic: Bool) {
        #expect(HostAddress.isPublic(numericHost: address) == isPublic, "\(address)")
    }
}
