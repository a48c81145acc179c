import Signalbox
import Testing

@Suite("Contract 9: typed errors")
struct TypedErrorTests {
    struct ParseError: Error, Equatable {
        let text: String
    }

    @Test("attemptMap with a Result closure fails the stream with the returned error")
    func attemptMapResult() {
        let received = Recorded<Event<Int, ParseError>>()
        SignalProducer<String, ParseError>(values: "1", "x", "3")
            .attemptMap { text -> Result<Int, ParseError> in
                Int(text).map(Result.success) ?? .failure(ParseError(text: text))
            }
            .start { received.append($0) }
        #expect(received.items == [.value(1), .failed(ParseError(text: "x"))])
    }

    @Test("attemptMap with a typed-throws closure fails the stream with the thrown error")
    func attemptMapThrows() {
        let received = Recorded<Event<Int, ParseError>>()
        let (signal, input) = Signal<String, ParseError>.pipe()
        signal
            .attemptMap { text throws(ParseError) -> Int in
                guard let number = Int(text) else { throw ParseError(text: text) }
                return number
            }
            .observe { received.append($0) }
        input.send(value: "2")
        input.send(value: "two")
        input.send(value: "3")
        #expect(received.items == [.value(2), .failed(ParseError(text: "two"))])
    }

    @Test("promoteError lifts a stream that cannot fail; mapError converts errors")
    func promoteAndMapError() {
        let promoted: SignalProducer<Int, ParseError> = SignalProducer<Int, Never>(value: 1)
            .promoteError()
        #expect(promoted.single().map { try? $0.get() } == 1)
        let mapped = SignalProducer<Int, TestError>(error: .boom)
            .mapError { ParseError(text: "\($0)") }
        #expect(mapped.first() == .failure(ParseError(text: "boom")))
    }
}
