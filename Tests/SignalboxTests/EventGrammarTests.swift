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

    @Test("each way of observing receives what it asked for, live and after termination")
    func observerKinds() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let events = Recorded<Event<Int, TestError>>()
        let values = Recorded<Int>()
        let viaObserver = Recorded<Event<Int, TestError>>()
        signal.observe(events.append)
        signal.observeValues(values.append)
        signal.observe(Signal<Int, TestError>.Observer(viaObserver.append))
        input.send(value: 1)
        input.send(error: .boom)
        input.send(value: 2)
        #expect(events.items == [.value(1), .failed(.boom)])
        #expect(values.items == [1])
        #expect(viaObserver.items == [.value(1), .failed(.boom)])

        let lateEvents = Recorded<Event<Int, TestError>>()
        let lateValues = Recorded<Int>()
        let lateObserver = Recorded<Event<Int, TestError>>()
        #expect(signal.observe(lateEvents.append) == nil)
        #expect(signal.observeValues(lateValues.append) == nil)
        #expect(signal.observe(Signal<Int, TestError>.Observer(lateObserver.append)) == nil)
        #expect(lateEvents.items == [.interrupted])
        #expect(lateValues.items.isEmpty)
        #expect(lateObserver.items == [.interrupted])
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
        #expect(value.description == "VALUE 3")
    }
}
