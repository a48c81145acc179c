import Foundation
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

// Behaviours that ReactiveSwift 7.2.1's own specs check and Signalbox now matches (issue 24,
// the examples that failed or did not compile in the harness that runs those specs with only
// the import changed).

@Suite("ReactiveSwift spec parity: operators and sources", .ownThreads)
struct ReactiveSwiftSpecOperatorParityTests {
    @Test("lazyMap delivers the interruption on its scheduler, and no waiting value after disposal")
    func lazyMapInterruptsOnScheduler() {
        let scheduler = TestScheduler()
        let events = Recorded<Signal<Int, Never>.Event>()
        let disposable = SignalProducer<Int, Never>(0..<4)
            .lazyMap(on: scheduler) { $0 * 10 }
            .start { events.append($0) }
        #expect(events.items.isEmpty)
        disposable.dispose()
        #expect(events.items.isEmpty)
        scheduler.run()
        #expect(events.items == [.interrupted])
    }

    @Test("lazyMap still sends the latest value, then completes, on its scheduler")
    func lazyMapCompletesAfterLatest() {
        let scheduler = TestScheduler()
        let events = Recorded<Signal<Int, Never>.Event>()
        SignalProducer<Int, Never>(0..<4)
            .lazyMap(on: scheduler) { $0 * 10 }
            .start { events.append($0) }
        #expect(events.items.isEmpty)
        scheduler.run()
        #expect(events.items == [.value(30), .completed])
    }

    @Test("Signal.never keeps a derived signal's observer until it is disposed")
    func neverKeepsObservers() {
        let disposed = Counter()
        let events = Recorded<Signal<Int, Never>.Event>()
        let disposable = SignalProducer<Int, Never>.empty
            .lift { _ in Signal<Int, Never>.never.on(disposed: { disposed.increment() }) }
            .start { events.append($0) }
        #expect(events.items.isEmpty)
        #expect(disposed.value == 0)
        disposable.dispose()
        #expect(events.items == [.interrupted])
        #expect(disposed.value == 1)
    }

    @Test("Signal.never ends when nothing observes or refers to it")
    func neverEndsWhenUnused() {
        let ended = Counter()
        do {
            let never = Signal<Int, Never>.never
            never.on(disposed: { ended.increment() }).observe { _ in }?.dispose()
        }
        #expect(ended.value == 1)
    }

    @Test("flatMapError's closure may return .init(value:) with no error type to infer")
    func contextualFlatMapError() {
        let recorder = EventRecorder(
            starting: SignalProducer<Int, TestError>(error: .boom)
                .flatMapError { _ in .init(value: 0) })
        #expect(recorder.values == [0])
        #expect(recorder.isCompleted)
    }

    @Test("flatMap on a Never upstream takes the inner producer's error from .init(result:)")
    func contextualFlatMapNeverUpstream() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let events = Recorded<Signal<Int, TestError>.Event>()
        signal
            .flatMap(.latest) { _ in .init(result: Result<Int, TestError>.failure(.boom)) }
            .observe { events.append($0) }
        input.send(value: 1)
        #expect(events.items == [.failed(.boom)])
    }

    @Test("then on a Never upstream adopts the replacement's error type")
    func contextualThenNeverUpstream() {
        let recorder = EventRecorder(
            starting: SignalProducer<Int, Never>.empty
                .then(.init(result: Result<String, TestError>.success("a"))))
        #expect(recorder.values == ["a"])
        #expect(recorder.isCompleted)
    }
}

