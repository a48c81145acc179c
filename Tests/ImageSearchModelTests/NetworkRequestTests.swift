import Foundation
import ImageSearchModel
import ImageSearchTesting
import Signalbox
import SignalboxLocks
import SignalboxTesting
import TestThreads
import Testing

/// A small JSON service, modelled with request objects: what a user writes for their own API.
enum TodoAPI {
    static let base = "https://todo.example/api"

    struct Todo: Codable, Equatable, Sendable {
        let id: Int
        let title: String
    }

    /// `GET /todos?done=…`.
    struct List: NetworkRequest {
        typealias Response = [Todo]
        var done = false
        var url: String { TodoAPI.base + "/todos" }
        var parameters: [String: String] { ["done": done ? "true" : "false"] }
    }

    /// `POST /todos` with a JSON body.
    struct Create: NetworkRequest {
        typealias Response = Todo
        let title: String
        var url: String { TodoAPI.base + "/todos" }
        var method: HTTPMethod { .post }
        var headers: [String: String] { ["Content-Type": "application/json"] }
        var body: Data? { try? JSONEncoder().encode(["title": title]) }
    }
}

/// A transport written against 0.1.0: only `requestJSON` and `requestImage`.
final class LegacyNetwork: Networking, @unchecked Sendable {
    // Safety: `calls` is only touched under `lock`.
    private let lock = Lock()
    private var calls: [String] = []
    var recorded: [String] { lock.withLock { calls } }

    func requestJSON(url: String, parameters: [String: String]) -> SignalProducer<
        Data, NetworkError
    > {
        lock.withLock { calls.append("json \(url) \(parameters.sorted { $0.key < $1.key })") }
        return SignalProducer(value: Data(#"[{"id":1,"title":"milk"}]"#.utf8))
    }

    func requestImage(url: String) -> SignalProducer<Data, NetworkError> {
        lock.withLock { calls.append("image \(url)") }
        return SignalProducer(value: Data([0x89, 0x50, 0x4E, 0x47]))
    }
}

@Suite("request objects", .ownThreads)
struct NetworkRequestTests {
    @Test("defaults: GET, no parameters, headers or body; JSON for a Decodable response")
    func defaults() {
        struct Ping: NetworkRequest {
            typealias Response = [String: Int]
            var url: String { "https://x.example/ping" }
        }
        let ping = Ping()
        #expect(ping.method == .get)
        #expect(ping.parameters.isEmpty && ping.headers.isEmpty && ping.body == nil)
        #expect(ping.expectedContent == .json)
        #expect(ImageDownloadRequest(url: "https://x.example/a.png").expectedContent == .image)
    }

    @Test("the default decoding is JSON; anything else is incorrectDataReturned")
    func decoding() throws {
        let list = TodoAPI.List()
        #expect(
            try list.decode(Data(#"[{"id":3,"title":"eggs"}]"#.utf8)) == [
                .init(id: 3, title: "eggs")
            ])
        #expect(throws: NetworkError.incorrectDataReturned) {
            try list.decode(Data("<html>".utf8))
        }
    }

    @Test("send performs the request and decodes it, through a primed stub")
    func sendThroughStub() throws {
        let created = Data(#"{"id":9,"title":"bread"}"#.utf8)
        let network = StubNetwork.primed([
            .init(url: TodoAPI.base + "/todos", method: .post, result: .success(created)),
            .init(
                url: TodoAPI.base + "/todos", method: .get, parameters: ["done": "false"],
                result: .success(Data("[]".utf8))),
        ])
        let todo = network.send(TodoAPI.Create(title: "bread")).outcome()
        #expect(todo.values == [.init(id: 9, title: "bread")])
        let list = network.send(TodoAPI.List()).outcome()
        #expect(list.values == [[]])
        let missing = network.send(TodoAPI.List(done: true)).outcome()
        #expect(
            missing.error
                == .invalidRequest(message: "no stubbed answer for GET \(TodoAPI.base)/todos"))
        let post = try #require(network.requests.first)
        #expect(post.method == .post)
        #expect(post.headers == ["Content-Type": "application/json"])
        #expect(post.body == TodoAPI.Create(title: "bread").body)
        #expect(network.callCount(url: TodoAPI.base + "/todos", method: .get) == 2)
        #expect(network.callCount(of: TodoAPI.List()) == 1)
    }

    @Test("typed answers for a user's request type, synchronously or in virtual time")
    func typedAnswers() {
        let scheduler = TestScheduler()
        let network = StubNetwork.primed([], scheduler: scheduler, delay: 1)
            .answering(TodoAPI.List.self) { request in
                request.done
                    ? .failure(.serverError(statusCode: 503)) : .success([.init(id: 1, title: "a")])
            }
        let values = Atomic<[[TodoAPI.Todo]]>([])
        network.send(TodoAPI.List()).startWithResult { result in
            if case .success(let value) = result { values.modify { $0.append(value) } }
        }
        #expect(values.value.isEmpty)
        scheduler.advance(by: 1)
        #expect(values.value == [[.init(id: 1, title: "a")]])
        #expect(network.callCount(of: TodoAPI.List()) == 1)
        #expect(network.answeredCount == 1)
    }

    @Test("a 0.1.0 transport serves plain GETs of request objects and refuses the rest")
    func legacyConformer() {
        let network = LegacyNetwork()
        #expect(network.send(TodoAPI.List()).outcome().values == [[.init(id: 1, title: "milk")]])
        let image = network.send(ImageDownloadRequest(url: "https://x.example/a.png")).outcome()
        #expect(image.values.count == 1)
        let post = network.send(TodoAPI.Create(title: "x")).outcome()
        #expect(post.error?.description.contains("plain GET requests only") == true)
        #expect(
            network.recorded == [
                "json https://todo.example/api/todos [(key: \"done\", value: \"false\")]",
                "image https://x.example/a.png",
            ])
    }

    @Test("a Pixabay page is a request object with the search's parameters")
    func pixabayRequest() throws {
        let pixabay = try Pixabay(apiKey: "k-1234", perPage: 20)
        let request = PixabaySearchRequest(pixabay: pixabay, query: "red fox", page: 3)
        #expect(request.url == Pixabay.defaultBaseURL)
        #expect(request.method == .get)
        #expect(request.parameters["page"] == "3")
        #expect(request.parameters["key"] == "k-1234")
        #expect(request.cacheKey.hasPrefix(Pixabay.defaultBaseURL + "?"))
        let network = StubNetwork { _ in .success(Fixtures.responseData(totalHits: 1, count: 1)) }
        #expect(
            network.send(request).outcome().values == [Fixtures.response(totalHits: 1, count: 1)])
        #expect(
            network.requests == [
                .init(kind: .json, url: request.url, parameters: request.parameters)
            ])
    }
}
