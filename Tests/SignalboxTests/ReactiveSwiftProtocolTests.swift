import Signalbox
import SignalboxTesting
import Testing

// ReactiveSwift's protocols for generic code over properties and optionals (issue 24):
// code constrained by them compiles with `import Signalbox` and behaves the same.

@Suite("ReactiveSwift protocols: MutablePropertyProtocol, OptionalProtocol")
struct ReactiveSwiftProtocolTests {
    @Test(
        "generic code over MutablePropertyProtocol sets a MutableProperty and a ValidatingProperty")
    func mutablePropertyProtocol() {
        func reset<P: MutablePropertyProtocol>(_ property: P) where P.Value == Int {
            property.value = 0
        }
        let plain = MutableProperty(5)
        let validating = ValidatingProperty<Int, TestError>(5) {
            $0 >= 0 ? .valid : .invalid(.boom)
        }
        reset(plain)
        reset(validating)
        #expect(plain.value == 0)
        #expect(validating.value == 0)
    }

    @Test("a ValidatingProperty is a binding target: bound values are validated")
    func validatingPropertyBinding() {
        let validating = ValidatingProperty<Int, TestError>(1) {
            $0 >= 0 ? .valid : .invalid(.boom)
        }
        let (source, input) = Signal<Int, Never>.pipe()
        validating <~ source
        input.send(value: 7)
        #expect(validating.value == 7)
        input.send(value: -1)
        #expect(validating.value == 7)
    }

    @Test("ComposableMutablePropertyProtocol.modify is one atomic step, with one notification")
    func composableModify() {
        func increment<P: ComposableMutablePropertyProtocol>(_ property: P) where P.Value == Int {
            property.modify { $0 += 1 }
        }
        let counter = MutableProperty(1)
        let seen = Recorded<Int>()
        counter.signal.observeValues { seen.append($0) }
        increment(counter)
        #expect(counter.withValue { $0 } == 2)
        #expect(seen.items == [2])
    }

    @Test("skipNil works on a generic OptionalProtocol value and on a concrete optional")
    func optionalProtocolSkipNil() {
        func unwrapped<V: OptionalProtocol>(_ producer: SignalProducer<V, Never>)
            -> SignalProducer<V.Wrapped, Never>
        {
            producer.skipNil()
        }
        let optionals = SignalProducer<Int?, Never>([1, nil, 3])
        #expect(EventRecorder(starting: unwrapped(optionals)).values == [1, 3])
        #expect(EventRecorder(starting: optionals.skipNil()).values == [1, 3])
        let (signal, input) = Signal<String?, Never>.pipe()
        let strings = Recorded<String>()
        signal.skipNil().observeValues { strings.append($0) }
        input.send(value: nil)
        input.send(value: "a")
        #expect(strings.items == ["a"])
        #expect(Int?(reconstructing: 4).optional == 4)
    }
}
