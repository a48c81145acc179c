import Foundation
import Signalbox
import TestThreads
import Testing

@Suite(
    "flatMap's output: one delivery at a time, re-entrant sends queued on their thread", .ownThreads
)
struct FlattenOutputTests {
    @Test("inner runs sending at once on 4 threads are delivered one at a time, each in order")
    func concurrentSenders() {
        let pipes = (0..<4).map { _ in Signal<Int, Never>.pipe() }
        let busy = Atomic(false)
        let overlaps = Counter()
        let values = Recorded<Int>()
        let run = SignalProducer<Int, Never>(values: 0..<4)
            .flatMap(.merge) { SignalProducer(pipes[$0].output) }
            .startWithValues { value in
                // Another delivery in progress would have set the flag.
                if busy.swap(true) { return overlaps.increment() }
                values.append(value)
                busy.value = false
            }
        let perThread = 5_000
        let finished = finishes(within: 20) {
            concurrently(threads: 4) { thread in
                for value in 0..<perThread {
                    pipes[thread].input.send(value: thread * 1_000_000 + value)
                }
            }
        }
        #expect(finished)
        // Every sender has returned, so every value has been delivered.
        let received = values.items
        #expect(overlaps.value == 0)
        #expect(received.count == 4 * perThread)
        for thread in 0..<4 {
            let own = received.filter { $0 / 1_000_000 == thread }
            #expect(own == (0..<perThread).map { thread * 1_000_000 + $0 })
        }
        run.dispose()
    }

    @Test("an inner value sent from inside the result's observer is delivered right after it")
    func reentrantValue() {
        let first = Signal<Int, Never>.pipe()
        let second = Signal<Int, Never>.pipe()
        let values = Recorded<Int>()
        let run = SignalProducer<Signal<Int, Never>, Never>(values: [first.output, second.output])
            .flatMap(.merge) { SignalProducer($0) }
            .startWithValues { value in
                values.append(value)
                if value == 1 {
                    second.input.send(value: 2)
                    // Not delivered yet: this delivery is still going on.
                    values.append(-1)
                }
            }
        first.input.send(value: 1)
        first.input.send(value: 3)
        #expect(values.items == [1, -1, 2, 3])
        run.dispose()
    }

    @Test("a failure sent from inside the result's observer ends it after the current value")
    func reentrantFailure() {
        let first = Signal<Int, TestError>.pipe()
        let second = Signal<Int, TestError>.pipe()
        let events = Recorded<Event<Int, TestError>>()
        let run = SignalProducer<Signal<Int, TestError>, TestError>(
            values: [first.output, second.output]
        )
        .flatMap(.merge) { SignalProducer($0) }
        .start { event in
            events.append(event)
            if event.value == 1 { second.input.send(error: .boom) }
        }
        first.input.send(value: 1)
        first.input.send(value: 2)
        second.input.send(value: 3)
        #expect(events.items.count == 2)
        #expect(events.items.first?.value == 1)
        #expect(events.items.last?.error == .boom)
        run.dispose()
    }

    @Test("latest: an outer value sent from inside the result's observer replaces the inner run")
    func latestReplacedFromObserver() {
        let outer = Signal<Int, Never>.pipe()
        let inners = (0..<2).map { _ in Signal<Int, Never>.pipe() }
        let values = Recorded<Int>()
        let run = SignalProducer(outer.output)
            .flatMap(.latest) { SignalProducer(inners[$0].output) }
            .startWithValues { value in
                values.append(value)
                if value == 1 { outer.input.send(value: 1) }
            }
        outer.input.send(value: 0)
        inners[0].input.send(value: 1)
        inners[0].input.send(value: 2)
        inners[1].input.send(value: 10)
        #expect(values.items == [1, 10])
        run.dispose()
    }

    @Test(
        "inner runs started on a scheduler are released once they end, with every strategy",
        arguments: [FlattenStrategy.merge, .concat, .latest, .race])
    func deferredInnerRunsReleased(strategy: FlattenStrategy) {
        final class Token {}
        let scheduler = TestScheduler()
        weak var weakToken: Token?
        let events = Recorded<Event<Int, Never>>()
        do {
            let token = Token()
            weakToken = token
            SignalProducer<Int, Never>(values: 1, 2)
                .flatMap(strategy) { n in
                    SignalProducer<Int, Never>(value: n)
                        .on(value: { _ in _ = token })
                        .start(on: scheduler)
                }
                .start { events.append($0) }
        }
        scheduler.run()
        #expect(events.items.last == .completed)
        #expect(weakToken == nil)
    }

    @Test("an inner run disposed before its scheduled start interrupts nothing and is released")
    func deferredInnerRunReplaced() {
        final class Token {}
        let scheduler = TestScheduler()
        let outer = Signal<Int, Never>.pipe()
        weak var weakToken: Token?
        let values = Recorded<Int>()
        let run: Disposable
        do {
            let token = Token()
            weakToken = token
            run = SignalProducer(outer.output)
                .flatMap(.latest) { n in
                    SignalProducer<Int, Never>(value: n)
                        .on(value: { _ in _ = token })
                        .start(on: scheduler)
                }
                .startWithValues { values.append($0) }
        }
        outer.input.send(value: 1)
        // Replaces the first inner run before its start reached the scheduler.
        outer.input.send(value: 2)
        outer.input.sendCompleted()
        scheduler.run()
        #expect(values.items == [2])
        #expect(weakToken == nil)
        run.dispose()
    }
}
