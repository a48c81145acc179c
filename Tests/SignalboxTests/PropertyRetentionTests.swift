import Foundation
import Signalbox
import SignalboxTesting
import Testing

/// ReactiveSwift's retention model (issue 24): a composed property is a view of its sources
/// that does not keep them alive, and its producer and signal follow the sources.
@Suite("Composed properties do not keep their sources alive")
struct PropertyRetentionTests {
    @Test("a mapped property: the source is released, its producer and signal then complete")
    func mapDoesNotRetain() {
        weak var weakSource: MutableProperty<Int>?
        var source: MutableProperty<Int>? = MutableProperty(1)
        weakSource = source
        let doubled = source.map { $0.map { $0 * 2 } }
        let produced = EventRecorder<Int, Never>()
        let signalled = EventRecorder<Int, Never>()
        if let doubled {
            produced.record(doubled.producer)
            signalled.record(SignalProducer(doubled.signal))
        }
        source?.value = 2
        source = nil
        #expect(weakSource == nil, "the mapped property kept its source alive")
        #expect(produced.events == [.value(2), .value(4), .completed])
        #expect(signalled.events == [.value(4), .completed])
        #expect(doubled?.value == 4, "the last value stays")
    }

    @Test("combineLatest and zip keep neither source; they complete when both are gone")
    func combineAndZipDoNotRetain() {
        weak var weakFirst: MutableProperty<Int>?
        weak var weakSecond: MutableProperty<String>?
        let combined: Property<(Int, String)>
        let combinedEvents: EventRecorder<String, Never>
        let zippedEvents: EventRecorder<String, Never>
        let zipped: Property<(Int, String)>
        do {
            let first = MutableProperty(1)
            let second = MutableProperty("a")
            weakFirst = first
            weakSecond = second
            combined = first.combineLatest(with: second)
            zipped = first.zip(with: second)
            combinedEvents = EventRecorder(starting: combined.producer.map { "\($0)\($1)" })
            zippedEvents = EventRecorder(starting: zipped.producer.map { "\($0)\($1)" })
            second.value = "b"
        }
        #expect(weakFirst == nil, "combineLatest or zip kept its first source alive")
        #expect(weakSecond == nil, "combineLatest or zip kept its second source alive")
        #expect(combinedEvents.events == [.value("1a"), .value("1b"), .completed])
        #expect(zippedEvents.isTerminated)
        #expect(combined.value == (1, "b"))
        #expect(zipped.value == (1, "a"))
    }

