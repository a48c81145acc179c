import Signalbox
import SignalboxTesting
import Testing

private enum FormError: Error, Equatable {
    case invalid
    case mismatch
}

/// ValidatingProperty as ReactiveSwift 7 defines it (issue 24): what it keeps alive, changes
/// made to the inner property, and validation against a dependency's latest proposed value.
@Suite("ValidatingProperty: ReactiveSwift's behaviour")
struct ValidatingPropertyParityTests {
    private static func nonNegative(_ value: Int) -> ValidatingProperty<Int, FormError>.Decision {
        value >= 0 ? (value == 100 ? .coerced(Int.max, .invalid) : .valid) : .invalid(.invalid)
    }

    @Test("it keeps its inner property alive, and releases it with itself")
    func retainsInner() {
        weak var weakInner: MutableProperty<Int>?
        var validated: ValidatingProperty<Int, FormError>?
        do {
            let inner = MutableProperty(0)
            weakInner = inner
            validated = ValidatingProperty(inner, Self.nonNegative)
        }
        #expect(weakInner != nil)
        #expect(validated?.value == 0)
        validated = nil
        #expect(weakInner == nil)
    }

    @Test("a change made to the inner property directly is stored and validated")
    func validatesInnerChanges() {
        let inner = MutableProperty(0)
        let validated = ValidatingProperty(inner, Self.nonNegative)
        let results = EventRecorder(observing: validated.result.signal)
        inner.value = 10
        #expect(validated.value == 10)
        #expect(validated.result.value == .valid(10))
        inner.value = -10
        #expect(validated.value == -10, "a direct change of the inner property is not refused")
        #expect(validated.result.value == .invalid(-10, .invalid))
        validated.value = 5
        #expect(results.values == [.valid(10), .invalid(-10, .invalid), .valid(5)])
    }

    @Test("result tells what happened before the value changes")
    func resultFirst() {
        let validated = ValidatingProperty<Int, FormError>(1, Self.nonNegative)
        let valueSeen = Recorded<Int>()
        validated.result.signal.observeValues { _ in valueSeen.append(validated.value) }
        validated.value = 2
        #expect(valueSeen.items == [1])
        #expect(validated.value == 2)
    }

    @Test("a dependency is not kept alive; its last value is used once it is gone")
    func dependencyNotRetained() {
        weak var weakOther: MutableProperty<String>?
        let validated: ValidatingProperty<Int, FormError>
        do {
            let other = MutableProperty("")
            weakOther = other
            validated = ValidatingProperty(0, with: other) { value, other in
                value >= 0 && other == "🎃" ? .valid : .invalid(FormError.invalid)
            }
            other.value = "🎃"
        }
        #expect(weakOther == nil, "the validating property kept its dependency alive")
        validated.value = 3
        #expect(validated.value == 3)
    }

    @Test("the latest failed or coerced value is validated again when the dependency changes")
    func revalidatesOnDependencyChange() {
        let other = MutableProperty("")
        let validated = ValidatingProperty(0, with: other) { value, other in
            value >= 0 && other == "🎃"
                ? (value == 100 ? .coerced(Int.max, FormError.invalid) : .valid)
                : .invalid(.invalid)
        }
        #expect(validated.result.value == .invalid(0, .invalid))
        validated.value = 100
        #expect(validated.value == 0)
        #expect(validated.result.value == .invalid(100, .invalid))
        other.value = "🎃"
        #expect(validated.value == Int.max)
        #expect(
            validated.result.value == .coerced(replacement: Int.max, proposed: 100, error: .invalid)
        )
        validated.value = -1
        #expect(validated.value == Int.max)
        other.value = "👻"
        other.value = "🎃"
        #expect(validated.result.value == .invalid(-1, .invalid))
        #expect(validated.value == Int.max)
    }

    @Test("a validating dependency: its latest proposed value counts, valid or not")
    func validatingDependency() {
        let other = ValidatingProperty<String, FormError>("") {
            $0.hasSuffix("🎃") && $0 != "🎃" ? .valid : .invalid(.mismatch)
        }
        let validated = ValidatingProperty(0, with: other) { value, other in
            value >= 0 && other.hasSuffix("🎃") ? .valid : .invalid(FormError.invalid)
        }
        validated.value = 10
        #expect(validated.value == 0)
        #expect(validated.result.value == .invalid(10, .invalid))
        other.value = "🎃"
        #expect(other.value == "", "refused by its own validator")
        #expect(validated.value == 10, "validated against the value proposed to the dependency")
        #expect(validated.result.value == .valid(10))
        other.value = "👻🎃"
        #expect(other.value == "👻🎃")
        #expect(validated.result.value == .valid(10))
    }
}
