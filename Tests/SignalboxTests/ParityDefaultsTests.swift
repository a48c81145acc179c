import Dispatch
import Foundation
import Signalbox
import SignalboxTesting
import Testing

/// ReactiveSwift's defaults and rules for the operators that deliver on a scheduler, for
/// `take(first: 0)` and for `QueueScheduler()`; the examples follow ReactiveSwift 7.2.1's
/// own specs (SignalSpec, SignalProducerLiftingSpec), in virtual time.
@Suite("ReactiveSwift parity: operator defaults")
struct ParityDefaultsTests {
    @Test("debounce sends the last value of a burst once the interval has passed since it")
    func debounceTiming() {
        for discarding in [true, false] {
            let scheduler = TestScheduler()
            let (signal, input) = Signal<Int, Never>.pipe()
            let recorder = EventRecorder(
                observing: signal.debounce(1, on: scheduler, discardWhenCompleted: discarding))
            input.send(value: 0)
            scheduler.advance()
            #expect(recorder.values == [])
            input.send(value: 1)
            input.send(value: 2)
            scheduler.advance(by: 1.5)
            #expect(recorder.values == [2])
            scheduler.advance(by: 3)
            input.send(value: 3)
            scheduler.advance()
            input.send(value: 4)
            input.send(value: 5)
            scheduler.advance()
            #expect(recorder.values == [2])
            scheduler.run()
            #expect(recorder.values == [2, 5])
        }
    }

