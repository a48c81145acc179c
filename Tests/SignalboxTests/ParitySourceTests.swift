import Signalbox
import SignalboxTesting
import Testing

@Suite("ReactiveSwift parity: sources")
struct ParitySourceTests {
    @Test("Signal.never sends nothing; its observer stays attached until detached")
    func signalNever() {
        let signal = Signal<Int, TestError>.never
        let recorder = EventRecorder(observing: signal)
        #expect(recorder.events.isEmpty)
        recorder.dispose()
        #expect(recorder.events.isEmpty)
    }

    @Test("Signal.empty has terminated: an observer receives .interrupted at once")
    func signalEmpty() {
        let recorder = EventRecorder(observing: Signal<Int, TestError>.empty)
        #expect(recorder.events == [.interrupted])
    }

    @Test("SignalProducer(_ result:) sends the success value or fails")
    func resultInit() {
        let success = EventRecorder(starting: SignalProducer(Result<Int, TestError>.success(1)))
        #expect(success.events == [.value(1), .completed])
        let failure = EventRecorder(
            starting: SignalProducer(Result<Int, TestError>.failure(.boom)))
        #expect(failure.events == [.failed(.boom)])
    }

    @Test("a Result is a stream: flatMap may return one")
    func resultIsConvertible() {
        let checked = SignalProducer<Int, TestError>(values: 1, 2, -1, 3)
            .flatMap(.concat) { value -> Result<Int, TestError> in
                value > 0 ? .success(value * 10) : .failure(.boom)
            }
        #expect(
            EventRecorder(starting: checked).events == [.value(10), .value(20), .failed(.boom)])
        #expect(
            EventRecorder(starting: Result<Int, TestError>.success(5).producer).events == [
                .value(5), .completed,
            ])
    }
}
