import Signalbox
import Testing

@Suite("Contract 1: event grammar")
struct EventGrammarTests {
    @Test("nothing is delivered after a terminal event")
    func nothingAfterTerminal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var received: [Event<Int, Never>] = []
        signal.observe { received.append($0) }
        input.send(value: 1)
        input.sendCompleted()
        input.send(value: 2)
        input.sendInterrupted()
        #expect(received == [.value(1), .completed])
    }
}
