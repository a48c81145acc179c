import Foundation
import Signalbox
import Synchronization
import TestThreads
import Testing

/// A sequence whose iterator counts how many elements were pulled.
struct CountingSequence: Sequence {
    let count: Int
    let pulled: Counter

    func makeIterator() -> AnyIterator<Int> {
        var next = 0
        return AnyIterator {
            guard next < count else { return nil }
            pulled.increment()
            defer { next += 1 }
            return next
        }
    }
}

@Suite("Sequence sources: SignalProducer(values:) and Observer.send(values:)", .ownThreads)
struct SequenceSourceTests {
    @Test("SignalProducer(values:) sends every element in order, then completes")
    func sendsAllThenCompletes() {
        let events = Recorded<Event<Int, Never>>()
        SignalProducer<Int, Never>(values: 0..<1_000).start(events.append)
        #expect(events.items == (0..<1_000).map { .value($0) } + [.completed])
    }

    @Test("an empty sequence completes at once")
    func emptySequence() {
        let events = Recorded<Event<Int, Never>>()
        SignalProducer<Int, Never>(values: [Int]()).start(events.append)
        #expect(events.items == [.completed])
    }

    @Test("disposing the run from its own callback stops the iteration and interrupts")
    func disposeFromCallbackStopsIteration() {
        let pulled = Counter()
        let events = Recorded<Event<Int, Never>>()
        SignalProducer<Int, Never>(values: CountingSequence(count: 1_000, pulled: pulled))
            .startWithSignal { signal, disposable in
                signal.observe { event in
                    events.append(event)
                    if event.value == 2 { disposable.dispose() }
                }
            }
        #expect(events.items == [.value(0), .value(1), .value(2), .interrupted])
        #expect(pulled.value == 3)
    }

    @Test("take(first:) on a long sequence pulls no more than it needs")
    func takeStopsIteration() {
        let pulled = Counter()
        let values = Recorded<Int>()
        var completed = false
        SignalProducer<Int, Never>(values: CountingSequence(count: 1_000_000, pulled: pulled))
            .take(first: 3)
            .on(completed: { completed = true })
            .startWithValues(values.append)
        #expect(values.items == [0, 1, 2])
        #expect(completed)
        #expect(pulled.value == 3)
    }

    @Test("disposing from another thread while the loop runs: .interrupted ends it, nothing after")
    func disposeFromAnotherThread() {
        let scheduler = QueueScheduler(qos: .userInitiated, name: "SequenceSourceTests")
        for _ in 0..<200 {
            let running = DispatchSemaphore(value: 0)
            let ended = DispatchSemaphore(value: 0)
            let terminated = Atomic<Bool>(false)
            let violations = Atomic<Int>(0)
            let terminals = Recorded<Event<Int, Never>>()
            // An endless loop on the scheduler's queue: only the disposal from here ends it.
            let disposable = SignalProducer<Int, Never>(values: 0..<Int.max)
                .start(on: scheduler)
                .start { event in
                    if terminated.load(ordering: .sequentiallyConsistent) {
                        violations.add(1, ordering: .relaxed)
                    }
                    if event.value == 0 { running.signal() }
                    if event.isTerminating {
                        terminals.append(event)
                        terminated.store(true, ordering: .sequentiallyConsistent)
                        ended.signal()
                    }
                }
            running.wait()
            disposable.dispose()
            ended.wait()
            #expect(terminals.items == [.interrupted])
            #expect(violations.load(ordering: .relaxed) == 0)
        }
    }

    @Test("Observer.send(values:) delivers in order and stops at a terminal sent from the callback")
    func batchStopsAtTerminal() {
        let pulled = Counter()
        let events = Recorded<Event<Int, Never>>()
        var observer: Signal<Int, Never>.Observer?
        observer = Signal<Int, Never>.Observer { event in
            events.append(event)
            if event.value == 299 { observer?.sendCompleted() }
        }
        observer?.send(values: CountingSequence(count: 1_000, pulled: pulled))
        observer?.send(values: [1, 2, 3])
        #expect(events.items == (0..<300).map { .value($0) } + [.completed])
        #expect(pulled.value == 300)
        observer = nil
    }

    @Test("Observer.send(values:) from 4 threads at once: every value once, never overlapping")
    func concurrentBatchesAreSerialized() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let sum = Atomic<Int>(0)
        let received = Atomic<Int>(0)
        signal.observeValues { value in
            if inside.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
                overlaps.add(1, ordering: .relaxed)
            }
            received.add(1, ordering: .relaxed)
            sum.add(value, ordering: .relaxed)
            inside.subtract(1, ordering: .sequentiallyConsistent)
        }
        concurrently(threads: 4) { thread in
            input.send(values: (thread * 10_000)..<((thread + 1) * 10_000))
        }
        #expect(received.load(ordering: .relaxed) == 40_000)
        #expect(sum.load(ordering: .relaxed) == (0..<40_000).reduce(0, +))
        #expect(overlaps.load(ordering: .relaxed) == 0)
    }

    @Test("Observer.send(values:) after a terminal event sends nothing")
    func batchAfterTerminal() {
        let pulled = Counter()
        let events = Recorded<Event<Int, Never>>()
        let observer = Signal<Int, Never>.Observer(events.append)
        observer.sendCompleted()
        observer.send(values: CountingSequence(count: 10, pulled: pulled))
        #expect(events.items == [.completed])
        #expect(pulled.value == 0)
    }
}
