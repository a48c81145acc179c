import Foundation
import ImageSearchModel
import Signalbox
import SignalboxLocks

/// A `Networking` for tests: records every request and answers it at once or after a
/// delay on a `TestScheduler` (virtual time) — from a closure, from answers primed per
/// request (URL, method, parameters), or, for request objects, with typed responses.
///
/// It counts how many requests were started, answered and cancelled (disposed before the
/// answer), and how often each request was made, so tests can assert "no second request"
/// and "disposal cancels" without a network or a sleep.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let network = StubNetwork(scheduler: scheduler, delay: 0.5) { request in
///     .success(Data("{\"totalHits\":0,\"hits\":[]}".utf8))
/// }
/// let search = ImageSearch(network: network)
///
/// // Typed answers for your own request objects, no class to write:
/// let api = StubNetwork.primed([]).answering(TodoList.self) { _ in .success([todo]) }
/// ```
public final class StubNetwork: Networking, @unchecked Sendable {
    // Safety: `log` is only read or written while holding `lock`; everything else is
    // immutable.

    /// One request as the model sent it.
    public struct Request: Equatable, Sendable {
        /// Which `Networking` method made the request.
        public enum Kind: Equatable, Sendable {
            /// `requestJSON(url:parameters:)`, or a request expecting JSON.
            case json
            /// `requestImage(url:)`, or a request expecting an image.
            case image
            /// A request expecting any content.
            case data
        }

        /// Which method made the request.
        public let kind: Kind
        /// The requested address.
        public let url: String
        /// The query parameters (empty for images).
        public let parameters: [String: String]
        /// The HTTP method.
        public let method: HTTPMethod
        /// The header fields sent.
        public let headers: [String: String]
        /// The body sent, if any.
        public let body: Data?

        /// Creates a request record (to compare with `requests`).
        ///
        /// - Parameters:
        ///   - kind: Which method made the request.
        ///   - url: The requested address.
        ///   - parameters: The query parameters.
        ///   - method: The HTTP method (default `.get`).
        ///   - headers: The header fields (default none).
        ///   - body: The body (default none).
        public init(
            kind: Kind, url: String, parameters: [String: String], method: HTTPMethod = .get,
            headers: [String: String] = [:], body: Data? = nil
        ) {
            self.kind = kind
            self.url = url
            self.parameters = parameters
            self.method = method
            self.headers = headers
            self.body = body
        }

        /// The record of `request` as ``StubNetwork`` makes it.
        ///
        /// - Parameter request: A prepared request.
        public init(_ request: PreparedRequest) {
            let kind: Kind
            switch request.expectedContent {
            case .json: kind = .json
            case .image: kind = .image
            case .any: kind = .data
            }
            self.init(
                kind: kind, url: request.url, parameters: request.parameters,
                method: request.method, headers: request.headers, body: request.body)
        }

        /// The `page` parameter as a number, if any.
        public var page: Int? { parameters["page"].flatMap { Int($0) } }
    }

    private struct Log {
        var requests: [Request] = []
        var answered = 0
        var cancelled = 0
    }

    /// An answer primed for the requests it matches.
    public struct Answer: Sendable {
        /// The address a request must have.
        public let url: String
        /// The method it must have, or `nil` for any.
        public let method: HTTPMethod?
        /// The parameters it must have (all of them, exactly), or `nil` for any.
        public let parameters: [String: String]?
        /// What it answers.
        public let result: Result<Data, NetworkError>

        /// Creates an answer.
        ///
        /// - Parameters:
        ///   - url: The address a request must have.
        ///   - method: The method it must have (default: any).
        ///   - parameters: The parameters it must have (default: any).
        ///   - result: The body to send, or the error to fail with.
        public init(
            url: String, method: HTTPMethod? = nil, parameters: [String: String]? = nil,
            result: Result<Data, NetworkError>
        ) {
            self.url = url
            self.method = method
            self.parameters = parameters
            self.result = result
        }

        /// Whether `request` is one this answer is for.
        ///
        /// - Parameter request: A recorded request.
        /// - Returns: Whether the address, method and parameters match.
        public func matches(_ request: Request) -> Bool {
            request.url == url && (method.map { $0 == request.method } ?? true)
                && (parameters.map { $0 == request.parameters } ?? true)
        }
    }

    private let scheduler: TestScheduler?
    private let delay: TimeInterval
    private let respond: @Sendable (Request) -> Result<Data, NetworkError>
    private let lock = Lock()
    private var log = Log()
    /// Typed answers by request type, each a `@Sendable (R) -> Result<R.Response, …>`.
    private var typedAnswers: [ObjectIdentifier: any Sendable] = [:]

    /// Creates a stub answering each request with `respond`.
    ///
    /// - Parameters:
    ///   - scheduler: Where answers are scheduled; `nil` answers synchronously on start.
    ///   - delay: Seconds of virtual time before each answer.
    ///   - respond: The answer to each request.
    public init(
        scheduler: TestScheduler? = nil, delay: TimeInterval = 0,
        respond: @escaping @Sendable (Request) -> Result<Data, NetworkError>
    ) {
        self.scheduler = scheduler
        self.delay = delay
        self.respond = respond
    }

