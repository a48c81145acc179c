import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import Signalbox
import TestThreads
import Testing

/// `Network` performing request objects — any method, headers and body — against a loopback
/// server with 1–20 ms of latency, with the same error handling as its GETs.
@Suite("Network with request objects against a loopback server", .serialized, .ownThreads)
struct NetworkRequestIntegrationTests {
    struct Todo: Codable, Equatable, Sendable {
        let id: Int
        let title: String
    }

    struct Create: NetworkRequest {
        typealias Response = Todo
        let base: String
        let title: String
        var url: String { base + "/todos" }
        var method: HTTPMethod { .post }
        var headers: [String: String] { ["Content-Type": "application/json", "X-Trace": "t-1"] }
        var body: Data? { try? JSONEncoder().encode(["title": title]) }
    }

    struct Form: NetworkRequest {
        typealias Response = Data
        let base: String
        let method: HTTPMethod
        var url: String { base + "/form" }
        var parameters: [String: String] { ["name": "red fox", "key": "secret-key-1234"] }
    }

    func server(
        _ reply: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply
    ) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(latency: 0.001...0.02, handler: reply)
    }

    @Test("a POST sends its method, headers and JSON body and decodes the answer")
    func post() throws {
        let server = try server { request in
            let title = (try? JSONDecoder().decode([String: String].self, from: request.body))?[
                "title"]
            return .json("{\"id\":7,\"title\":\"\(title ?? "?")\"}", status: 201)
        }
        defer { server.stop() }
        let outcome = Network(timeout: 5).send(Create(base: server.baseURL, title: "milk"))
            .outcome()
        #expect(outcome.values == [Todo(id: 7, title: "milk")])
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.target == "/todos")
        #expect(request.headers["x-trace"] == "t-1")
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["accept"] == "application/json")
    }

    @Test(
        "parameters: a form body for POST, PUT and PATCH; the query for GET, DELETE and HEAD",
        arguments: HTTPMethod.allCases)
    func parameters(method: HTTPMethod) throws {
        let server = try server { _ in .respond(status: 200, body: Data()) }
        defer { server.stop() }
        let outcome = Network(timeout: 5).send(Form(base: server.baseURL, method: method)).outcome()
        #expect(
            outcome.values == [Data()],
            "an empty body is accepted for `.any`: \(String(describing: outcome.error))")
        let request = try #require(server.requests.first)
        #expect(request.method == method.rawValue)
        if method.sendsParametersInQuery {
            #expect(request.query == ["name": "red fox", "key": "secret-key-1234"])
            #expect(request.body.isEmpty)
        } else {
            #expect(request.rawQuery.isEmpty)
            #expect(request.headers["content-type"] == "application/x-www-form-urlencoded")
            #expect(
                String(decoding: request.body, as: UTF8.self)
                    == "key=secret-key-1234&name=red%20fox")
        }
    }

    @Test(
        "a POST maps errors as a GET does, and never shows the key",
        arguments: [
            (
                LoopbackHTTPServer.Reply.text("no", status: 429, headers: ["Retry-After": "12"]),
                NetworkError.rateLimited(retryAfter: 12)
            ),
            (
                .text("down", status: 503, headers: ["Retry-After": "1e19"]),
                NetworkError.serviceUnavailable(retryAfter: nil)
            ),
            (.text("boom", status: 500), NetworkError.serverError(statusCode: 500)),
            (
                .text("bad key secret-key-1234", status: 400),
                NetworkError.invalidRequest(message: "bad key REDACTED")
            ),
            (.json("not json", status: 200), NetworkError.incorrectDataReturned),
            (.hold, NetworkError.timedOut),
            (.drop, NetworkError.connectionLost),
        ])
    func postErrors(reply: LoopbackHTTPServer.Reply, expected: NetworkError) throws {
        struct Post: NetworkRequest {
            typealias Response = [String: Int]
            let url: String
            var method: HTTPMethod { .post }
            var parameters: [String: String] { ["key": "secret-key-1234"] }
        }
        let server = try server { _ in reply }
        defer { server.stop() }
        let outcome = Network(timeout: 0.5).send(Post(url: server.baseURL + "/x")).outcome()
        let error = try #require(outcome.error)
        if case .connectionLost = expected {
            #expect(
                [.connectionLost, .malformedResponse, .incorrectDataReturned].contains(error),
                "\(error)")
        } else {
            #expect(error == expected)
        }
        #expect(!error.description.contains("secret-key-1234"))
        #expect(!error.debugDescription.contains("secret-key-1234"))
    }

    @Test("a ModelController over Network on a real queue: updating, updated, then failed")
    func modelController() throws {
        struct List: NetworkRequest {
            typealias Response = [Todo]
            let url: String
        }
        let calls = Atomic(0)
        let server = try server { _ in
            let call = calls.modify { value -> Int in
                value += 1
                return value
            }
            return call == 1 ? .json(#"[{"id":1,"title":"milk"}]"#) : .text("down", status: 500)
        }
        defer { server.stop() }
        let scheduler = QueueScheduler(name: "NetworkRequestIntegrationTests.controller")
        let network = Network(timeout: 5)
        let controller = ModelController(scheduler: scheduler) {
            network.send(List(url: server.baseURL + "/todos"))
        }
        let states = Atomic<[LoadState<[Todo], NetworkError>]>([])
        let settled = DispatchSemaphore(value: 0)
        controller.state.producer.startWithValues { state in
            states.modify { $0.append(state) }
            if !state.isUpdating, state != .idle { settled.signal() }
        }
        // The value reaches `state` before the load completes: wait until the action is free
        // again, or the second refresh is refused as still executing.
        let free = DispatchSemaphore(value: 0)
        controller.refresh.isExecuting.signal.observeValues { if !$0 { free.signal() } }
        controller.refresh.apply().start()
        #expect(settled.wait(timeout: .now() + 60) == .success)
        #expect(free.wait(timeout: .now() + 60) == .success)
        controller.refresh.apply().start()
        #expect(settled.wait(timeout: .now() + 60) == .success)
        let list = [Todo(id: 1, title: "milk")]
        #expect(
            states.value == [
                .idle, .updating(previous: nil), .updated(list), .updating(previous: list),
                .failed(.serverError(statusCode: 500), previous: list),
            ])
    }

    @Test("the User-Agent given to Network is sent; a request's own header wins")
    func userAgent() throws {
        struct Own: NetworkRequest {
            typealias Response = Data
            let url: String
            var headers: [String: String] { ["User-Agent": "mine/1"] }
        }
        let server = try server { _ in .respond(status: 200) }
        defer { server.stop() }
        let network = Network(timeout: 5, userAgent: "imagesearch/9.9\r\nX-Evil: 1")
        _ = network.send(Form(base: server.baseURL, method: .get)).outcome()
        _ = network.send(Own(url: server.baseURL)).outcome()
        #expect(
            server.requests.map { $0.headers["user-agent"] } == [
                "imagesearch/9.9X-Evil: 1", "mine/1",
            ])
        #expect(server.requests.allSatisfy { $0.headers["x-evil"] == nil })
    }

    @Test("a header with a line break is refused before anything is sent")
    func headerInjection() throws {
        struct Injected: NetworkRequest {
            typealias Response = Data
            let url: String
            var headers: [String: String] { ["X-A": "1\r\nX-Evil: 2"] }
        }
        let server = try server { _ in .respond(status: 200) }
        defer { server.stop() }
        let outcome = Network(timeout: 2).send(Injected(url: server.baseURL)).outcome()
        #expect(
            outcome.error
                == .invalidRequest(message: "a header name or value holds a line break or NUL"))
        #expect(server.requests.isEmpty)
    }

    @Test("disposing a POST in flight cancels it")
    func cancel() throws {
        let server = try server { _ in .hold }
        defer { server.stop() }
        let disposable = Network(timeout: 10).send(Create(base: server.baseURL, title: "x")).start()
        #expect(server.waitForRequest(timeout: 10))
        disposable.dispose()
        #expect(server.waitForClientToClose(timeout: 10))
    }
}
