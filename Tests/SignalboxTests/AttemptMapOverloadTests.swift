import Signalbox
import SignalboxTesting
import Testing

@Suite("attemptMap accepts both spellings")
struct AttemptMapOverloadTests {
    private static func parse(_ value: Int) -> Result<String, TestError> {
        value == 2 ? .failure(.boom) : .success("#\(value)")
    }

    @Test("a producer's attemptMap takes a closure with an explicit Result signature")
    func producerResultSignature() {
        let mapped = SignalProducer<Int, TestError>(values: 1, 2, 3)
            .attemptMap { value -> Result<String, TestError> in Self.parse(value) }
        #expect(EventRecorder(starting: mapped).events == [.value("#1"), .failed(.boom)])
    }

    @Test("a producer's attemptMap takes a throwing closure")
    func producerThrowing() {
        let mapped = SignalProducer<Int, TestError>(values: 1, 2, 3)
            .attemptMap { value throws(TestError) -> String in try Self.parse(value).get() }
        #expect(EventRecorder(starting: mapped).events == [.value("#1"), .failed(.boom)])
    }

    @Test("a signal's attemptMap takes both spellings")
    func signalBothSpellings() {
        let (source, input) = Signal<Int, TestError>.pipe()
        let viaResult = EventRecorder(
            observing: source.attemptMap { value -> Result<String, TestError> in Self.parse(value) }
        )
        let viaThrow = EventRecorder(
            observing: source.attemptMap { value throws(TestError) -> String in
                try Self.parse(value).get()
            })
        input.send(value: 1)
        input.send(value: 2)
        #expect(viaResult.events == [.value("#1"), .failed(.boom)])
        #expect(viaThrow.events == [.value("#1"), .failed(.boom)])
    }

    @Test("a closure returning a Result value keeps the Result form")
    func resultValueClosure() {
        let mapped = SignalProducer<Int, TestError>(values: 1, 2).attemptMap { Self.parse($0) }
        #expect(EventRecorder(starting: mapped).events == [.value("#1"), .failed(.boom)])
    }
}
