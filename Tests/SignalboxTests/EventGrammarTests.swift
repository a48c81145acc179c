import Signalbox
import Testing

@Suite("Contract 1: event grammar")
struct EventGrammarTests {
    @Test(
        "a signal delivers nothing after a terminal event",
        arguments: [
            Event<Int, TestError>.completed, .failed(.boom), .interrupted,
        ])
    func signalStopsAtTerminal(terminal: Event<Int, TestError>) {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let received = Recorded<Event<Int, TestError>>()
        signal.observe { received.append($0) }
        input.send(value: 1)
        input.send(terminal)
        input.send(value: 2)
        input.sendCompleted()
        input.send(error: .boom)
        #expect(received.items == [.value(1), terminal])
    }

    @Test("a producer's observer drops events after its terminal event")
    func producerStopsAtTerminal() {
        let producer = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(error: .boom)
            observer.send(value: 2)
            observer.sendCompleted()
        }
        let received = Recorded<Event<Int, TestError>>()
        producer.start { received.append($0) }
        #expect(received.items == [.value(1), .failed(.boom)])
    }

    @Test("observing a terminated signal interrupts the new observer at once")
    func observingTerminatedSignal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        input.sendCompleted()
        let received = Recorded<Event<Int, Never>>()
        let disposable = signal.observe { received.append($0) }
        #expect(disposable == nil)
        #expect(received.items == [.interrupted])
    }

    @Test("a terminal event sent from inside the observer's callback is delivered after it")
    func reentrantTerminal() {
        let received = Recorded<Event<Int, Never>>()
        var input: Signal<Int, Never>.Observer?
        input = Signal<Int, Never>.Observer { event in
            received.append(event)
            if case .value(1) = event { input?.sendCompleted() }
        }
        input?.send(value: 1)
        input?.send(value: 2)
        #expect(received.items == [.value(1), .completed])
    }

    @Test("event helpers report their parts")
    func eventHelpers() {
        let value = Event<Int, TestError>.value(3)
        #expect(value.value == 3 && !value.isTerminating && value.error == nil)
        #expect(Event<Int, TestError>.failed(.boom).error == .boom)
        #expect(Event<Int, TestError>.completed.isCompleted)
        #expect(Event<Int, TestError>.interrupted.isTerminating)
        #expect(value.map { $0 * 2 } == .value(6))
        #expect(value.description == "value(3)")
    }
}
