import Foundation
import ImageSearchModel
import Signalbox

/// A `Networking` for tests: records every request and answers from a closure, at once or
/// after a delay on a `TestScheduler` (virtual time).
///
/// It counts how many requests were started, answered and cancelled (disposed before the
/// answer), so tests can assert "no second request" and "disposal cancels".
///
/// Candidate for `SignalboxTesting` once that target exists.
final class StubNetwork: Networking, @unchecked Sendable {
    // Safety: `log` is a `Protected` value; everything else is immutable.

    /// One request as the model sent it.
    struct Request: Equatable, Sendable {
        enum Kind: Equatable, Sendable { case json, image }
        let kind: Kind
        let url: String
        let parameters: [String: String]

        /// The `page` parameter as a number, if any.
        var page: Int? { parameters["page"].flatMap { Int($0) } }
    }

    private struct Log {
        var requests: [Request] = []
        var answered = 0
        var cancelled = 0
    }

    private let scheduler: TestScheduler?
    private let delay: TimeInterval
    private let respond: @Sendable (Request) -> Result<Data, NetworkError>
    private let log = Protected(Log())

    /// - Parameters:
    ///   - scheduler: Where answers are scheduled; `nil` answers synchronously on start.
    ///   - delay: Seconds of virtual time before each answer.
    ///   - respond: The answer to each request.
    init(
        scheduler: TestScheduler? = nil, delay: TimeInterval = 0,
        respond: @escaping @Sendable (Request) -> Result<Data, NetworkError>
    ) {
        self.scheduler = scheduler
        self.delay = delay
        self.respond = respond
    }

    /// Every request started so far, in order.
    var requests: [Request] { log.value.requests }
    /// How many requests received their answer.
    var answeredCount: Int { log.value.answered }
    /// How many requests were disposed before their answer.
    var cancelledCount: Int { log.value.cancelled }

    func requestJSON(url: String, parameters: [String: String]) -> SignalProducer<
        Data, NetworkError
    > {
        producer(for: Request(kind: .json, url: url, parameters: parameters))
    }

    func requestImage(url: String) -> SignalProducer<Data, NetworkError> {
        producer(for: Request(kind: .image, url: url, parameters: [:]))
    }

    private func producer(for request: Request) -> SignalProducer<Data, NetworkError> {
        SignalProducer { observer, lifetime in
            self.log.withValue { $0.requests.append(request) }
            let isAnswered = Protected(false)
            let answer = {
                isAnswered.withValue { $0 = true }
                let result = self.respond(request)
                self.log.withValue { $0.answered += 1 }
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
                self.log.withValue { $0.cancelled += 1 }
            }
        }
    }
}

extension StubNetwork {
    /// A stub that serves a search of `totalHits` hits in pages of `perPage` (last page
    /// short), with ids numbered from 1 in order.
    static func pages(
        totalHits: Int, perPage: Int, scheduler: TestScheduler? = nil, delay: TimeInterval = 0
    ) -> StubNetwork {
        StubNetwork(scheduler: scheduler, delay: delay) { request in
            let page = request.page ?? 1
            let first = (page - 1) * perPage
            let count = max(0, min(perPage, totalHits - first))
            return .success(
                Fixtures.responseData(
                    totalHits: totalHits, count: count, firstID: UInt64(first + 1)))
        }
    }
}
