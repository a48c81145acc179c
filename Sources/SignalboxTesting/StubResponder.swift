import Foundation
import Signalbox
import SignalboxLocks

/// A stub for a function that returns a producer, such as a search request: each call
/// returns a producer that plays a timeline chosen from the input, on a scheduler.
///
/// It records which inputs were requested and how many runs were started and disposed, so
/// a test can assert that a stale request was cancelled:
///
/// ```swift
/// let scheduler = TestScheduler()
/// let search = StubResponder<String, [String], Never>(on: scheduler) { query in
///     [.value(["\(query) 1"], at: 0.5), .completed(at: 0.5)]
/// }
/// let results = queries.flatMap(.latest) { search.producer(for: $0) }
/// // …
/// #expect(search.disposedRequests == ["cat"])
/// ```
///
/// Times in a timeline are seconds after the run starts. Events at time zero or earlier
/// are sent synchronously when the run starts; later ones are scheduled on the scheduler.
/// Events after the first terminal event of a timeline are ignored. A timeline without a
/// terminal event never ends by itself.
public final class StubResponder<Input, Value, Error: Swift.Error>: @unchecked Sendable {
    // Safety: `state` is only touched under `lock`; `scheduler` and `respond` are immutable.
    private struct State {
        var requests: [Input] = []
        var disposed: [Input] = []
        var active = 0
    }

    private let lock = Lock()
    private var state = State()
    private let scheduler: DateScheduler
    private let respond: (Input) -> [TimedEvent<Value, Error>]

    /// Creates a stub that answers each input with a timeline.
    ///
    /// - Parameters:
    ///   - scheduler: Plays the timelines, usually the test's `TestScheduler`.
    ///   - respond: Chooses the timeline for an input; called once per started run.
    public init(
        on scheduler: DateScheduler,
        respond: @escaping (Input) -> [TimedEvent<Value, Error>]
    ) {
        self.scheduler = scheduler
        self.respond = respond
    }

    /// A producer that, each time it is started, records `input` and plays its timeline.
    ///
    /// - Parameter input: The request.
    /// - Returns: The stubbed response.
    public func producer(for input: Input) -> SignalProducer<Value, Error> {
        SignalProducer { [self] observer, lifetime in
            play(respond(input), for: input, into: observer, lifetime: lifetime)
        }
    }

    /// The same as `producer(for:)`, so the stub can stand in for a function.
    ///
    /// - Parameter input: The request.
    /// - Returns: The stubbed response.
    public func callAsFunction(_ input: Input) -> SignalProducer<Value, Error> {
        producer(for: input)
    }

    /// Every input whose producer was started, in order (once per start).
    public var requests: [Input] { lock.withLock { state.requests } }

    /// The inputs whose runs were disposed before their timeline ended them, in order.
    public var disposedRequests: [Input] { lock.withLock { state.disposed } }

    /// How many runs were started.
    public var startCount: Int { lock.withLock { state.requests.count } }

    /// How many runs were disposed (interrupted, cancelled) before their timeline ended them.
    public var disposalCount: Int { lock.withLock { state.disposed.count } }

    /// How many runs are going on now.
    public var activeRunCount: Int { lock.withLock { state.active } }

    private func play(
        _ timeline: [TimedEvent<Value, Error>], for input: Input,
        into observer: Signal<Value, Error>.Observer, lifetime: Lifetime
    ) {
        lock.withLock {
            state.requests.append(input)
            state.active += 1
        }
        let endedByTimeline = Atomic(false)
        lifetime.observeEnded { [self] in
            let disposed = !endedByTimeline.value
            lock.withLock {
                state.active -= 1
                if disposed { state.disposed.append(input) }
            }
        }
        let events =
            timeline.prefix { !$0.event.isTerminating }
            + timeline.drop { !$0.event.isTerminating }.prefix(1)
        let start = scheduler.currentDate
        for timed in events {
            let send = {
                if timed.event.isTerminating { endedByTimeline.modify { $0 = true } }
                observer.send(timed.event)
            }
            if timed.time <= 0 {
                send()
            } else {
                lifetime += scheduler.schedule(
                    after: start.addingTimeInterval(timed.time), action: send)
            }
            if lifetime.hasEnded { return }
        }
    }
}
