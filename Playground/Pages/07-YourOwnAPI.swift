import Foundation
import ImageSearchModel
import ImageSearchTesting
import Signalbox
import SignalboxTesting

/// Page 7: your own API in 30 lines — request objects, one client, a `ModelController`.
///
/// The model layer is not only for Pixabay. A request type per endpoint names its response
/// type (decoded as JSON by default) and says how to call it; any `Networking` performs it
/// with `send(_:)`, returning a `SignalProducer` of the decoded response; a
/// `ModelController` turns a load into "idle / updating / updated / failed" for a screen,
/// with `refresh` as the guard against a second load in flight.
///
/// Here a small todo service is served by a `StubNetwork` answering in virtual time: the
/// same stubs a test uses. With `Network()` instead, the same code talks HTTP.
func yourOwnAPI() {
    pageHeading(7, "Your own API in 30 lines: request objects and a ModelController")

    // -- The API: two endpoints, one GET and one POST (this is the 30 lines).
    struct Todo: Codable, Equatable, Sendable {
        let id: Int
        let title: String
    }
    struct ListTodos: NetworkRequest {
        typealias Response = [Todo]
        var url: String { "https://todo.example/api/todos" }
    }
    struct CreateTodo: NetworkRequest {
        typealias Response = Todo
        let title: String
        var url: String { "https://todo.example/api/todos" }
        var method: HTTPMethod { .post }
        var headers: [String: String] { ["Content-Type": "application/json"] }
        var body: Data? { try? JSONEncoder().encode(["title": title]) }
    }

    // -- A stub server in virtual time: typed answers, no class to write.
    let clock = TestScheduler()
    let stored = TourBox<[Todo]>([Todo(id: 1, title: "Buy milk")])
    let network = StubNetwork.primed([], scheduler: clock, delay: 0.2)
        .answering(ListTodos.self) { _ in .success(stored.value) }
        .answering(CreateTodo.self) { request in
            let todo = Todo(id: stored.value.count + 1, title: request.title)
            stored.value.append(todo)
            return .success(todo)
        }

    section("a ModelController loads the list; its state is what a screen renders")
    let todos = ModelController(scheduler: clock) { network.send(ListTodos()) }
    todos.state.producer.startWithValues { state in
        let shown: String
        switch state {
        case .idle: shown = "idle"
        case .updating(let previous): shown = "updating (showing \(previous?.count ?? 0))"
        case .updated(let list): shown = "updated: " + list.map(\.title).joined(separator: ", ")
        case .failed(let error, _): shown = "failed: \(error)"
        }
        print("  \(stamp(clock)) \(shown)")
    }
    todos.refresh.apply().start()
    todos.refresh.apply().startWithFailed { print("  a second refresh while loading: \($0)") }
    clock.advance(by: 0.2)

    section("a POST, then a refresh")
    network.send(CreateTodo(title: "Walk the fox")).startWithResult { result in
        print("  \(stamp(clock)) created: \((try? result.get().title) ?? "failed")")
        todos.refresh.apply().start()
    }
    clock.run()
    print("  requests made: \(network.requests.map { "\($0.method.rawValue) \($0.url)" })")
    print("  GET /todos made \(network.callCount(of: ListTodos())) times")
}

/// A value the tour's stub server changes (the tour runs on one thread).
final class TourBox<Value>: @unchecked Sendable {
    // Safety: only touched on the tour's thread (virtual time runs on the caller).
    var value: Value
    init(_ value: Value) { self.value = value }
}
