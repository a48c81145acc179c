import Foundation
import ImageSearchModel
import Signalbox

/// A `Networking` for tests: records every request and answers from a closure, at once or
/// after a delay on a `TestScheduler` (virtual time).
///
/// It counts how many requests were started, answered and cancelled (disposed before the
/// answer), so tests can assert "no second request" and "disposal cancels" without a
/// network or a sleep.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let network = StubNetwork(scheduler: scheduler, delay: 0.5) { request in
///     .success(Data("{\"totalHits\":0,\"hits\":[]}".utf8))
/// }
/// let search = ImageSearch(network: network)
/// ```
public final class StubNetwork: Networking, @unchecked Sendable {
    // Safety: `log` is only read or written while holding `lock`; everything else is
    // immutable.

    /// One request as the model sent it.
    public struct Request: Equatable, Sendable {
        /// Which `Networking` method made the request.
        public enum Kind: Equatable, Sendable {
            /// `requestJSON(url:parameters:)`.
            case json
            /// `requestImage(url:)`.
            case image
        }

        /// Which method made the request.
        public let kind: Kind
        /// The requested address.
        public let url: String
        /// The query parameters (empty for images).
        public let parameters: [String: String]

        /// Creates a request record (to compare with `requests`).
        ///
        /// - Parameters:
        ///   - kind: Which method made the request.
        ///   - url: The requested address.
        ///   - parameters: The query parameters.
        public init(kind: Kind, url: String, parameters: [String: String]) {
            self.kind = kind
            self.url = url
            self.parameters = parameters
        }

        /// The `page` parameter as a number, if any.
        public var page: Int? { parameters["page"].flatMap { Int($0) } }
    }

    private struct Log {
        var requests: [Request] = []
        var answered = 0
        var cancelled = 0
    }

    private let scheduler: TestScheduler?
    private let delay: TimeInterval
    private let respond: @Sendable (Request) -> Result<Data, NetworkError>
    private let lock = NSLock()
    private var log = Log()

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

    /// Every request started so far, in order.
    public var requests: [Request] { lock.withLock { log.requests } }
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

    private func producer(for request: Request) -> SignalProducer<Data, NetworkError> {
        SignalProducer { observer, lifetime in
            self.lock.withLock { self.log.requests.append(request) }
            let isAnswered = AnsweredFlag()
            let answer = {
                isAnswered.set()
                let result = self.respond(request)
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
                guard !isAnswered.isSet else { return }
                pending?.dispose()
                self.lock.withLock { self.log.cancelled += 1 }
            }
        }
    }
}

/// Whether a stubbed request was answered; set on the answering thread, read at disposal.
private final class AnsweredFlag: @unchecked Sendable {
    // Safety: `value` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
