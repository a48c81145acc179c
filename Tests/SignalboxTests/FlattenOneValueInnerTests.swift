import Dispatch
import Signalbox
import TestThreads
import Testing

/// `flatMap` of inner producers made by `SignalProducer(value:)`, which the flattener starts
/// without a run of their own: each strategy must treat them exactly as any inner run that
/// sends one value and completes at once.
@Suite("flatMap of one-value inner producers", .ownThreads)
struct FlattenOneValueInnerTests {
    /// An inner producer of each kind: a pending one fed by a pipe, or one value.
    enum Inner {
        case pipe(Int)
        case value(Int)
    }

    /// Flattens the outer values with `strategy`, making each inner from `inners`.
    final class Harness: @unchecked Sendable {
        // Safety: used on the test's thread only.
        let pipes = (0..<4).map { _ in Signal<Int, Never>.pipe() }
        let outer = Signal<Inner, Never>.pipe()
        let events = Recorded<Event<Int, Never>>()
        let disposedPipes = Recorded<Int>()
        var run: Disposable?
        /// Called with each event of the result, after it is recorded.
        var onEvent: (Event<Int, Never>) -> Void = { _ in }

        init(_ strategy: FlattenStrategy) {
            let pipes = pipes
            let disposedPipes = disposedPipes
            run = SignalProducer(outer.output)
                .flatMap(strategy) { (inner: Inner) -> SignalProducer<Int, Never> in
                    switch inner {
                    case .pipe(let index):
                        return SignalProducer(pipes[index].output)
                            .on(disposed: { disposedPipes.append(index) })
                    case .value(let value):
                        return SignalProducer(value: value)
                    }
                }
                .start { [unowned self] event in
                    events.append(event)
                    onEvent(event)
                }
        }

        var values: [Int] { events.items.compactMap(\.value) }
        var terminal: Event<Int, Never>? {
            events.items.last.flatMap { $0.isTerminating ? $0 : nil }
        }
    }

    @Test("concat: a one-value inner waits behind a pending inner run, in order")
    func concatQueuesBehindPending() {
        let harness = Harness(.concat)
        harness.outer.input.send(value: .value(1))
        harness.outer.input.send(value: .pipe(0))
        harness.outer.input.send(value: .value(3))
        harness.outer.input.send(value: .value(4))
        #expect(harness.values == [1])
        harness.pipes[0].input.send(value: 2)
        #expect(harness.values == [1, 2])
        harness.outer.input.sendCompleted()
        #expect(harness.terminal == nil)
        harness.pipes[0].input.sendCompleted()
        #expect(harness.values == [1, 2, 3, 4])
        #expect(harness.terminal == .completed)
    }

    @Test("merge: a one-value inner is delivered at once beside pending inner runs")
    func mergeDeliversAtOnce() {
        let harness = Harness(.merge)
        harness.outer.input.send(value: .pipe(0))
        harness.outer.input.send(value: .value(10))
        harness.pipes[0].input.send(value: 1)
        harness.outer.input.send(value: .value(11))
        harness.outer.input.sendCompleted()
        #expect(harness.values == [10, 1, 11])
        #expect(harness.terminal == nil)
        harness.pipes[0].input.sendCompleted()
        #expect(harness.terminal == .completed)
    }

    @Test("concurrent(limit: 2): a one-value inner waits while two inner runs are going")
    func concurrentLimit() {
        let harness = Harness(.concurrent(limit: 2))
        harness.outer.input.send(value: .pipe(0))
        harness.outer.input.send(value: .pipe(1))
        harness.outer.input.send(value: .value(5))
        #expect(harness.values == [])
        harness.pipes[1].input.sendCompleted()
        #expect(harness.values == [5])
        harness.outer.input.send(value: .value(6))
        #expect(harness.values == [5, 6])
        harness.run?.dispose()
        #expect(harness.terminal == .interrupted)
        // Pipe 1's run ended when it completed, pipe 0's with the result.
        #expect(harness.disposedPipes.items == [1, 0])
    }

    @Test("throttle: a one-value inner is dropped while an inner run is going, else delivered")
    func throttle() {
        let harness = Harness(.throttle)
        harness.outer.input.send(value: .value(1))
        harness.outer.input.send(value: .pipe(0))
        harness.outer.input.send(value: .value(2))
        harness.pipes[0].input.sendCompleted()
        harness.outer.input.send(value: .value(3))
        harness.outer.input.sendCompleted()
        #expect(harness.values == [1, 3])
        #expect(harness.terminal == .completed)
    }

    @Test(
        "latest: a one-value inner disposes the inner run it replaces, whose later values are dropped"
    )
    func latestReplaces() {
        let harness = Harness(.latest)
        harness.outer.input.send(value: .pipe(0))
        harness.pipes[0].input.send(value: 1)
        harness.outer.input.send(value: .value(2))
        #expect(harness.disposedPipes.items == [0])
        harness.pipes[0].input.send(value: 99)
        harness.outer.input.send(value: .value(3))
        harness.outer.input.send(value: .pipe(1))
        harness.outer.input.sendCompleted()
        #expect(harness.values == [1, 2, 3])
        #expect(harness.terminal == nil)
        harness.pipes[1].input.send(value: 4)
        harness.pipes[1].input.sendCompleted()
        #expect(harness.values == [1, 2, 3, 4])
        #expect(harness.terminal == .completed)
    }

