import Foundation
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

@Suite("ReactiveSwift parity: property operators", .ownThreads)
struct ParityPropertyTests {
    @Test("Property(_:) wraps another property")
    func wraps() {
        let source = MutableProperty(1)
        let wrapped = Property(source)
        source.value = 2
        #expect(wrapped.value == 2)
        let derived = Property(source.map { $0 * 10 })
        source.value = 3
        #expect(derived.value == 30)
    }

    @Test("map by key path, zip(with:) pairs changes by position")
    func zipWith() {
        let names = MutableProperty("ada")
        let counts = MutableProperty(1)
        #expect(names.map(\.count).value == 3)
        let zipped = names.zip(with: counts)
        let recorder = EventRecorder(starting: zipped.producer.map { "\($0)\($1)" })
        names.value = "bo"
        #expect(zipped.value == ("ada", 1))
        counts.value = 2
        #expect(zipped.value == ("bo", 2))
        #expect(recorder.values == ["ada1", "bo2"])
    }

    @Test("skipRepeats and filter(initial:) derive properties")
    func skipRepeatsFilter() {
        let source = MutableProperty(1)
        let distinct = source.skipRepeats()
        let changes = EventRecorder(observing: distinct.signal)
        source.value = 1
        source.value = 2
        source.value = 2
        #expect(changes.values == [2])
        let positive = source.filter(initial: 0) { $0 > 0 }
        #expect(positive.value == 2)
        source.value = -5
        #expect(positive.value == 2)
        source.value = 7
        #expect(positive.value == 7)
        let negative = MutableProperty(1).filter(initial: -1) { $0 < 0 }
        #expect(negative.value == -1)
    }

    @Test("flatMap(.latest) follows the property chosen by the current value")
    func flatMapLatest() {
        let first = MutableProperty("a")
        let second = MutableProperty("x")
        let useSecond = MutableProperty(false)
        let calls = Counter()
        let chosen = useSecond.flatMap(.latest) { (flag: Bool) -> MutableProperty<String> in
            calls.increment()
            return flag ? second : first
        }
        #expect(chosen.value == "a")
        #expect(calls.value == 1)
        first.value = "b"
        #expect(chosen.value == "b")
        useSecond.value = true
        #expect(chosen.value == "x")
        first.value = "c"
        second.value = "y"
        #expect(chosen.value == "y")
    }

    @Test("properties are producer convertibles: flatMap, concat, prefix accept them")
    func convertible() {
        let property = MutableProperty(5)
        let flattened = SignalProducer<Int, Never>(values: 1, 2)
            .flatMap(.concat) { _ in Property(value: 7) }
        #expect(EventRecorder(starting: flattened).values == [7, 7])
        let prefixed = SignalProducer<Int, Never>(value: 1).prefix(Property(value: 0))
        #expect(EventRecorder(starting: prefixed).events == [.value(0), .value(1), .completed])
        let recorder = EventRecorder(
            starting: SignalProducer<Int, Never>(value: 1).concat(property).take(first: 3))
        property.value = 6
        #expect(recorder.events == [.value(1), .value(5), .value(6), .completed])
        let combined = SignalProducer<Int, Never>(value: 1).combineLatest(with: property)
        #expect(EventRecorder(starting: combined.map { $0 + $1 }).values == [7])
    }

    @Test("Boolean properties: negate, and, or, all, any")
    func booleans() {
        let a = MutableProperty(true)
        let b = MutableProperty(false)
        let and = a.and(b)
        let or = a.or(b)
        let not = a.negate()
        let all = Property.all([a, b])
        let any = Property.any([a, b])
        #expect(!and.value && or.value && !not.value && !all.value && any.value)
        b.value = true
        #expect(and.value && all.value)
        a.value = false
        b.value = false
        #expect(!or.value && not.value && !any.value)
        #expect(Property<Bool>.all([MutableProperty<Bool>]()).value)
        #expect(!Property<Bool>.any([MutableProperty<Bool>]()).value)
    }
}

private enum AgeError: Error, Equatable {
    case negative
    case tooOld
    case mismatch
}

@Suite("ValidatingProperty", .ownThreads)
struct ValidatingPropertyTests {
    private static func validateAge(_ age: Int) -> ValidatingProperty<Int, AgeError>.Decision {
        if age < 0 { return .invalid(.negative) }
        if age > 150 { return .coerced(150, .tooOld) }
        return .valid
    }

