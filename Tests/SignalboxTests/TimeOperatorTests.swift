import Foundation
import Signalbox
import SignalboxTesting
import Testing

private struct CodeError: Error, Equatable {
    var code = 0
}

/// The values of the marble diagrams: `a` is 1, `b` is 2, and so on.
private let digits: [Character: Int] = ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5]

/// Plays the diagram `source` as a hot signal through `operation`, runs the scheduler to the
/// end, and returns what came out.
private func play(
    _ source: String, frame: TimeInterval,
    through operation: (Signal<Int, Never>, TestScheduler) -> Signal<Int, Never>
) -> EventRecorder<Int, Never> {
    let scheduler = TestScheduler()
    let input: Signal<Int, Never> = scheduler.signal(marbles: source, values: digits, frame: frame)
    let recorder = EventRecorder(observing: operation(input, scheduler), clock: scheduler)
    scheduler.run()
    return recorder
}

@Suite("debounce")
struct DebounceTests {
    @Test("drops values superseded within the interval and sends the last one after a pause")
    func dropsSuperseded() {
        let source = "ab--c"
        let result = "---b--c"
        let recorder = play(source, frame: 0.5) { $0.debounce(1, on: $1) }
        #expect(recorder.difference(fromMarbles: result, values: digits, frame: 0.5) == nil)
    }

    @Test("drops the held-back value on completion and completes on the scheduler at once")
    func dropsOnCompletion() {
        let source = "a|"
        let result = "-|"
        let recorder = play(source, frame: 0.2) { $0.debounce(1, on: $1) }
        #expect(recorder.difference(fromMarbles: result, values: digits, frame: 0.2) == nil)
    }

    @Test("discardWhenCompleted: false sends the held-back value when due, then completes")
    func keepsOnCompletionWhenAsked() {
        let source = "a|"
        let result = "-----(a|)"
        let recorder = play(source, frame: 0.2) {
            $0.debounce(1, on: $1, discardWhenCompleted: false)
        }
        #expect(recorder.difference(fromMarbles: result, values: digits, frame: 0.2) == nil)
    }

    @Test("a failure drops the held-back value")
    func failure() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, CodeError>.pipe()
        let recorder = EventRecorder(observing: signal.debounce(1, on: scheduler), clock: scheduler)
        input.send(value: 1)
        input.send(error: CodeError())
        scheduler.run()
        #expect(recorder.events == [.failed(CodeError())])
    }

    @Test("disposing drops the held-back value, cancels the timer, interrupts on the scheduler")
    func disposal() {
        let scheduler = TestScheduler()
        let recorder = EventRecorder<Int, Never>(clock: scheduler)
        let run = recorder.record(
            SignalProducer(values: 1, 2).concat(.never).debounce(1, on: scheduler))
        run.dispose()
        #expect(recorder.events == [])
        #expect(scheduler.pendingActionCount == 1)
        scheduler.advance()
        #expect(recorder.events == [.interrupted])
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test("disposing after the upstream completed but before delivery interrupts")
    func disposalAfterCompletion() {
        let scheduler = TestScheduler()
        let recorder = EventRecorder<Int, Never>(clock: scheduler)
        let run = recorder.record(SignalProducer(value: 1).debounce(1, on: scheduler))
        run.dispose()
        scheduler.run()
        #expect(recorder.events == [.interrupted])
    }
}

@Suite("throttle")
struct ThrottleTests {
    @Test(
        "sends the first value at once, then at most one per interval, the newest; completes at once"
    )
    func throttles() {
        // One frame is 0.1 s; a space every five frames. `e`, due at 3.2 s, is dropped by the
        // completion at 2.7 s.
        let source = "abc-- ----- ----- ----- --d-- --(e|)"
        let result = "a---- ----- c---- ----- --d-- --|"
        let recorder = play(source, frame: 0.1) { $0.throttle(1, on: $1) }
        #expect(recorder.difference(fromMarbles: result, values: digits, frame: 0.1) == nil)
    }