    @Test(
        "a one-value inner completes the result with the outer stream",
        arguments: [FlattenStrategy.merge, .concat, .latest, .race, .throttle])
    func completesWithOuter(strategy: FlattenStrategy) {
        let events = Recorded<Event<Int, Never>>()
        SignalProducer<Int, Never>(values: 1, 2, 3)
            .flatMap(strategy) { SignalProducer(value: $0 * 10) }
            .start(events.append)
        let expected: [Event<Int, Never>] =
            strategy == .race
            ? [.value(10), .completed] : [.value(10), .value(20), .value(30), .completed]
        #expect(events.items == expected)
    }

    @Test("latest: a one-value inner sent from inside the result's observer comes right after")
    func latestFromObserver() {
        // The observer receives a value of a pipe's inner run, and sends an outer value
        // meanwhile (re-entrant for the inner pipe, not for the outer stream): the one-value
        // inner's value is delivered after the observer returns, never inside it.
        let harness = Harness(.latest)
        var depth = 0
        var deepest = 0
        harness.outer.input.send(value: .pipe(0))
        harness.onEvent = { event in
            depth += 1
            deepest = max(deepest, depth)
            if event.value == 1 { harness.outer.input.send(value: .value(10)) }
            depth -= 1
        }
        harness.pipes[0].input.send(value: 1)
        harness.pipes[0].input.send(value: 2)
        #expect(harness.values == [1, 10])
        #expect(deepest == 1)
        #expect(harness.disposedPipes.items == [0])
    }

    @Test("disposing the result while a one-value inner's value is delivered ends it once")
    func disposedDuringDelivery() {
        let outer = Signal<Int, Never>.pipe()
        let events = Recorded<Event<Int, Never>>()
        var run: Disposable?
        run = SignalProducer(outer.output)
            .flatMap(.latest) { SignalProducer(value: $0) }
            .start { event in
                events.append(event)
                if event.value == 1 { run?.dispose() }
            }
        outer.input.send(value: 1)
        outer.input.send(value: 2)
        #expect(events.items == [.value(1), .interrupted])
    }

    @Test("latest on real threads: one-value inners and inner runs sending on queues, in order")
    func latestMixedOnThreads() {
        let queues = (0..<3).map { QueueScheduler(name: "inner \($0)") }
        for _ in 0..<20 {
            let (outer, input) = Signal<Int, Never>.pipe()
            let values = Recorded<Int>()
            let done = DispatchSemaphore(value: 0)
            outer.flatMap(.latest) { (n: Int) -> SignalProducer<Int, Never> in
                n.isMultiple(of: 2)
                    ? SignalProducer(value: n)
                    : SignalProducer(values: Array(repeating: n, count: 20))
                        .start(on: queues[n % queues.count])
            }
            .observe { event in
                if let value = event.value { values.append(value) }
                if event.isTerminating { done.signal() }
            }
            for n in 0...300 { input.send(value: n) }
            input.sendCompleted()
            #expect(done.wait(timeout: .now() + 30) == .success)
            let received = values.items
            // No value of a replaced inner run after a newer inner's value.
            #expect(zip(received, received.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(received.last == 300)
            #expect(
                received.filter { $0.isMultiple(of: 2) }
                    == Array(stride(from: 0, through: 300, by: 2)))
        }
    }

    @Test("merge on real threads: every value of one-value inners and of inner runs on queues")
    func mergeMixedOnThreads() {
        let queues = (0..<3).map { QueueScheduler(name: "inner \($0)") }
        let values = Recorded<Int>()
        // Returns once the result has terminated.
        _ = SignalProducer<Int, Never>(values: 0..<200)
            .flatMap(.merge) { (n: Int) -> SignalProducer<Int, Never> in
                n.isMultiple(of: 2)
                    ? SignalProducer(value: n * 100)
                    : SignalProducer(values: (0..<20).map { n * 100 + $0 })
                        .start(on: queues[n % queues.count])
            }
            .on(value: values.append)
            .wait()
        let expected = (0..<200).flatMap { n in
            n.isMultiple(of: 2) ? [n * 100] : (0..<20).map { n * 100 + $0 }
        }
        #expect(values.items.sorted() == expected)
    }

    @Test(
        "a result that ended lets go of what its closures captured, with one-value inners started",
        arguments: [FlattenStrategy.merge, .concat, .latest, .throttle])
    func releasedAfterEnd(strategy: FlattenStrategy) {
        final class Token {}
        /// Starts the flattening of a pipe's values, whose closures capture `token`, and
        /// sends one value.
        func start(capturing token: Token) -> (Signal<Int, Never>.Observer, Disposable) {
            let outer = Signal<Int, Never>.pipe()
            let run = SignalProducer(outer.output)
                .flatMap(strategy) { n in
                    _ = token
                    return SignalProducer(value: n)
                }
                .startWithValues { _ in _ = token }
            outer.input.send(value: 1)
            return (outer.input, run)
        }
        weak var completedToken: Token?
        weak var disposedToken: Token?
        do {
            let token = Token()
            completedToken = token
            start(capturing: token).0.sendCompleted()
        }
        do {
            let token = Token()
            disposedToken = token
            start(capturing: token).1.dispose()
        }
        #expect(completedToken == nil)
        #expect(disposedToken == nil)
    }
}