    @Test("debounce(_:on:) drops the value held back when the upstream completes")
    func debounceDiscardsByDefault() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: signal.debounce(1, on: scheduler))
        input.send(value: 0)
        scheduler.advance()
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.events == [])
        scheduler.advance()
        #expect(recorder.events == [.completed])
        scheduler.run()
        #expect(recorder.events == [.completed])
    }

    @Test(
        "debounce(discardWhenCompleted: false) sends the held value when it falls due, then completes"
    )
    func debounceKeepsWhenAsked() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(
            observing: signal.debounce(1, on: scheduler, discardWhenCompleted: false),
            clock: scheduler)
        input.send(value: 0)
        scheduler.advance()
        input.send(value: 1)
        scheduler.advance(by: 0.25)
        input.sendCompleted()
        scheduler.advance()
        #expect(recorder.events == [])
        scheduler.run()
        #expect(recorder.difference(from: [.value(1, at: 1), .completed(at: 1)]) == nil)
        // With nothing held back, the completion is scheduled at once.
        let (empty, emptyInput) = Signal<Int, Never>.pipe()
        let completed = EventRecorder(
            observing: empty.debounce(1, on: scheduler, discardWhenCompleted: false))
        emptyInput.sendCompleted()
        #expect(completed.events == [])
        scheduler.advance()
        #expect(completed.events == [.completed])
    }

    @Test("throttle sends on the scheduler at most one value per interval, the newest")
    func throttleTiming() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: signal.throttle(1, on: scheduler))
        input.send(value: 0)
        #expect(recorder.values == [])
        scheduler.advance()
        #expect(recorder.values == [0])
        input.send(value: 1)
        input.send(value: 2)
        scheduler.advance(by: 1.5)
        #expect(recorder.values == [0, 2])
        scheduler.advance(by: 3)
        input.send(value: 3)
        scheduler.advance()
        #expect(recorder.values == [0, 2, 3])
        input.send(value: 4)
        input.send(value: 5)
        scheduler.advance()
        #expect(recorder.values == [0, 2, 3])
        scheduler.run()
        #expect(recorder.values == [0, 2, 3, 5])
    }

    @Test("throttle completes on the scheduler at once, without sending the value held back")
    func throttleCompletesAtOnce() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: signal.throttle(1, on: scheduler))
        input.send(value: 0)
        scheduler.advance()
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.events == [.value(0)])
        scheduler.advance()
        #expect(recorder.events == [.value(0), .completed])
        scheduler.run()
        #expect(recorder.events == [.value(0), .completed])
    }

    @Test("throttle: a value already due is delivered before the terminal event that follows it")
    func throttleDueValueFirst() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = EventRecorder(observing: signal.throttle(1, on: scheduler))
        input.send(value: 0)
        input.send(error: .boom)
        scheduler.run()
        #expect(recorder.events == [.value(0), .failed(.boom)])
    }

    @Test("delay shifts values and completion by the interval; a failure goes at once")
    func delayTiming() {
        let scheduler = TestScheduler()
        let signal = Signal<Int, Never> { observer, _ in
            scheduler.schedule { observer.send(value: 1) }
            scheduler.schedule(afterDelay: 5) {
                observer.send(value: 2)
                observer.sendCompleted()
            }
        }
        let recorder = EventRecorder(observing: signal.delay(10, on: scheduler))
        scheduler.advance(by: 4)
        #expect(recorder.events == [])
        scheduler.advance(by: 10)
        #expect(recorder.events == [.value(1)])
        scheduler.advance(by: 10)
        #expect(recorder.events == [.value(1), .value(2), .completed])

        let failing = Signal<Int, TestError> { observer, _ in
            scheduler.schedule { observer.send(error: .boom) }
        }
        let failed = EventRecorder(observing: failing.delay(10, on: scheduler))
        scheduler.advance()
        #expect(failed.events == [.failed(.boom)])
    }

    @Test(
        "delay, throttle and debounce deliver the interruption of a disposed run on their scheduler",
        arguments: ["delay", "throttle", "debounce"])
    func disposalInterruptsOnScheduler(_ name: String) {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder<Int, Never>()
        let run = recorder.record(Self.timeOperator(name, scheduler)(SignalProducer(signal)))
        input.send(value: 1)
        run.dispose()
        #expect(recorder.events == [])
        scheduler.run()
        #expect(recorder.events == [.interrupted])
    }

    @Test(
        "delay, throttle and debounce deliver an upstream interruption on their scheduler",
        arguments: ["delay", "throttle", "debounce"])
    func upstreamInterruptionOnScheduler(_ name: String) {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder<Int, Never>()
        recorder.record(Self.timeOperator(name, scheduler)(SignalProducer(signal)))
        input.sendInterrupted()
        #expect(recorder.events == [])
        scheduler.advance()
        #expect(recorder.events == [.interrupted])
    }

    @Test("delay and debounce: a value due after the disposal is never delivered")
    func disposalDropsPendingValues() {
        let scheduler = TestScheduler()
        for name in ["delay", "debounce"] {
            let recorder = EventRecorder<Int, Never>()
            let run = recorder.record(
                Self.timeOperator(name, scheduler)(
                    SignalProducer(value: 1).concat(.never).delay(0.5, on: scheduler)))
            scheduler.advance(by: 0.75)
            run.dispose()
            scheduler.run()
            #expect(recorder.events == [.interrupted], "\(name)")
        }
    }

    /// Applies the operator called `name`, with an interval of one second.
    private static func timeOperator(
        _ name: String, _ scheduler: TestScheduler
    ) -> (SignalProducer<Int, Never>) -> SignalProducer<Int, Never> {
        switch name {
        case "delay": { $0.delay(1, on: scheduler) }
        case "throttle": { $0.throttle(1, on: scheduler) }
        default: { $0.debounce(1, on: scheduler) }
        }
    }

    @Test("take(first: 0) on a signal interrupts its observers at once")
    func takeZeroSignal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: signal.take(first: 0))
        #expect(recorder.events == [.interrupted])
        input.send(value: 1)
        #expect(recorder.events == [.interrupted])
        #expect(EventRecorder(observing: signal.take(first: -1)).events == [.interrupted])
    }

    @Test("take(first: 0) on a producer interrupts each run without starting the upstream")
    func takeZeroProducer() {
        let started = Counter()
        let upstream = SignalProducer<Int, Never> { observer, _ in
            started.increment()
            observer.send(value: 1)
            observer.sendCompleted()
        }
        #expect(EventRecorder(starting: upstream.take(first: 0)).events == [.interrupted])
        #expect(EventRecorder(starting: upstream.take(first: -3)).events == [.interrupted])
        #expect(started.value == 0)
        #expect(
            EventRecorder(starting: upstream.take(first: 1)).events == [.value(1), .completed])
    }

    @Test(
        "flatten: an interrupted inner producer counts as completed, not as the result's end",
        arguments: [FlattenStrategy.concat, .latest, .merge, .race])
    func innerInterruption(_ strategy: FlattenStrategy) {
        let (outer, outerInput) = Signal<SignalProducer<Int, Never>, Never>.pipe()
        let (inner, innerInput) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(starting: SignalProducer(outer).flatten(strategy))
        outerInput.send(value: SignalProducer(inner))
        innerInput.send(value: 1)
        innerInput.sendInterrupted()
        #expect(recorder.events == [.value(1)])
        outerInput.sendCompleted()
        #expect(recorder.events == [.value(1), .completed])
        // The outer stream's interruption still interrupts the result.
        let (outer2, outerInput2) = Signal<SignalProducer<Int, Never>, Never>.pipe()
        let interrupted = EventRecorder(starting: SignalProducer(outer2).flatten(strategy))
        outerInput2.send(value: .never)
        outerInput2.sendInterrupted()
        #expect(interrupted.events == [.interrupted])
    }

    @Test("QueueScheduler() leaves the quality of service unspecified, to be propagated")
    func queueSchedulerQoS() {
        #expect(QueueScheduler().queue.qos == .unspecified)
        #expect(QueueScheduler(qos: .utility).queue.qos == .utility)
    }
}