    @Test("a valid value is stored, an invalid one refused, a coerced one replaced")
    func decisions() {
        let age = ValidatingProperty<Int, AgeError>(10, Self.validateAge)
        #expect(age.result.value == .valid(10))
        let changes = EventRecorder(observing: age.signal)
        age.value = 20
        #expect(age.value == 20)
        #expect(age.result.value == .valid(20))
        age.value = -1
        #expect(age.value == 20)
        #expect(age.result.value == .invalid(-1, .negative))
        #expect(age.result.value.isInvalid)
        #expect(age.result.value.error == .negative)
        age.value = 200
        #expect(age.value == 150)
        #expect(age.result.value == .coerced(replacement: 150, proposed: 200, error: .tooOld))
        #expect(age.result.value.value == 150)
        #expect(changes.values == [20, 150])
    }

    @Test("the initial value is validated but stored as it is; inner receives the valid values")
    func initial() {
        let coerced = ValidatingProperty<Int, AgeError>(500, Self.validateAge)
        #expect(coerced.value == 500, "as in ReactiveSwift: the initial value need not pass")
        #expect(coerced.result.value == .coerced(replacement: 150, proposed: 500, error: .tooOld))
        let inner = MutableProperty(-3)
        let validating = ValidatingProperty(inner, Self.validateAge)
        #expect(validating.result.value == .invalid(-3, .negative))
        validating.value = 4
        #expect(inner.value == 4)
    }

    @Test("with a dependency, the last value written is validated again when it changes")
    func dependency() {
        let password = MutableProperty("secret")
        let confirmation = ValidatingProperty<String, AgeError>("", with: password) {
            $0 == $1 ? .valid : .invalid(.mismatch)
        }
        confirmation.value = "other"
        #expect(confirmation.result.value == .invalid("other", .mismatch))
        #expect(confirmation.value == "")
        password.value = "other"
        #expect(confirmation.result.value == .valid("other"))
        #expect(confirmation.value == "other")
    }

    @Test("concurrent writers are validated one at a time")
    func concurrentWrites() {
        let count = ValidatingProperty<Int, AgeError>(0) { _ in .valid }
        let results = Recorded<Int>()
        count.signal.observeValues { results.append($0) }
        concurrently(threads: 8) { thread in
            for step in 0..<100 { count.value = thread * 1000 + step }
        }
        #expect(results.count == 800)
        #expect(count.result.value.value == count.value)
    }
}

@Suite("Binding targets", .ownThreads)
struct ParityBindingTests {
    private final class Model {
        var title = ""
    }

    @Test("a key-path target writes to the object while its lifetime lasts")
    func keyPathWithLifetime() {
        let model = Model()
        let (lifetime, token) = Lifetime.make()
        let (titles, input) = Signal<String, Never>.pipe()
        BindingTarget(lifetime: lifetime, object: model, keyPath: \.title) <~ titles
        input.send(value: "a")
        #expect(model.title == "a")
        token.dispose()
        input.send(value: "b")
        #expect(model.title == "a")
    }

    @Test("a key-path target without lifetime ends at the first value after the object died")
    func keyPathObjectLifetime() {
        let source = MutableProperty("a")
        var model: Model? = Model()
        weak let weakModel = model
        let binding = model.flatMap { BindingTarget(object: $0, keyPath: \.title) <~ source }
        #expect(model?.title == "a")
        source.value = "b"
        #expect(model?.title == "b")
        model = nil
        #expect(weakModel == nil)
        #expect(binding?.isDisposed == false)
        source.value = "c"
        #expect(binding?.isDisposed == true)
    }

    @Test("a target on a scheduler writes there")
    func scheduled() {
        let scheduler = TestScheduler()
        let model = Model()
        let (titles, input) = Signal<String, Never>.pipe()
        let (lifetime, token) = Lifetime.make()
        BindingTarget(on: scheduler, lifetime: lifetime, object: model, keyPath: \.title) <~ titles
        input.send(value: "a")
        #expect(model.title == "")
        scheduler.advance()
        #expect(model.title == "a")
        token.dispose()
    }

    @Test("an observer as a binding target receives the values")
    func observerTarget() {
        let (output, observer) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: output)
        let source = MutableProperty(1)
        let binding = observer <~ source
        source.value = 2
        observer.sendCompleted()
        source.value = 3
        #expect(recorder.events == [.value(1), .value(2), .completed])
        #expect(binding?.isDisposed == true)
    }

    @Test("an action as a binding target is applied to each value")
    func actionTarget() {
        let received = Recorded<Int>()
        let action = Action<Int, Int, Never> { input in
            received.append(input)
            return SignalProducer(value: input)
        }
        let values = EventRecorder(observing: action.values)
        let (inputs, input) = Signal<Int, Never>.pipe()
        action <~ inputs
        input.send(value: 1)
        input.send(value: 2)
        #expect(received.items == [1, 2])
        #expect(values.values == [1, 2])
    }
}
