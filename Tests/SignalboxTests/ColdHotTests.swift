import Signalbox
import Testing

@Suite("Contract 3: cold producers, hot signals")
struct ColdHotTests {
    @Test("a producer does nothing until started, then runs its handler once per start")
    func producerIsCold() {
        let starts = Counter()
        let producer = SignalProducer<Int, Never> { observer, _ in
            starts.increment()
            observer.send(value: starts.value)
            observer.sendCompleted()
        }
        #expect(starts.value == 0)
        let first = Recorded<Int>()
        let second = Recorded<Int>()
        producer.startWithValues { first.append($0) }
        producer.startWithValues { second.append($0) }
        #expect(starts.value == 2)
        #expect(first.items == [1])
        #expect(second.items == [2])
    }

    @Test("each start gets a fresh observer and lifetime")
    func freshLifetimePerRun() {
        let lifetimes = Recorded<Lifetime>()
        let producer = SignalProducer<Int, Never> { _, lifetime in lifetimes.append(lifetime) }
        let a = producer.start()
        let b = producer.start()
        a.dispose()
        #expect(lifetimes.items.count == 2)
        #expect(lifetimes.items[0].hasEnded)
        #expect(!lifetimes.items[1].hasEnded)
        b.dispose()
    }

    @Test("a signal is shared: observers see only what is sent while they are attached")
    func signalIsHot() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let early = Recorded<Int>()
        let late = Recorded<Int>()
        signal.observeValues { early.append($0) }
        input.send(value: 1)
        let lateDisposable = signal.observeValues { late.append($0) }
        input.send(value: 2)
        lateDisposable?.dispose()
        input.send(value: 3)
        #expect(early.items == [1, 2, 3])
        #expect(late.items == [2])
    }

    @Test("startWithSignal lets observers attach before the run starts")
    func startWithSignal() {
        let producer = SignalProducer<Int, Never>(values: 1, 2, 3)
        let received = Recorded<Event<Int, Never>>()
        producer.startWithSignal { signal, _ in
            signal.observe { received.append($0) }
        }
        #expect(received.items == [.value(1), .value(2), .value(3), .completed])
    }

    @Test("a producer made from a signal forwards events after it is started")
    func producerFromSignal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let producer = SignalProducer(signal)
        input.send(value: 0)
        let received = Recorded<Int>()
        producer.startWithValues { received.append($0) }
        input.send(value: 1)
        #expect(received.items == [1])
    }
}