    @Test("Property(_:) reflects a property without keeping it; Property(capturing:) keeps it")
    func composedAndExistential() {
        weak var weakReflected: MutableProperty<Int>?
        weak var weakCaptured: MutableProperty<Int>?
        let view: Property<Int>
        let existential: Property<Int>
        let ended: EventRecorder<Int, Never>
        do {
            let reflected = MutableProperty(1)
            let captured = MutableProperty(1)
            weakReflected = reflected
            weakCaptured = captured
            view = Property(reflected)
            existential = Property(capturing: captured)
            reflected.value = 5
            ended = EventRecorder(observing: view.signal)
        }
        #expect(weakReflected == nil, "Property(_:) kept its source alive")
        #expect(ended.events == [.completed])
        #expect(view.value == 5)
        #expect(
            weakCaptured != nil, "Property(capturing:) keeps what it wraps, as in ReactiveSwift")
        #expect(existential.value == 1)
    }

    @Test("Property(initial:then:) does not keep the property its values come from")
    func initialThenDoesNotRetain() {
        weak var weakSource: MutableProperty<Int>?
        var source: MutableProperty<Int>? = MutableProperty(1)
        weakSource = source
        let latest = source.map { Property(initial: 0, then: $0.producer) }
        #expect(latest?.value == 1, "the value sent at start replaces the initial one")
        source?.value = 3
        source = nil
        #expect(weakSource == nil)
        #expect(latest?.value == 3)
    }

    @Test("the producer and signal of a released derived property go on until the source ends")
    func runsFollowTheSource() {
        let source = MutableProperty(1)
        var derived: Property<Int>? = source.map { $0 + 100 }
        weak let weakDerived = derived
        let produced = EventRecorder<Int, Never>()
        let signalled = EventRecorder<Int, Never>()
        if let derived {
            produced.record(derived.producer)
            signalled.record(SignalProducer(derived.signal))
        }
        derived = nil
        #expect(weakDerived == nil)
        source.value = 2
        #expect(produced.values == [101, 102])
        #expect(signalled.values == [102])
        #expect(!produced.isTerminated)
    }

    @Test("a composed property nobody uses any more stops observing its source")
    func abandonedStopsObserving() {
        let source = MutableProperty(0)
        let calls = Counter()
        do {
            let derived = source.map { value -> Int in
                calls.increment()
                return value
            }
            #expect(derived.value == 0)
        }
        let before = calls.value
        source.value = 1
        #expect(calls.value == before, "the transform ran for a released property")
    }

    @Test("a chain of derived properties works after its intermediate properties are released")
    func chains() {
        let a = MutableProperty(1)
        let b = MutableProperty(2)
        let sum = a.combineLatest(with: b).map { $0 + $1 }.map { "\($0)" }
        a.value = 10
        b.value = 20
        #expect(sum.value == "30")
    }

    @Test("throttle(while:) does not keep its property alive")
    func throttleWhileDoesNotRetain() {
        weak var weakGate: MutableProperty<Bool>?
        var gate: MutableProperty<Bool>? = MutableProperty(false)
        weakGate = gate
        let (values, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder<Int, Never>()
        var throttled: SignalProducer<Int, Never>?
        var throttledSignal: Signal<Int, Never>?
        if let gate {
            throttled = SignalProducer(values).throttle(while: gate, on: ImmediateScheduler())
            throttledSignal = values.throttle(while: gate, on: ImmediateScheduler())
        }
        if let throttled { recorder.record(throttled) }
        let fromSignal = throttledSignal.map { EventRecorder(observing: $0) }
        input.send(value: 1)
        gate = nil
        #expect(weakGate == nil, "throttle(while:) kept its property alive")
        input.send(value: 2)
        #expect(recorder.values == [1, 2])
        #expect(fromSignal?.values == [1, 2])
    }

    @Test("Property(initial:then:) completes its producer and signal when its values interrupt")
    func initialThenInterrupted() {
        let (values, input) = Signal<Int, Never>.pipe()
        let property = Property(initial: 0, then: values)
        let produced = EventRecorder(starting: property.producer)
        let signalled = EventRecorder(observing: property.signal)
        input.send(value: 1)
        input.sendInterrupted()
        #expect(produced.events == [.value(0), .value(1), .completed])
        #expect(signalled.events == [.value(1), .completed])
        #expect(property.value == 1)
        let later = EventRecorder(starting: property.producer)
        #expect(later.events == [.value(1), .completed])
    }

    @Test("Property(initial:then:) with a producer that interrupts completes as well")
    func initialThenProducerInterrupted() {
        let property = Property(
            initial: 0,
            then: SignalProducer<Int, Never> { observer, _ in
                observer.send(value: 7)
                observer.sendInterrupted()
            })
        #expect(property.value == 7)
        let produced = EventRecorder(starting: property.producer)
        #expect(produced.events == [.value(7), .completed])
    }

    @Test("a constant property's signal interrupts an observer at once")
    func constantSignal() {
        let constant = Property(value: 3)
        let signalled = EventRecorder(observing: constant.signal)
        #expect(signalled.events == [.interrupted])
        let produced = EventRecorder(starting: constant.producer)
        #expect(produced.events == [.value(3), .completed])
    }

    @Test("flatMap(.latest) keeps forwarding a property made on the spot")
    func flatMapLatestTemporaryInner() {
        let selection = MutableProperty(0)
        let (values, input) = Signal<Int, Never>.pipe()
        let source = MutableProperty(1)
        let followed = selection.flatMap(.latest) { index -> Property<Int> in
            index == 0
                ? Property(initial: -1, then: values) : Property(source).map { $0 * 100 }
        }
        let recorder = EventRecorder(starting: followed.producer)
        input.send(value: 5)
        #expect(followed.value == 5, "the inner property ended when the transform returned")
        selection.value = 1
        source.value = 2
        #expect(followed.value == 200)
        input.send(value: 6)
        #expect(recorder.values == [-1, 5, 100, 200])
    }
}
