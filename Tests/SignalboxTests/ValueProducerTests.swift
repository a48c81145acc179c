import Foundation
import Signalbox
import Synchronization
import TestThreads
import Testing

/// `SignalProducer(value:)` runs without the loop state of a sequence (its run's disposal is
/// the flag): the same events as `SignalProducer(values: [value])` in every case.
@Suite(
    "SignalProducer(value:): one value, then completed, or interrupted when disposed", .ownThreads)
struct ValueProducerTests {
    @Test("sends the value, then completes")
    func sendsThenCompletes() {
        let events = Recorded<Event<Int, Never>>()
        SignalProducer<Int, Never>(value: 7).start(events.append)
        #expect(events.items == [.value(7), .completed])
    }

    @Test("disposing the run from its value's callback ends it with .interrupted")
    func disposeFromCallback() {
        let events = Recorded<Event<Int, Never>>()
        SignalProducer<Int, Never>(value: 7)
            .startWithSignal { signal, disposable in
                signal.observe { event in
                    events.append(event)
                    if event.value == 7 { disposable.dispose() }
                }
            }
        #expect(events.items == [.value(7), .interrupted])
    }

    @Test("a run disposed before it starts sends nothing but .interrupted")
    func disposedBeforeStart() {
        let events = Recorded<Event<Int, Never>>()
        SignalProducer<Int, Never>(value: 7)
            .startWithSignal { signal, disposable in
                signal.observe(events.append)
                disposable.dispose()
            }
        #expect(events.items == [.interrupted])
    }

    @Test("through a filter (the downstream's value path tests its predicate)")
    func throughFilter() {
        let passed = Recorded<Event<Int, Never>>()
        SignalProducer<Int, Never>(value: 7).filter { $0 > 5 }.start(passed.append)
        #expect(passed.items == [.value(7), .completed])
        let dropped = Recorded<Event<Int, Never>>()
        SignalProducer<Int, Never>(value: 3).filter { $0 > 5 }.start(dropped.append)
        #expect(dropped.items == [.completed])
    }

    @Test("take(first: 1) completes once; the run's .interrupted after it is dropped")
    func takeFirst() {
        let events = Recorded<Event<Int, Never>>()
        SignalProducer<Int, Never>(value: 7).take(first: 1).start(events.append)
        #expect(events.items == [.value(7), .completed])
    }

    @Test("disposed from another thread while its value is delivered: one terminal, .interrupted")
    func disposeFromAnotherThread() {
        let scheduler = QueueScheduler(qos: .userInitiated, name: "ValueProducerTests")
        for _ in 0..<200 {
            let delivering = DispatchSemaphore(value: 0)
            let disposed = DispatchSemaphore(value: 0)
            let ended = DispatchSemaphore(value: 0)
            let terminals = Recorded<Event<Int, Never>>()
            let disposable = SignalProducer<Int, Never>(value: 7)
                .start(on: scheduler)
                .start { event in
                    if event.value == 7 {
                        delivering.signal()
                        // Bounded: should `dispose()` wait for this delivery, the test fails
                        // (the run would complete) instead of hanging.
                        _ = disposed.wait(timeout: .now() + 10)
                    }
                    if event.isTerminating {
                        terminals.append(event)
                        ended.signal()
                    }
                }
            delivering.wait()
            disposable.dispose()
            disposed.signal()
            ended.wait()
            #expect(terminals.items == [.interrupted])
        }
    }

    @Test("flatMap(.latest) to one-value inners: every value, then completed")
    func flatMapLatest() {
        let events = Recorded<Event<Int, Never>>()
        SignalProducer<Int, Never>(values: 0..<100)
            .flatMap(.latest) { SignalProducer<Int, Never>(value: $0 * 2) }
            .start(events.append)
        #expect(events.items == (0..<100).map { .value($0 * 2) } + [.completed])
    }

    @Test("skipRepeats drops repeats on the value path and on the event path alike")
    func skipRepeatsBothPaths() {
        let input = [1, 1, 2, 2, 2, 3, 1, 1]
        // A sequence source delivers through the value path.
        let viaValues = Recorded<Int>()
        SignalProducer<Int, Never>(values: input).skipRepeats().startWithValues(viaValues.append)
        // After `dematerialize` (an operator with an event path only), every value arrives
        // as an event.
        let viaEvents = Recorded<Int>()
        SignalProducer<Int, Never>(values: input).materialize().dematerialize().skipRepeats()
            .startWithValues(viaEvents.append)
        #expect(viaValues.items == [1, 2, 3, 1])
        #expect(viaEvents.items == [1, 2, 3, 1])
    }
}
