import Signalbox
import TestThreads
import Testing

@Suite("Contract 7: properties", .ownThreads)
struct PropertyTests {
    @Test("producer sends the current value, then changes; signal sends only changes")
    func producerAndSignal() {
        let property = MutableProperty(1)
        let fromProducer = Recorded<Int>()
        let fromSignal = Recorded<Int>()
        property.producer.startWithValues { fromProducer.append($0) }
        property.signal.observeValues { fromSignal.append($0) }
        property.value = 2
        property.value = 3
        #expect(fromProducer.items == [1, 2, 3])
        #expect(fromSignal.items == [2, 3])
    }

    @Test("producer and signal complete when the property deinitialises")
    func completeOnDeinit() {
        var property: MutableProperty<Int>? = MutableProperty(0)
        let producerEvents = Recorded<Event<Int, Never>>()
        let signalEvents = Recorded<Event<Int, Never>>()
        property?.producer.start { producerEvents.append($0) }
        property?.signal.observe { signalEvents.append($0) }
        property = nil
        #expect(producerEvents.items == [.value(0), .completed])
        #expect(signalEvents.items == [.completed])
    }

    @Test("concurrent modifications from 4 threads lose no update")
    func concurrentWrites() {
        let property = MutableProperty(0)
        let observed = Counter()
        property.signal.observeValues { _ in observed.increment() }
        concurrently(threads: 4) { _ in
            for _ in 0..<2_500 { property.modify { $0 += 1 } }
        }
        #expect(property.value == 10_000)
        #expect(observed.value == 10_000)
    }

    @Test("a read-only Property follows its source; map and combineLatest derive values")
    func derivedProperties() {
        let first = MutableProperty(1)
        let second = MutableProperty("a")
        let readOnly = Property(capturing: first)
        let doubled = first.map { $0 * 2 }
        let pair = first.combineLatest(with: second)
        first.value = 5
        second.value = "b"
        #expect(readOnly.value == 5)
        #expect(doubled.value == 10)
        #expect(pair.value == (5, "b"))
        #expect(Property(value: 7).value == 7)
    }

    @Test("nested derived properties keep their intermediate properties alive")
    func nestedDerivation() {
        let a = MutableProperty<String?>(nil)
        let b = MutableProperty(false)
        let c = MutableProperty(0)
        let derived = a.combineLatest(with: b).combineLatest(with: c).map { pair, count in
            "\(pair.0 ?? "nil") \(pair.1) \(count)"
        }
        #expect(derived.value == "nil false 0")
        a.value = "x"
        b.value = true
        c.value = 2
        #expect(derived.value == "x true 2")
    }

    @Test("Property(initial:then:) starts with the initial value and follows the producer")
    func initialThen() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let property = Property(initial: 0, then: signal)
        #expect(property.value == 0)
        input.send(value: 4)
        #expect(property.value == 4)
    }

    @Test("<~ binds a source and ends when the target deinitialises or is disposed")
    func binding() {
        let (signal, input) = Signal<Int, Never>.pipe()
        var target: MutableProperty<Int>? = MutableProperty(0)
        weak let weakTarget = target
        let binding = target! <~ signal
        input.send(value: 3)
        #expect(target?.value == 3)
        target = nil
        #expect(weakTarget == nil)
        #expect(binding?.isDisposed == true)
        input.send(value: 4)

        let other = MutableProperty(0)
        let disposable = other <~ SignalProducer(signal)
        input.send(value: 5)
        disposable?.dispose()
        input.send(value: 6)
        #expect(other.value == 5)
    }

    @Test("binding a property to a property copies its current value and changes")
    func propertyToProperty() {
        let source = MutableProperty("x")
        let target = MutableProperty("")
        target <~ source
        #expect(target.value == "x")
        source.value = "y"
        #expect(target.value == "y")
    }
}