@Suite("ReactiveSwift spec parity: TestScheduler, Action, properties", .ownThreads)
struct ReactiveSwiftSpecStateParityTests {
    @Test("TestScheduler.run() moves the clock to the distant future once nothing is left")
    func runMovesClockToDistantFuture() {
        let scheduler = TestScheduler()
        let ran = Recorded<Date>()
        scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(5)) {
            ran.append(scheduler.currentDate)
        }
        let start = scheduler.currentDate
        scheduler.run()
        #expect(ran.items == [start.addingTimeInterval(5)])
        #expect(scheduler.currentDate == Date.distantFuture)
    }

    @Test("the async TestScheduler.run() also ends at the distant future, unless told otherwise")
    func asyncRunMovesClockToDistantFuture() async {
        let scheduler = TestScheduler()
        let start = scheduler.currentDate
        let ran = Recorded<Date>()
        scheduler.schedule(after: start.addingTimeInterval(2)) { ran.append(scheduler.currentDate) }
        await scheduler.run()
        #expect(ran.items == [start.addingTimeInterval(2)])
        #expect(scheduler.currentDate == Date.distantFuture)

        let other = TestScheduler()
        other.schedule(after: other.currentDate.addingTimeInterval(2)) {}
        await other.run(leavingClockAtLastAction: true)
        #expect(other.currentDate == start.addingTimeInterval(2))
    }

    @Test("TestScheduler.run(leavingClockAtLastAction: true) keeps the clock at the last action")
    func runLeavingClockAtLastAction() {
        let scheduler = TestScheduler()
        let start = scheduler.currentDate
        scheduler.schedule(after: start.addingTimeInterval(5)) {}
        scheduler.run(leavingClockAtLastAction: true)
        #expect(scheduler.currentDate == start.addingTimeInterval(5))
    }

    @Test("Action.disabledErrors sends once per start refused because the action is disabled")
    func disabledErrors() {
        let enabled = MutableProperty(false)
        let action = Action<Int, Int, Never>(enabledIf: enabled) { SignalProducer(value: $0) }
        let refused = Counter()
        action.disabledErrors.observeValues { refused.increment() }
        let failures = Recorded<ActionError<Never>>()
        action.apply(1).startWithFailed { failures.append($0) }
        #expect(failures.count == 1)
        #expect(refused.value == 1)
        enabled.value = true
        action.apply(2).start()
        #expect(refused.value == 1)
    }

    @Test("MutableProperty and Property work as property wrappers")
    func propertyWrappers() {
        struct Container {
            @MutableProperty var counter = 0
            @Property var mirrored: Int
        }
        let source = MutableProperty(10)
        let container = Container(mirrored: Property(capturing: source))
        let seen = Recorded<Int>()
        container.$counter.producer.startWithValues { seen.append($0) }
        container.counter += 1
        container.$counter.modify { $0 += 2 }
        #expect(container.counter == 3)
        #expect(seen.items == [0, 1, 3])
        source.value = 11
        #expect(container.mirrored == 11)
        #expect(container.$mirrored.value == 11)
    }
}

@Suite("ReactiveSwift spec parity: reentrantUnserializedPipe", .ownThreads)
struct ReentrantUnserializedPipeTests {
    @Test("values sent from inside a delivery are delivered after it, in the order sent")
    func drainsInSubmissionOrder() {
        let (signal, input) = Signal<Int, Never>.reentrantUnserializedPipe()
        let values = Recorded<Int>()
        signal.take(first: 1).observeValues { _ in
            input.send(value: 10)
            input.send(value: 100)
        }
        signal.take(first: 1).observeValues { _ in
            input.send(value: 20)
            input.send(value: 200)
        }
        signal.observeValues { values.append($0) }
        input.send(value: 0)
        #expect(values.items == [0, 10, 100, 20, 200])
    }

    @Test("a terminal event sent from inside a delivery follows the values queued before it")
    func terminalAfterQueuedValues() {
        let (signal, input) = Signal<Int, Never>.reentrantUnserializedPipe()
        let events = Recorded<Signal<Int, Never>.Event>()
        signal.take(first: 1).observeValues { _ in
            input.send(value: 1)
            input.sendCompleted()
            input.send(value: 2)
        }
        signal.observe { events.append($0) }
        input.send(value: 0)
        #expect(events.items == [.value(0), .value(1), .completed])
        #expect(input.isTerminated)
    }

    @Test("sends from several threads are all delivered, one at a time, without blocking")
    func concurrentSenders() {
        let (signal, input) = Signal<Int, Never>.reentrantUnserializedPipe()
        let values = Recorded<Int>()
        let occupancy = Occupancy()
        let overlapped = Counter()
        signal.observeValues { value in
            if !occupancy.enter() { overlapped.increment() }
            if value % 2 == 0 { input.send(value: value + 1) }  // re-entrant, queued
            values.append(value)
            occupancy.leave()
        }
        let done = finishes(within: 10) {
            concurrently(threads: 4) { thread in
                for step in 0..<250 { input.send(value: (thread * 1000 + step) * 2) }
            }
        }
        #expect(done)
        #expect(values.count == 2000)
        #expect(overlapped.value == 0)
    }
}

/// Tells whether a callback is entered while another call of it is still running.
private final class Occupancy: Sendable {
    /// How many callers are inside.
    private let count = Atomic(0)

    /// Enters; returns `false` if another caller was already inside.
    func enter() -> Bool {
        count.modify { count in
            count += 1
            return count == 1
        }
    }

    func leave() {
        count.modify { $0 -= 1 }
    }
}
