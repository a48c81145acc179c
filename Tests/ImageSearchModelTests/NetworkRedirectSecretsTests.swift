import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import TestThreads
import Testing

/// What crosses a redirect: credentials stay with their origin, 307/308 keep method and body.
@Suite("Network redirects: secrets and bodies", .serialized, .ownThreads)
struct NetworkRedirectSecretsTests {
    static let body = Data(#"{"title":"Buy milk"}"#.utf8)

    /// A server that answers every request with `{}` (the place a redirect lands).
    static func landing() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _ in .json("{}") }
    }

    /// A server that answers `status` with `Location: target` to every request.
    static func redirecting(_ status: Int, to target: String) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { _ in .respond(status: status, headers: ["Location": target]) }
    }

    static let credentials = [
        "Authorization": "Bearer token-0123456789",
        "Proxy-Authorization": "Basic cHJveHk6c2VjcmV0",
        "Cookie": "session=cookie-0123456789",
        "X-Trace": "trace-1",
    ]

    @Test("Authorization, Proxy-Authorization and Cookie do not follow a redirect to another port")
    func credentialsStayWithTheirOrigin() throws {
        let other = try Self.landing()
        let origin = try Self.redirecting(302, to: other.baseURL + "/landed")
        defer {
            origin.stop()
            other.stop()
        }
        let outcome = Network(timeout: 10).perform(
            PreparedRequest(url: origin.baseURL + "/api", headers: Self.credentials)
        ).outcome(timeout: 20)
        #expect(outcome.values == [Data("{}".utf8)])
        #expect(origin.requests.first?.headers["authorization"] == "Bearer token-0123456789")
        let landed = try #require(other.requests.first)
        #expect(landed.target == "/landed")
        #expect(landed.headers["authorization"] == nil)
        #expect(landed.headers["proxy-authorization"] == nil)
        #expect(landed.headers["cookie"] == nil)
        #expect(landed.headers["x-trace"] == "trace-1", "an ordinary header still follows")
    }

    @Test("a redirect within the origin keeps every header")
    func sameOriginKeepsCredentials() throws {
        let server = try LoopbackHTTPServer { request in
            request.target == "/api"
                ? .respond(status: 302, headers: ["Location": "/next"]) : .json("{}")
        }
        defer { server.stop() }
        let outcome = Network(timeout: 10).perform(
            PreparedRequest(url: server.baseURL + "/api", headers: Self.credentials)
        ).outcome(timeout: 20)
        #expect(outcome.values == [Data("{}".utf8)])
        let second = try #require(server.requests.last)
        #expect(second.target == "/next")
        #expect(second.headers["authorization"] == "Bearer token-0123456789")
        #expect(second.headers["cookie"] == "session=cookie-0123456789")
    }

    @Test("once dropped, credentials stay dropped when a later hop returns to the origin")
    func droppedForTheRestOfTheChain() throws {
        let origin = try LoopbackHTTPServer { request in
            request.target == "/api"
                ? .respond(status: 302, headers: ["Location": "http://localhost:1/unused"])
                : .json("{}")
        }
        defer { origin.stop() }
        let away = try Self.redirecting(302, to: origin.baseURL + "/back")
        defer { away.stop() }
        let start = try Self.redirecting(302, to: away.baseURL + "/away")
        defer { start.stop() }
        let outcome = Network(timeout: 10).perform(
            PreparedRequest(url: start.baseURL + "/start", headers: Self.credentials)
        ).outcome(timeout: 20)
        #expect(outcome.values == [Data("{}".utf8)])
        let back = try #require(origin.requests.first)
        #expect(back.target == "/back")
        #expect(back.headers["authorization"] == nil)
    }

    @Test("headers a request marks as secret are dropped on a cross-origin redirect")
    func markedSecretsStayWithTheirOrigin() throws {
        struct Search: NetworkRequest {
            typealias Response = Data
            let url: String
            var headers: [String: String] { ["X-Api-Key": "api-key-0123456789", "X-Other": "o"] }
            var secretHeaderNames: Set<String> { ["x-api-key"] }
        }
        let other = try Self.landing()
        let origin = try Self.redirecting(307, to: other.baseURL + "/landed")
        defer {
            origin.stop()
            other.stop()
        }
        let outcome = Network(timeout: 10).send(Search(url: origin.baseURL + "/api"))
            .outcome(timeout: 20)
        #expect(outcome.values == [Data("{}".utf8)])
        #expect(origin.requests.first?.headers["x-api-key"] == "api-key-0123456789")
        let landed = try #require(other.requests.first)
        #expect(landed.headers["x-api-key"] == nil)
        #expect(landed.headers["x-other"] == "o")
    }

    @Test("a request that refuses cross-origin redirects fails with a clear error, sending nothing")
    func refusedCrossOriginRedirect() throws {
        struct Upload: NetworkRequest {
            typealias Response = Data
            let url: String
            var method: HTTPMethod { .post }
            var body: Data? { NetworkRedirectSecretsTests.body }
            var crossOriginRedirects: CrossOriginRedirectPolicy { .refuse }
        }
        let other = try Self.landing()
        let origin = try Self.redirecting(307, to: other.baseURL + "/landed")
        defer {
            origin.stop()
            other.stop()
        }
        let outcome = Network(timeout: 10).send(Upload(url: origin.baseURL + "/api"))
            .outcome(timeout: 20)
        guard case .invalidRequest(let message)? = outcome.error else {
            Issue.record("expected invalidRequest, got \(String(describing: outcome.terminal))")
            return
        }
        #expect(message.contains("another origin"))
        #expect(message.contains("127.0.0.1:\(other.port)"))
        #expect(other.requests.isEmpty)
    }

    @Test(
        "a redirect to another origin that would carry the key in its address is refused",
        arguments: [
            "/api/?key=KEY&q=fox",  // the query kept, as a downgrading server does
            "/api/?KEY=KEY&q=fox",  // the name in capitals
            "/echo/KEY-UPPER",  // the value, upper-cased, in the path
            "/echo/ENCODED",  // the value percent-encoded in lower case
        ])
    func keyInAddressStaysHome(path: String) throws {
        let key = "key-0123456789abcdef"
        let encoded = key.utf8.map { String(format: "%%%02x", $0) }.joined()
        let other = try Self.landing()
        let target =
            other.baseURL
            + path.replacingOccurrences(of: "KEY-UPPER", with: key.uppercased())
            .replacingOccurrences(of: "ENCODED", with: encoded)
            .replacingOccurrences(of: "=KEY", with: "=" + key)
        let origin = try Self.redirecting(301, to: target)
        defer {
            origin.stop()
            other.stop()
        }
        let outcome = Network(timeout: 10).perform(
            PreparedRequest(url: origin.baseURL + "/api/", parameters: ["key": key, "q": "fox"])
        ).outcome(timeout: 20)
        guard case .invalidRequest(let message)? = outcome.error else {
            Issue.record("expected invalidRequest, got \(String(describing: outcome.terminal))")
            return
        }
        #expect(message.contains("another origin"))
        #expect(message.contains("API key"))
        #expect(!message.contains(key))
        #expect(other.requests.isEmpty, "the other origin received \(other.requests.map(\.target))")
    }

    @Test("a Location whose scheme is in capitals (HTTP://) is followed like a lower-case one")
    func upperCaseScheme() throws {
        let other = try Self.landing()
        let origin = try Self.redirecting(
            302, to: other.baseURL.replacingOccurrences(of: "http://", with: "HTTP://") + "/landed")
        defer {
            origin.stop()
            other.stop()
        }
        let outcome = Network(timeout: 10).perform(PreparedRequest(url: origin.baseURL + "/api/"))
            .outcome(timeout: 20)
        #expect(outcome.values == [Data("{}".utf8)], "\(String(describing: outcome.terminal))")
        #expect(other.requests.first?.target == "/landed")
    }

    @Test("a redirect to another origin whose address drops the key is followed without it")
    func keylessAddressIsFollowed() throws {
        let other = try Self.landing()
        let origin = try Self.redirecting(302, to: other.baseURL + "/landed?q=fox")
        defer {
            origin.stop()
            other.stop()
        }
        let outcome = Network(timeout: 10).perform(
            PreparedRequest(
                url: origin.baseURL + "/api/", parameters: ["key": "key-0123456789", "q": "fox"])
        ).outcome(timeout: 20)
        #expect(outcome.values == [Data("{}".utf8)])
        #expect(other.requests.first?.target == "/landed?q=fox")
    }

    @Test("a form body holding the API key is not re-sent to another origin by a 307")
    func keyInFormBodyStaysHome() throws {
        let other = try Self.landing()
        let origin = try Self.redirecting(307, to: other.baseURL + "/landed")
        defer {
            origin.stop()
            other.stop()
        }
        let outcome = Network(timeout: 10).perform(
            PreparedRequest(
                url: origin.baseURL + "/api", method: .post,
                parameters: ["key": "form-key-0123456789", "q": "fox"])
        ).outcome(timeout: 20)
        #expect(outcome.error != nil)
        #expect(other.requests.isEmpty)
        for text in [outcome.error?.description ?? "", outcome.error?.debugDescription ?? ""] {
            #expect(!text.contains("form-key-0123456789"))
        }
    }

    @Test("307 and 308 re-send the method and the body", arguments: [307, 308])
    func temporaryAndPermanentKeepTheBody(status: Int) throws {
        let server = try LoopbackHTTPServer { request in
            request.target == "/api"
                ? .respond(status: status, headers: ["Location": "/moved"]) : .json("{}")
        }
        defer { server.stop() }
        let outcome = Network(timeout: 10).perform(
            PreparedRequest(
                url: server.baseURL + "/api", method: .post,
                headers: ["Content-Type": "application/json"], body: Self.body)
        ).outcome(timeout: 20)
        #expect(outcome.values == [Data("{}".utf8)])
        let moved = try #require(server.requests.last)
        #expect(moved.target == "/moved")
        #expect(moved.method == "POST")
        #expect(moved.body == Self.body)
        #expect(moved.headers["content-type"] == "application/json")
    }

    @Test(
        "303, and 301/302 after a POST, continue with a GET without the body",
        arguments: [301, 302, 303])
    func seeOtherBecomesGet(status: Int) throws {
        let server = try LoopbackHTTPServer { request in
            request.target == "/api"
                ? .respond(status: status, headers: ["Location": "/result"]) : .json("{}")
        }
        defer { server.stop() }
        let outcome = Network(timeout: 10).perform(
            PreparedRequest(
                url: server.baseURL + "/api", method: .post,
                headers: ["Content-Type": "application/json"], body: Self.body)
        ).outcome(timeout: 20)
        #expect(outcome.values == [Data("{}".utf8)])
        let result = try #require(server.requests.last)
        #expect(result.target == "/result")
        #expect(result.method == "GET")
        #expect(result.body.isEmpty)
        #expect(result.headers["content-type"] == nil)
    }

    @Test("a PUT answered 301 keeps its method and body")
    func putKeepsBodyOnMovedPermanently() throws {
        let server = try LoopbackHTTPServer { request in
            request.target == "/api"
                ? .respond(status: 301, headers: ["Location": "/moved"]) : .json("{}")
        }
        defer { server.stop() }
        let outcome = Network(timeout: 10).perform(
            PreparedRequest(url: server.baseURL + "/api", method: .put, body: Self.body)
        ).outcome(timeout: 20)
        #expect(outcome.values == [Data("{}".utf8)])
        let moved = try #require(server.requests.last)
        #expect(moved.method == "PUT")
        #expect(moved.body == Self.body)
    }

    @Test("a relative Location keeps its trailing slash")
    func relativeLocationKeepsSlash() throws {
        let server = try LoopbackHTTPServer { request in
            request.target == "/api"
                ? .respond(status: 302, headers: ["Location": "/a/"]) : .json("{}")
        }
        defer { server.stop() }
        let outcome = Network(timeout: 10).perform(PreparedRequest(url: server.baseURL + "/api"))
            .outcome(timeout: 20)
        #expect(outcome.values == [Data("{}".utf8)])
        #expect(server.requests.last?.target == "/a/")
    }
}
