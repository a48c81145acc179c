import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import Signalbox
import TestThreads
import Testing

/// `Network` against a real HTTP server on 127.0.0.1 that each test starts and stops.
@Suite("Network over loopback HTTP", .serialized, .ownThreads)
struct NetworkIntegrationTests {
    static let key = "SECRET-api-key-0123456789"
    static let pngBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D])

    /// A server answering with `reply`, and a network that records its log lines.
    private final class Harness: Sendable {
        let server: LoopbackHTTPServer
        let network: Network
        let lines = Atomic<[String]>([])

        init(
            timeout: TimeInterval = 10, maximumBodySize: Int = Network.defaultMaximumBodySize,
            reply: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply
        ) throws {
            server = try LoopbackHTTPServer(handler: reply)
            let lines = self.lines
            // Images come from the loopback server too: a search server on a private address
            // allows them.
            network = Network(
                timeout: timeout, maximumBodySize: maximumBodySize,
                log: { line in lines.modify { $0.append(line) } },
                imageHosts: ImageHostPolicy(searchServer: server.baseURL))
        }

        /// Stops the server and checks that the log named the request, without the key.
        func finish(sourceLocation: SourceLocation = #_sourceLocation) {
            server.stop()
            for line in lines.value {
                #expect(
                    !line.contains(NetworkIntegrationTests.key), "log leaks the key: \(line)",
                    sourceLocation: sourceLocation)
            }
            #expect(
                lines.value.contains { $0.contains("key=REDACTED") },
                sourceLocation: sourceLocation)
        }
    }

    private func searchParameters(_ query: String = "red fox") -> [String: String] {
        ["key": Self.key, "q": query, "page": "1"]
    }

    /// Expects `outcome` to fail with `expected`, with no trace of the key in any text.
    private func expectFailure(
        _ outcome: Outcome<Data, NetworkError>, _ expected: NetworkError,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(outcome.values.isEmpty, sourceLocation: sourceLocation)
        #expect(outcome.error == expected, sourceLocation: sourceLocation)
        if let error = outcome.error {
            for text in [
                error.description, error.debugDescription, String(describing: error),
                String(reflecting: error), "\(error.localizedDescription)",
            ] {
                #expect(
                    !text.contains(Self.key), "leaks the key: \(text)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    @Test("query parameters are percent-encoded: spaces, &, =, +, non-ASCII")
    func queryEncoding() throws {
        let harness = try Harness(reply: { _ in .json("{}") })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let parameters = [
            "key": Self.key, "q": "red fox & hen = 1+1 café 狐", "image_type": "photo",
        ]
        let outcome = network.requestJSON(url: server.baseURL + "/api/", parameters: parameters)
            .outcome()
        #expect(outcome.completed)
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.target.hasPrefix("/api/?"))
        #expect(request.query == parameters)
        #expect(
            request.rawQuery.contains("q=red%20fox%20%26%20hen%20%3D%201%2B1%20caf%C3%A9%20"))
        #expect(!request.rawQuery.contains("+"))
    }

    @Test("a 200 JSON response is sent once, then the producer completes")
    func okJSON() throws {
        let body = #"{"totalHits": 0, "hits": []}"#
        let harness = try Harness(reply: { _ in .json(body) })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let outcome = network.requestJSON(
            url: server.baseURL + "/api/", parameters: searchParameters()
        )
        .outcome()
        #expect(outcome.values == [Data(body.utf8)])
        #expect(outcome.completed)
    }

    @Test("events are delivered off the thread that started the request")
    func deliveredOffCallerThread() throws {
        let harness = try Harness(reply: { _ in .json("[]") })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let callerThread = Thread.current
        let threads = Atomic<[Bool]>([])
        _ = network.requestJSON(url: server.baseURL, parameters: searchParameters())
            .on(event: { _ in threads.modify { $0.append(Thread.current == callerThread) } })
            .outcome()
        #expect(threads.value == [false, false])
    }

    @Test(
        "HTTP error statuses map to typed errors",
        arguments: [
            (
                400, "[ERROR 400] \"page\" is out of valid range.",
                NetworkError.invalidRequest(
                    message: "[ERROR 400] \"page\" is out of valid range.")
            ),
            (401, "Unauthorized", .invalidRequest(message: "Unauthorized")),
            (403, "", .invalidRequest(message: "HTTP 403 (Forbidden)")),
            (
                404, "<html><body>Not here</body></html>",
                .invalidRequest(message: "HTTP 404 (Not Found)")
            ),
            (500, "oops", .serverError(statusCode: 500)),
            (503, "maintenance", .serviceUnavailable(retryAfter: nil)),
        ])
    func statuses(status: Int, body: String, expected: NetworkError) throws {
        let harness = try Harness(reply: { _ in .text(body, status: status) })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let outcome = network.requestJSON(
            url: server.baseURL + "/api/", parameters: searchParameters()
        )
        .outcome()
        expectFailure(outcome, expected)
    }

    @Test("a 4xx text that echoes the key is redacted")
    func echoedKeyIsRedacted() throws {
        let harness = try Harness(reply: { request in
            .text("[ERROR 400] Invalid API key: \(request.query["key"] ?? "")", status: 400)
        })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let outcome = network.requestJSON(url: server.baseURL, parameters: searchParameters())
            .outcome()
        expectFailure(
            outcome, .invalidRequest(message: "[ERROR 400] Invalid API key: REDACTED"))
    }

    @Test("a 4xx text that echoes the key cut short by the server is redacted")
    func echoedCutKeyIsRedacted() throws {
        let harness = try Harness(reply: { request in
            let key = request.query["key"] ?? ""
            return .text(
                "[ERROR 400] Invalid API key: \(key.dropLast(1))… (truncated)", status: 400)
        })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let outcome = network.requestJSON(url: server.baseURL, parameters: searchParameters())
            .outcome()
        expectFailure(
            outcome, .invalidRequest(message: "[ERROR 400] Invalid API key: REDACTED… (truncated)"))
    }

    @Test("429 reads Retry-After, else X-RateLimit-Reset")
    func rateLimited() throws {
        let harness = try Harness(reply: { request in
            request.query["q"] == "a"
                ? .text("Too many", status: 429, headers: ["Retry-After": "30"])
                : .text("Too many", status: 429, headers: ["X-RateLimit-Reset": "12"])
        })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let first = network.requestJSON(url: server.baseURL, parameters: searchParameters("a"))
            .outcome()
        expectFailure(first, .rateLimited(retryAfter: 30))
        let second = network.requestJSON(url: server.baseURL, parameters: searchParameters("b"))
            .outcome()
        expectFailure(second, .rateLimited(retryAfter: 12))
    }

    @Test("malformed JSON passes the network but fails to decode")
    func malformedJSON() throws {
        let harness = try Harness(reply: { _ in .json(#"{"totalHits": 3, "hits": [{"id": "#) })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let outcome = network.requestJSON(url: server.baseURL, parameters: searchParameters())
            .attemptMap { data throws(NetworkError) in try ResponseEntity.decode(from: data) }
            .outcome()
        #expect(outcome.error == .incorrectDataReturned)
    }

    @Test("an HTML page or an empty body given as JSON is incorrect data")
    func htmlAsJSON() throws {
        let harness = try Harness(reply: { request in
            request.query["q"] == "html"
                ? .text(
                    "<!DOCTYPE html><html></html>", status: 200,
                    headers: ["Content-Type": "text/html"])
                : .respond(status: 200)
        })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        for query in ["html", "empty"] {
            let outcome = network.requestJSON(
                url: server.baseURL, parameters: searchParameters(query)
            )
            .outcome()
            expectFailure(outcome, .incorrectDataReturned)
        }
    }

    @Test("a truncated body fails")
    func truncatedBody() throws {
        let harness = try Harness(reply: { _ in
            .truncated(status: 200, declaredLength: 5000, body: Data(#"{"totalHits": 1, "#.utf8))
        })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let outcome = network.requestJSON(url: server.baseURL, parameters: searchParameters())
            .outcome()
        expectFailure(outcome, .connectionLost)
    }

    @Test("a dropped connection fails")
    func droppedConnection() throws {
        let harness = try Harness(reply: { _ in .drop })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let outcome = network.requestJSON(url: server.baseURL, parameters: searchParameters())
            .outcome()
        #expect(outcome.values.isEmpty)
        let error = try #require(outcome.error)
        #expect([.connectionLost, .incorrectDataReturned, .notReachedServer].contains(error))
    }

    @Test("a response slower than the timeout fails with timedOut")
    func slowerThanTimeout() throws {
        let harness = try Harness(timeout: 1, reply: { _ in .hold })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let outcome = network.requestJSON(url: server.baseURL, parameters: searchParameters())
            .outcome()
        expectFailure(outcome, .timedOut)
    }

    @Test("a sub-second timeout is waited for, then fails with timedOut")
    func subSecondTimeout() throws {
        let harness = try Harness(timeout: 0.4, reply: { _ in .hold })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = network.requestJSON(url: server.baseURL, parameters: searchParameters())
            .outcome()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        expectFailure(outcome, .timedOut)
        #expect(elapsed >= 0.35, "failed after \(elapsed) s, before the 0.4 s timeout")
        #expect(server.waitForClientToClose(timeout: 10), "the timed-out request was cancelled")
    }

    @Test("a refused connection fails with notReachedServer")
    func connectionRefused() throws {
        let closed = try LoopbackHTTPServer { _ in .drop }
        let port = closed.port
        closed.stop()
        let network = Network(timeout: 5)
        let outcome = network.requestJSON(
            url: "http://127.0.0.1:\(port)/api/", parameters: searchParameters()
        ).outcome()
        expectFailure(outcome, .notReachedServer)
    }

    @Test("a malformed address fails with invalidRequest before anything is sent")
    func malformedAddress() {
        let network = Network()
        for address in ["not a url", "ftp://127.0.0.1/x", ""] {
            let outcome = network.requestJSON(url: address, parameters: searchParameters())
                .outcome()
            guard case .invalidRequest = outcome.error else {
                Issue.record(
                    "expected invalidRequest for \(address), got \(String(describing: outcome.terminal))"
                )
                continue
            }
            expectFailure(outcome, outcome.error ?? .unknown)
        }
    }

    @Test("a body over the size limit is too large, announced or not")
    func bodyTooLarge() throws {
        let harness = try Harness(
            maximumBodySize: 64 * 1024,
            reply: { request in
                request.query["q"] == "announced"
                    ? .endless(
                        declaredLength: 1_000_000, chunk: Data(repeating: 0x7B, count: 8192),
                        limit: 1_000_000)
                    : .endless(
                        declaredLength: nil, chunk: Data(repeating: 0x7B, count: 8192),
                        limit: 1_000_000)
            }
        )
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        for query in ["announced", "streamed"] {
            let outcome = network.requestJSON(
                url: server.baseURL, parameters: searchParameters(query)
            )
            .outcome()
            expectFailure(outcome, .responseTooLarge(limit: 64 * 1024))
        }
    }

    @Test("the default size limit is 10 MB")
    func defaultLimit() throws {
        let harness = try Harness(reply: { _ in
            .endless(
                declaredLength: nil, chunk: Data(repeating: 0x5B, count: 65_536), limit: 12_000_000)
        })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        #expect(network.maximumBodySize == 10_000_000)
        let outcome = network.requestJSON(url: server.baseURL, parameters: searchParameters())
            .outcome()
        expectFailure(outcome, .responseTooLarge(limit: 10_000_000))
    }

    @Test("requestImage accepts image bytes and refuses an HTML page")
    func imageSignature() throws {
        let harness = try Harness(reply: { request in
            request.target.hasPrefix("/a.png")
                ? .respond(status: 200, headers: ["Content-Type": "image/png"], body: Self.pngBytes)
                : .text(
                    "<html><body>Login</body></html>", status: 200,
                    headers: ["Content-Type": "text/html"])
        })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let image = network.requestImage(url: server.baseURL + "/a.png?key=\(Self.key)")
            .outcome()
        #expect(image.values == [Self.pngBytes])
        #expect(image.completed)
        let page = network.requestImage(url: server.baseURL + "/a.jpg?key=\(Self.key)")
            .outcome()
        expectFailure(page, .incorrectDataReturned)
    }

    @Test("disposing a running request closes its connection")
    func disposalClosesConnection() throws {
        let harness = try Harness(reply: { _ in .hold })
        defer { harness.finish() }
        let (server, network) = (harness.server, harness.network)
        let events = Atomic<[Event<Data, NetworkError>]>([])
        let disposable = network.requestJSON(
            url: server.baseURL, parameters: searchParameters()
        )
        .start { event in events.modify { $0.append(event) } }
        #expect(server.waitForRequest())
        disposable.dispose()
        #expect(server.waitForClientToClose())
        #expect(server.closedByClientCount == 1)
        #expect(events.value == [.interrupted])
    }
}
