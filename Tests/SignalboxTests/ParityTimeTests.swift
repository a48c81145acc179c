import Foundation
import Signalbox
import SignalboxTesting
import Testing

@Suite("ReactiveSwift parity: time operators")
struct ParityTimeTests {
    @Test("debounce drops the held value at completion unless discardWhenCompleted is false")
    func debounceDiscards() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let discarding = EventRecorder(
            observing: signal.debounce(1, on: scheduler, discardWhenCompleted: true),
            clock: scheduler)
        let keeping = EventRecorder(
            observing: signal.debounce(1, on: scheduler, discardWhenCompleted: false),
            clock: scheduler)
        let plain = EventRecorder(observing: signal.debounce(1, on: scheduler), clock: scheduler)
        input.send(value: 1)
        scheduler.advance(by: 2)
        input.send(value: 2)
        scheduler.advance(by: 0.5)
        input.sendCompleted()
        scheduler.run()
        #expect(discarding.difference(from: [.value(1, at: 1), .completed(at: 2.5)]) == nil)
        #expect(
            keeping.difference(from: [.value(1, at: 1), .value(2, at: 3), .completed(at: 3)]) == nil
        )
        #expect(plain.events == discarding.events)
    }

    @Test("debounce(discardWhenCompleted:) on producers: failure and disposal")
    func debounceDiscardTerminals() {
        let scheduler = TestScheduler()
        let failing = SignalProducer<Int, TestError>(value: 1)
            .concat(SignalProducer(error: .boom))
            .debounce(1, on: scheduler, discardWhenCompleted: true)
        let recorder = EventRecorder(starting: failing)
        scheduler.run()
        #expect(recorder.events == [.failed(.boom)])
        let disposed = EventRecorder<Int, Never>()
        disposed.record(
            SignalProducer(value: 1).concat(.never)
                .debounce(1, on: scheduler, discardWhenCompleted: true)
        ).dispose()
        scheduler.run()
        #expect(disposed.events == [.interrupted])
    }

    @Test("throttle(while:) holds the newest value while throttled and sends it on resume")
    func throttleWhile() {
        let scheduler = TestScheduler()
        let paused = MutableProperty(false)
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = EventRecorder(
            observing: signal.throttle(while: paused, on: scheduler), clock: scheduler)
        input.send(value: 1)
        paused.value = true
        input.send(value: 2)
        input.send(value: 3)
        scheduler.advance(by: 1)
        #expect(recorder.values == [1])
        paused.value = false
        input.send(value: 4)
        scheduler.advance()
        #expect(recorder.values == [1, 3, 4])
        paused.value = true
        input.send(value: 5)
        input.send(error: .boom)
        paused.value = false
        scheduler.advance()
        #expect(recorder.events == [.value(1), .value(3), .value(4), .failed(.boom)])
    }

    @Test("throttle(while:) starting throttled; disposal stops observing the property")
    func throttleWhileProducer() {
        let scheduler = TestScheduler()
        let paused = MutableProperty(true)
        let recorder = EventRecorder<Int, Never>(clock: scheduler)
        let run = recorder.record(
            SignalProducer(values: 1, 2).concat(.never).throttle(while: paused, on: scheduler))
        scheduler.advance()
        #expect(recorder.values.isEmpty)
        paused.value = false
        scheduler.advance()
        #expect(recorder.values == [2])
        run.dispose()
        paused.value = true
        paused.value = false
        scheduler.advance()
        #expect(recorder.events == [.value(2), .interrupted])
        let completed = EventRecorder(
            starting: SignalProducer<Int, Never>(values: 1, 2).throttle(
                while: Property(value: true), on: scheduler))
        scheduler.advance()
        #expect(completed.events == [.completed])
    }

    @Test("timer(interval:on:) sends the date every interval until disposed")
    func timer() {
        let scheduler = TestScheduler()
        let recorder = EventRecorder(
            starting: SignalProducer.timer(interval: 2, on: scheduler).map { _ in "tick" },
            clock: scheduler)
        scheduler.advance(by: 5)
        #expect(recorder.difference(from: [.value("tick", at: 2), .value("tick", at: 4)]) == nil)
        recorder.dispose()
        scheduler.advance(by: 4)
        #expect(recorder.values.count == 2)
    }
}

@Suite("ReactiveSwift parity: producers written from context")
struct ContextualProducerTests {
    @Test(".init(value:), .empty, .never where a producer is expected")
    func contextual() {
        let base = SignalProducer<Int, TestError>(value: 1)
        #expect(EventRecorder(starting: base.prefix(.init(value: 0))).values == [0, 1])
        #expect(EventRecorder(starting: base.concat(.init(value: 2))).values == [1, 2])
        #expect(
            EventRecorder(starting: base.merge(with: .empty)).events == [.value(1), .completed])
        #expect(EventRecorder(starting: base.then(.init(value: "done"))).values == ["done"])
        // ReactiveSwift starts the replacement first (`liftRight`): its value switches before
        // the original starts.
        #expect(
            EventRecorder(starting: base.take(untilReplacement: .init(value: 9))).values == [9])
        let never = EventRecorder(starting: base.merge(with: .never))
        #expect(never.values == [1])
        #expect(!never.isTerminated)
        let plain = SignalProducer<Int, Never>(value: 1)
        #expect(EventRecorder(starting: plain.then(.init(value: 2))).values == [2])
        #expect(
            EventRecorder(starting: plain.then(SignalProducer<Int, TestError>(error: .boom)))
                .events == [.failed(.boom)])
    }
}