    /// Creates a stub answering each request with the first of `answers` that matches it,
    /// and any other with `.invalidRequest` naming the request.
    ///
    /// - Parameters:
    ///   - answers: The primed answers, tried in order.
    ///   - scheduler: Where answers are scheduled; `nil` answers synchronously on start.
    ///   - delay: Seconds of virtual time before each answer.
    /// - Returns: The stub.
    public static func primed(
        _ answers: [Answer], scheduler: TestScheduler? = nil, delay: TimeInterval = 0
    ) -> StubNetwork {
        StubNetwork(scheduler: scheduler, delay: delay) { request in
            answers.first { $0.matches(request) }?.result
                ?? .failure(
                    .invalidRequest(
                        message: "no stubbed answer for \(request.method.rawValue) \(request.url)"))
        }
    }

    /// Answers every request of type `Request` sent with ``send(_:)`` with `answer`,
    /// bypassing encoding and decoding (the request is still recorded and counted).
    ///
    /// - Parameters:
    ///   - type: The request type.
    ///   - answer: The response, or the error, for a request.
    /// - Returns: This stub, to chain calls.
    @discardableResult
    public func answering<Request: NetworkRequest>(
        _ type: Request.Type,
        with answer: @escaping @Sendable (Request) -> Result<Request.Response, NetworkError>
    ) -> StubNetwork {
        lock.withLock { typedAnswers[ObjectIdentifier(type)] = answer }
        return self
    }

    /// Every request started so far, in order.
    public var requests: [Request] { lock.withLock { log.requests } }

    /// How many times a request matching `url`, `method` and `parameters` was started.
    ///
    /// - Parameters:
    ///   - url: The address.
    ///   - method: The method, or `nil` for any.
    ///   - parameters: The exact parameters, or `nil` for any.
    /// - Returns: The number of matching requests.
    public func callCount(
        url: String, method: HTTPMethod? = nil, parameters: [String: String]? = nil
    ) -> Int {
        let answer = Answer(
            url: url, method: method, parameters: parameters, result: .success(Data()))
        return requests.filter(answer.matches).count
    }

    /// How many times `request` (the same address, method, parameters, headers and body)
    /// was started.
    ///
    /// - Parameter request: A request object.
    /// - Returns: The number of identical requests.
    public func callCount<R: NetworkRequest>(of request: R) -> Int {
        let record = Request(PreparedRequest(request))
        return requests.filter { $0 == record }.count
    }
    /// How many requests received their answer.
    public var answeredCount: Int { lock.withLock { log.answered } }
    /// How many requests were disposed before their answer.
    public var cancelledCount: Int { lock.withLock { log.cancelled } }

    /// Records a JSON request and answers it from `respond`.
    ///
    /// - Parameters:
    ///   - url: The endpoint.
    ///   - parameters: The query parameters.
    /// - Returns: A producer sending the answer's data and completing, or failing.
    public func requestJSON(url: String, parameters: [String: String]) -> SignalProducer<
        Data, NetworkError
    > {
        producer(for: Request(kind: .json, url: url, parameters: parameters))
    }

    /// Records an image request and answers it from `respond`.
    ///
    /// - Parameter url: The image's address.
    /// - Returns: A producer sending the answer's data and completing, or failing.
    public func requestImage(url: String) -> SignalProducer<Data, NetworkError> {
        producer(for: Request(kind: .image, url: url, parameters: [:]))
    }

    /// Records `request` and answers it from the primed answers or the closure.
    ///
    /// - Parameter request: The request.
    /// - Returns: A producer sending the answer's data and completing, or failing.
    public func perform(_ request: PreparedRequest) -> SignalProducer<Data, NetworkError> {
        producer(for: Request(request))
    }

    /// Answers from the typed answer registered for `Request`, if any; otherwise
    /// ``perform(_:)`` and the request's decoding.
    ///
    /// - Parameter request: The request object.
    /// - Returns: A producer of the response.
    public func send<R: NetworkRequest>(_ request: R) -> SignalProducer<R.Response, NetworkError> {
        let typed = lock.withLock { typedAnswers[ObjectIdentifier(R.self)] }
        guard let answer = typed as? @Sendable (R) -> Result<R.Response, NetworkError> else {
            return perform(PreparedRequest(request)).attemptMap { data throws(NetworkError) in
                try request.decode(data)
            }
        }
        return producer(for: Request(PreparedRequest(request))) { _ in answer(request) }
    }

    private func producer(for request: Request) -> SignalProducer<Data, NetworkError> {
        producer(for: request) { self.respond($0) }
    }

    private func producer<Value>(
        for request: Request, answering respond: @escaping (Request) -> Result<Value, NetworkError>
    ) -> SignalProducer<Value, NetworkError> {
        SignalProducer { observer, lifetime in
            self.lock.withLock { self.log.requests.append(request) }
            // Set on the answering thread, read at disposal.
            let isAnswered = Atomic(false)
            let answer = {
                isAnswered.value = true
                let result = respond(request)
                self.lock.withLock { self.log.answered += 1 }
                switch result {
                case .success(let data):
                    observer.send(value: data)
                    observer.sendCompleted()
                case .failure(let error):
                    observer.send(error: error)
                }
            }
            guard let scheduler = self.scheduler else {
                answer()
                return
            }
            let pending = scheduler.schedule(afterDelay: self.delay, action: answer)
            lifetime.observeEnded {
                guard !isAnswered.value else { return }
                pending?.dispose()
                self.lock.withLock { self.log.cancelled += 1 }
            }
        }
    }
}
