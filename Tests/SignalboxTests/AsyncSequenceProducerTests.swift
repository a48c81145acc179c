import Foundation
import Observation
import Signalbox
import TestThreads
import Testing

/// An `@Observable` model, main-actor isolated, as apps write them.
@MainActor @Observable
private final class Draft {
    var title = "untitled"
}

private enum FeedError: Error, Equatable {
    case broken
}

/// An async sequence with a typed failure: counts `from` down to 1, then fails if asked to.
private struct Countdown: AsyncSequence, Sendable {
    typealias Element = Int
    typealias Failure = FeedError
    let from: Int
    let failsAtEnd: Bool

    struct AsyncIterator: AsyncIteratorProtocol {
        var next: Int
        let failsAtEnd: Bool

        mutating func next(isolation actor: isolated (any Actor)?) async throws(FeedError)
            -> Int?
        {
            guard next > 0 else {
                if failsAtEnd { throw .broken }
                return nil
            }
            defer { next -= 1 }
            return next
        }

        mutating func next() async throws(FeedError) -> Int? {
            try await next(isolation: nil)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(next: from, failsAtEnd: failsAtEnd)
    }
}

/// The events of one run, and a way to wait (bounded) until they satisfy a condition.
private final class RunLog<Value: Sendable, Failure: Error>: @unchecked Sendable {
    // Safety: `events` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var events: [Event<Value, Failure>] = []

    func record(_ event: Event<Value, Failure>) {
        condition.withLock {
            events.append(event)
            condition.broadcast()
        }
    }

    var values: [Value] { condition.withLock { events.compactMap(\.value) } }
    var last: Event<Value, Failure>? { condition.withLock { events.last } }
    var count: Int { condition.withLock { events.count } }

    /// Waits, off the cooperative pool, until `holds(events)` or `seconds` passed; whether
    /// it holds. Woken by each recorded event (no polling). The bound is generous: the
    /// producer's task needs a thread of the cooperative pool, which the suite's blocking
    /// tests can occupy for seconds (under the thread sanitizer, 10 s were once not enough).
    /// The wait blocks a thread of its own, not one of Dispatch's global pool: a few such
    /// waits at once used up the pool, and another suite's `DispatchQueue.global()` work
    /// then did not start for seconds (CI's thread-sanitizer stage, RunLifetimeTests).
    func wait(
        seconds: Double = 60, until holds: @escaping @Sendable ([Event<Value, Failure>]) -> Bool
    ) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread {
                let deadline = Date().addingTimeInterval(seconds)
                self.condition.lock()
                while !holds(self.events), self.condition.wait(until: deadline) {}
                let result = holds(self.events)
                self.condition.unlock()
                continuation.resume(returning: result)
            }.start()
        }
    }

    /// Waits (bounded) for the run's terminal event.
    func waitForEnd() async -> Bool {
        await wait { $0.last?.isTerminating == true }
    }

    /// Waits (bounded) until the values sent so far are `expected`.
    func waitForValues(_ expected: [Value]) async -> Bool where Value: Equatable {
        await wait { $0.compactMap(\.value) == expected }
    }
}

@Suite("SignalProducer(asyncSequence:): async sequences feed pipelines", .ownThreads)
struct AsyncSequenceProducerTests {
    @Test("sends every element in order, then completes")
    func sendsThenCompletes() async {
        let log = RunLog<Int, FeedError>()
        SignalProducer(asyncSequence: Countdown(from: 3, failsAtEnd: false)).start(log.record)
        #expect(await log.waitForEnd())
        #expect(log.values == [3, 2, 1])
        #expect(log.last?.isCompleted == true)
    }

    @Test("a typed failure of the sequence fails the run with it")
    func failsTyped() async {
        let log = RunLog<Int, FeedError>()
        SignalProducer(asyncSequence: Countdown(from: 2, failsAtEnd: true)).start(log.record)
        #expect(await log.waitForEnd())
        #expect(log.values == [2, 1])
        #expect(log.last?.error == .broken)
    }

    @Test("each start iterates the sequence afresh")
    func eachStartIterates() async {
        let producer = SignalProducer(asyncSequence: Countdown(from: 2, failsAtEnd: false))
        let first = RunLog<Int, FeedError>()
        let second = RunLog<Int, FeedError>()
        producer.start(first.record)
        producer.start(second.record)
        #expect(await first.waitForEnd())
        #expect(await second.waitForEnd())
        #expect(first.values == [2, 1])
        #expect(second.values == [2, 1])
    }

    @Test("disposing the run cancels the iteration: the stream terminates, nothing more is sent")
    func disposalCancels() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let terminated = DispatchSemaphore(value: 0)
        continuation.onTermination = { _ in terminated.signal() }
        let log = RunLog<Int, Never>()
        let disposable = SignalProducer(asyncSequence: stream).start(log.record)
        continuation.yield(1)
        #expect(await log.waitForValues([1]))
        disposable.dispose()
        let cancelled = await withCheckedContinuation { done in
            Thread {
                done.resume(returning: terminated.wait(timeout: .now() + 60) == .success)
            }.start()
        }
        #expect(cancelled)
        continuation.yield(2)
        #expect(log.values == [1])
        // The disposed run's observer was told `.interrupted`, and nothing after it.
        #expect(log.count == 2)
        if case .interrupted? = log.last {} else { Issue.record("expected .interrupted last") }
    }

    @Test("Observations: an @Observable model's property as a producer (Swift 6.2)")
    @MainActor
    func observations() async {
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else { return }
        let draft = Draft()
        let log = RunLog<String, Never>()
        let disposable = SignalProducer(asyncSequence: Observations { draft.title })
            .start(log.record)
        #expect(await log.waitForValues(["untitled"]))
        draft.title = "Owls"
        #expect(await log.wait { $0.compactMap(\.value).last == "Owls" })
        disposable.dispose()
    }
}
