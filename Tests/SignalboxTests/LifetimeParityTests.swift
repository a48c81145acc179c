import Foundation
import Signalbox
import SignalboxTesting
import Testing

@Suite("lifetimes follow ReactiveSwift")
struct LifetimeParityTests {
    @Test("a signal whose input observer is released is interrupted, with observers attached")
    func releasedInputInterrupts() {
        let disposed = Counter()
        let events = Recorded<Event<Int, Never>>()
        var (signal, input): (Signal<Int, Never>, Signal<Int, Never>.Observer?) = Signal.pipe(
            disposable: AnyDisposable(disposed.increment))
        signal.observe(events.append)
        input?.send(value: 1)
        input = nil
        #expect(events.items == [.value(1), .interrupted])
        #expect(disposed.value == 1)
        signal = Signal<Int, Never>.pipe().output
    }

    @Test("a signal whose generator keeps no input is interrupted and ends its lifetime")
    func generatorDroppingItsInput() {
        let ended = Counter()
        let events = Recorded<Event<Int, Never>>()
        let signal = Signal<Int, Never> { _, lifetime in lifetime.observeEnded(ended.increment) }
        signal.observe(events.append)
        #expect(events.items == [.interrupted])
        #expect(ended.value == 1)
    }

    @Test("a signal whose input is kept alive by its source goes on")
    func inputKeptAlive() {
        let (source, input) = Signal<Int, Never>.pipe()
        let events = Recorded<Event<Int, Never>>()
        source.map { $0 * 2 }.filter { $0 > 0 }.observe(on: ImmediateScheduler())
            .observe(events.append)
        input.send(value: 1)
        input.sendCompleted()
        #expect(events.items == [.value(2), .completed])
    }

    @Test("a run started with startWithSignal ends when its signal is gone unobserved")
    func startWithSignalReleased() {
        let ended = Counter()
        weak var captured: Token?
        do {
            let token = Token()
            captured = token
            let producer = SignalProducer<Int, Never> { _, lifetime in
                lifetime.observeEnded { withExtendedLifetime(token) { ended.increment() } }
            }
            producer.startWithSignal { signal, _ in
                signal.observeValues { _ in }?.dispose()
            }
            producer.startWithSignal { _, _ in }
        }
        #expect(ended.value == 2)
        #expect(captured == nil)
    }

    @Test("a run started with startWithSignal goes on while its signal has an observer")
    func startWithSignalObserved() {
        let (source, input) = Signal<Int, Never>.pipe()
        let values = Recorded<Int>()
        let observation = SignalProducer(source).startWithSignal { signal, _ in
            signal.observeValues(values.append)
        }
        input.send(value: 1)
        observation?.dispose()
        input.send(value: 2)
        #expect(values.items == [1])
    }

    @Test("on(started:) does not fire for a run disposed inside startWithSignal")
    func startedNotFiredWhenDisposedInSetup() {
        let started = Counter()
        let handlerRan = Counter()
        let events = Recorded<Event<Int, Never>>()
        SignalProducer<Int, Never> { _, _ in handlerRan.increment() }
            .on(started: started.increment)
            .startWithSignal { signal, interrupter in
                signal.observe(events.append)
                interrupter.dispose()
            }
        #expect(started.value == 0)
        #expect(handlerRan.value == 0)
        #expect(events.items == [.interrupted])
    }

    @Test("a property's producer started after the property is gone sends its last value")
    func propertyProducerAfterDeinit() {
        var property: MutableProperty<Int>? = MutableProperty(1)
        property?.value = 7
        var derived = property.map { $0.map { $0 + 1 } }
        let producer = property?.producer ?? .empty
        let derivedProducer = derived?.producer ?? .empty
        derived = nil
        property = nil
        #expect(EventRecorder(starting: producer).events == [.value(7), .completed])
        #expect(EventRecorder(starting: derivedProducer).events == [.value(8), .completed])
    }
}
