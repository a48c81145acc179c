import Signalbox
import SignalboxTesting
import Testing

private struct TestError: Error, Equatable {
    let code: Int
}

@Suite("EventRecorder")
struct EventRecorderTests {
    @Test("records each event with its virtual time of arrival")
    func recordsTimes() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = EventRecorder(observing: signal, clock: scheduler)
        input.send(value: 1)
        scheduler.advance(by: 0.25)
        input.send(value: 2)
        scheduler.advance(by: 0.5)
        input.send(error: TestError(code: 7))
        #expect(
            recorder.timeline == [
                .value(1, at: 0), .value(2, at: 0.25), .failed(TestError(code: 7), at: 0.75),
            ])
        #expect(recorder.values == [1, 2])
        #expect(recorder.failure == TestError(code: 7))
        #expect(recorder.isTerminated)
        #expect(!recorder.isCompleted)
    }

    @Test("times are rounded to the microsecond, so sums of decimals compare equal")
    func roundedTimes() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: signal, clock: scheduler)
        scheduler.advance(by: 0.1)
        scheduler.advance(by: 0.2)
        input.sendCompleted()
        #expect(recorder.difference(from: [.completed(at: 0.3)]) == nil)
    }

    @Test("disposing a recorded run records the interruption")
    func disposal() {
        let recorder = EventRecorder<Int, Never>()
        let run = recorder.record(SignalProducer<Int, Never>.never)
        run.dispose()
        #expect(recorder.events == [.interrupted])
        #expect(recorder.isInterrupted)
    }

    @Test("without a clock every time is zero")
    func noClock() {
        let recorder = EventRecorder(starting: SignalProducer<Int, Never>(values: 1, 2))
        #expect(recorder.timeline == [.value(1, at: 0), .value(2, at: 0), .completed(at: 0)])
        #expect(recorder.difference(fromEvents: [.value(1), .value(2), .completed]) == nil)
    }
}

@Suite("EventDifference")
struct EventDifferenceTests {
    @Test("equal timelines have no difference")
    func equal() {
        let recorder = EventRecorder(starting: SignalProducer<Int, Never>(value: 1))
        #expect(recorder.difference(from: [.value(1, at: 0), .completed(at: 0)]) == nil)
        #expect(recorder.matches([.value(1, at: 0), .completed(at: 0)]))
    }

    @Test("a changed time shows as one missing and one unexpected line, the rest indented")
    func readableDiff() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<String, Never>.pipe()
        let recorder = EventRecorder(observing: signal, clock: scheduler)
        scheduler.advance(by: 0.3)
        input.send(value: "cat")
        scheduler.advance(by: 0.6)
        input.sendCompleted()
        let difference = recorder.difference(from: [.value("cat", at: 0.3), .completed(at: 0.8)])
        #expect(
            difference?.description == """
                recorded events differ from expected (- expected, + recorded):
                  0.300 s value(cat)
                - 0.800 s completed
                + 0.900 s completed
                """)
        #expect(
            difference?.lines == [
                .same("0.300 s value(cat)"), .missing("0.800 s completed"),
                .unexpected("0.900 s completed"),
            ])
    }

    @Test("one extra event shows as one line instead of shifting everything after it")
    func alignment() {
        let difference = EventDifference(expected: [1, 2, 3, 4], recorded: [1, 2, 9, 3, 4])
        #expect(
            difference?.lines == [.same("1"), .same("2"), .unexpected("9"), .same("3"), .same("4")])
    }

    @Test("times that are not whole milliseconds are printed with microseconds")
    func microseconds() {
        #expect(TimedEvent<Int, Never>.completed(at: 1.0005).description == "1.000500 s completed")
        #expect(TimedEvent<Int, Never>.value(3, at: 12).description == "12.000 s value(3)")
    }
}