    @Test("a failure drops the held-back value and is delivered on the scheduler")
    func failure() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, CodeError>.pipe()
        let recorder = EventRecorder(observing: signal.throttle(1, on: scheduler), clock: scheduler)
        input.send(value: 1)
        scheduler.advance(by: 0.2)
        input.send(value: 2)
        input.send(error: CodeError(code: 7))
        #expect(recorder.events == [.value(1)])
        scheduler.run()
        #expect(
            recorder.difference(from: [.value(1, at: 0), .failed(CodeError(code: 7), at: 0.2)])
                == nil)
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test("completing with nothing held back completes on the scheduler")
    func completionWithNothingHeld() {
        let source = "a--|"
        let result = "a--|"
        let recorder = play(source, frame: 1) { $0.throttle(1, on: $1) }
        #expect(recorder.difference(fromMarbles: result, values: digits) == nil)
    }

    @Test("disposing cancels the held-back value")
    func disposal() {
        let scheduler = TestScheduler()
        let recorder = EventRecorder<Int, Never>(clock: scheduler)
        let (signal, input) = Signal<Int, Never>.pipe()
        let run = recorder.record(signal.producer.throttle(1, on: scheduler))
        input.send(value: 1)
        scheduler.advance()
        input.send(value: 2)
        run.dispose()
        scheduler.run()
        #expect(recorder.events == [.value(1), .interrupted])
    }
}

@Suite("delay")
struct DelayTests {
    @Test("shifts values and completion by the interval")
    func shifts() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: signal.delay(2, on: scheduler), clock: scheduler)
        input.send(value: 1)
        scheduler.advance(by: 1)
        input.send(value: 2)
        input.sendCompleted()
        scheduler.run()
        #expect(
            recorder.difference(from: [.value(1, at: 2), .value(2, at: 3), .completed(at: 3)])
                == nil)
    }

    @Test("a failure is delivered at once and drops the delayed values")
    func failure() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, CodeError>.pipe()
        let recorder = EventRecorder(observing: signal.delay(2, on: scheduler), clock: scheduler)
        input.send(value: 1)
        scheduler.advance(by: 1)
        input.send(error: CodeError())
        scheduler.run()
        #expect(recorder.difference(from: [.failed(CodeError(), at: 1)]) == nil)
    }

    @Test("disposing cancels every delayed event and interrupts on the scheduler")
    func disposal() {
        let scheduler = TestScheduler()
        let recorder = EventRecorder<Int, Never>(clock: scheduler)
        let run = recorder.record(SignalProducer(values: 1, 2, 3).delay(1, on: scheduler))
        #expect(scheduler.pendingActionCount == 4)
        run.dispose()
        #expect(scheduler.pendingActionCount == 1)
        #expect(recorder.events == [])
        scheduler.advance()
        #expect(recorder.events == [.interrupted])
    }
}

@Suite("timeout")
struct TimeoutTests {
    @Test("fails with the given error exactly at the deadline and disposes the upstream")
    func failsAtDeadline() {
        let scheduler = TestScheduler()
        let upstream = StubProducer<Int, CodeError>(
            [.value(1, at: 1), .value(2, at: 3)], on: scheduler)
        let recorder = EventRecorder(
            starting: upstream.producer.timeout(
                after: 2, raising: CodeError(code: 408), on: scheduler),
            clock: scheduler)
        scheduler.advance(by: 1.999)
        #expect(recorder.events == [.value(1)])
        scheduler.advance(by: 0.001)
        #expect(
            recorder.difference(from: [.value(1, at: 1), .failed(CodeError(code: 408), at: 2)])
                == nil)
        #expect(upstream.disposalCount == 1)
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test("a stream that ends in time is forwarded unchanged and cancels the deadline")
    func inTime() {
        let scheduler = TestScheduler()
        let upstream = StubProducer<Int, CodeError>(
            [.value(1, at: 1), .completed(at: 1.5)], on: scheduler)
        let recorder = EventRecorder(
            starting: upstream.producer.timeout(after: 2, raising: CodeError(), on: scheduler),
            clock: scheduler)
        scheduler.advance(by: 1.5)
        #expect(recorder.difference(from: [.value(1, at: 1), .completed(at: 1.5)]) == nil)
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test("on a signal, the deadline counts from the call")
    func signal() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, CodeError>.pipe()
        scheduler.advance(by: 5)
        let recorder = EventRecorder(
            observing: signal.timeout(after: 1, raising: CodeError(), on: scheduler),
            clock: scheduler)
        scheduler.advance(by: 1)
        withExtendedLifetime(input) {}
        #expect(recorder.timeline == [.failed(CodeError(), at: 1)])
    }
}

@Suite("timer")
struct TimerTests {
    @Test("ticks every interval with the scheduler's date until disposed")
    func ticks() {
        let scheduler = TestScheduler()
        let recorder = EventRecorder<Date, Never>(clock: scheduler)
        let run = recorder.record(SignalProducer.timer(interval: 2, on: scheduler))
        scheduler.advance(by: 5)
        let start = TestScheduler.defaultStartDate
        #expect(recorder.values == [start.addingTimeInterval(2), start.addingTimeInterval(4)])
        run.dispose()
        #expect(scheduler.pendingActionCount == 0)
    }
}
