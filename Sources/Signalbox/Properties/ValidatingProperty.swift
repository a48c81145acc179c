/// A mutable property that validates every value written to it: a valid value is stored,
/// an invalid one is refused (the property keeps its current value), and a value can be
/// coerced into another one that is stored instead.
///
/// `result` tells what happened to the last value proposed, so a form can show the error
/// next to the field while `value` keeps the last value that passed.
///
/// ```swift
/// let age = ValidatingProperty<Int, AgeError>(0) { $0 >= 0 ? .valid : .invalid(.negative) }
/// age.value = -1
/// age.value           // 0: the invalid value was refused
/// age.result.value    // .invalid(-1, .negative)
/// ```
///
/// As in ReactiveSwift: writes are serialised (concurrent writers are validated one at a
/// time), and for each write `result` changes before the stored value does. The initial
/// value is validated (see `result`) but stored as it is. A `MutableProperty` given to
/// `init(_:_:)` (which keeps it alive) may also be written directly: such a change is
/// stored as written (it did not go through this property) and validated, and `result`
/// tells whether it passed. A change handler of a tracking that reads `value` runs with no
/// lock of this property held (see `MutableProperty+Observation.swift`).
public final class ValidatingProperty<Value, ValidationError: Swift.Error>: PropertyProtocol,
    @unchecked Sendable
{
    // Safety: `isWritingBack` is only touched by the thread holding `writeLock`; `inner` and
    // `latestResult` are lock-protected `MutableProperty` values; `validate` is immutable.

    /// What the validator decides about a proposed value.
    public enum Decision {
        /// Store the value as it is.
        case valid
        /// Store this replacement instead, optionally reporting why.
        case coerced(Value, ValidationError?)
        /// Refuse the value; the property keeps its current value.
        case invalid(ValidationError)
    }

    /// What happened to the last value proposed.
    public enum Result {
        /// The value was stored.
        case valid(Value)
        /// `replacement` was stored instead of `proposed`.
        case coerced(replacement: Value, proposed: Value, error: ValidationError?)
        /// The value was refused for `error`.
        case invalid(Value, ValidationError)

        /// Whether the value was refused.
        public var isInvalid: Bool {
            if case .invalid = self { return true }
            return false
        }

        /// The value that was stored, or `nil` if the value was refused.
        public var value: Value? {
            switch self {
            case .valid(let value): return value
            case .coerced(let replacement, _, _): return replacement
            case .invalid: return nil
            }
        }

        /// The error reported, if any.
        public var error: ValidationError? {
            switch self {
            case .valid: return nil
            case .coerced(_, _, let error): return error
            case .invalid(_, let error): return error
            }
        }

        /// The value that was proposed (the replacement's original for `.coerced`).
        var proposed: Value {
            switch self {
            case .valid(let value): return value
            case .coerced(_, let proposed, _): return proposed
            case .invalid(let value, _): return value
            }
        }

        /// What `decision` makes of `proposed`.
        init(_ proposed: Value, _ decision: Decision) {
            switch decision {
            case .valid: self = .valid(proposed)
            case .coerced(let replacement, let error):
                self = .coerced(replacement: replacement, proposed: proposed, error: error)
            case .invalid(let error): self = .invalid(proposed, error)
            }
        }
    }

    private let inner: MutableProperty<Value>
    private let latestResult: MutableProperty<Result>
    private let validate: (Value) -> Decision
    /// Serialises the writes made through this property (held across the validator and
    /// the writes of `result` and `inner`).
    private let writeLock = OwnedLock()
    /// Whether the thread holding `writeLock` is storing a validated value in `inner` (so
    /// that the change is not validated again as one made to `inner` directly).
    @exclusivity(unchecked) private var isWritingBack = false
    /// The observations of `inner` and of the dependency (ended at deinit).
    private let observations = CompositeDisposable()

    /// What happened to the last value proposed: written through this property, written to
    /// the inner property directly, or the initial value.
    public let result: Property<Result>

    /// Creates a property holding `initial`; `result` tells what the validator makes of it.
    ///
    /// - Parameters:
    ///   - initial: The first value, stored as it is (it need not pass the validation).
    ///   - validator: Decides about each value proposed.
    public convenience init(_ initial: Value, _ validator: @escaping (Value) -> Decision) {
        self.init(MutableProperty(initial), validator)
    }

    /// Creates a property that validates the values proposed to it before storing them in
    /// `inner`, which it keeps alive. `inner`'s current value is validated at once (but not
    /// changed), and so is every change made to `inner` directly.
    ///
    /// - Parameters:
    ///   - inner: Stores the valid values.
    ///   - validator: Decides about each value proposed.
    public convenience init(
        _ inner: MutableProperty<Value>, _ validator: @escaping (Value) -> Decision
    ) {
        self.init(inner, validate: validator, revalidatingOn: nil)
    }

    /// Creates a property whose validator also depends on `other`'s latest value: when
    /// `other` changes, the last value proposed is validated again (so a value refused
    /// earlier is stored once `other` allows it).
    ///
    /// ```swift
    /// let confirmation = ValidatingProperty("", with: password) { confirmation, password in
    ///     confirmation == password ? .valid : .invalid(.mismatch)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The first value, stored as it is (it need not pass the validation).
    ///   - other: The property the validator depends on; it is not kept alive (once it is
    ///     gone, its last value is used).
    ///   - validator: Decides about a value, given `other`'s latest value.
    public convenience init<Other: PropertyProtocol>(
        _ initial: Value, with other: Other,
        _ validator: @escaping (Value, Other.Value) -> Decision
    ) {
        self.init(MutableProperty(initial), with: other, validator)
    }

    /// Like `init(_:with:_:)`, storing the valid values in `inner`.
    ///
    /// - Parameters:
    ///   - inner: Stores the valid values; it is kept alive, and its current value is
    ///     validated at once.
    ///   - other: The property the validator depends on; it is not kept alive.
    ///   - validator: Decides about a value, given `other`'s latest value.
    public convenience init<Other: PropertyProtocol>(
        _ inner: MutableProperty<Value>, with other: Other,
        _ validator: @escaping (Value, Other.Value) -> Decision
    ) {
        // A composed view of `other`: its latest value, without keeping `other` alive.
        let other = Property(other)
        self.init(
            inner, validate: { validator($0, other.value) },
            revalidatingOn: other.signal.map { _ in })
    }

    /// Creates a property whose validator depends on another validating property: it is
    /// given `other`'s latest *proposed* value (valid or not), and the last value proposed
    /// here is validated again whenever a value is proposed to `other`.
    ///
    /// - Parameters:
    ///   - initial: The first value, stored as it is (it need not pass the validation).
    ///   - other: The validating property the validator depends on; it is not kept alive.
    ///   - validator: Decides about a value, given the value last proposed to `other`.
    public convenience init<U, E: Swift.Error>(
        _ initial: Value, with other: ValidatingProperty<U, E>,
        _ validator: @escaping (Value, U) -> Decision
    ) {
        self.init(MutableProperty(initial), with: other, validator)
    }

    /// Like `init(_:with:_:)` with a validating dependency, storing the valid values in
    /// `inner`.
    ///
    /// - Parameters:
    ///   - inner: Stores the valid values; it is kept alive, and its current value is
    ///     validated at once.
    ///   - other: The validating property the validator depends on; it is not kept alive.
    ///   - validator: Decides about a value, given the value last proposed to `other`.
    public convenience init<U, E: Swift.Error>(
        _ inner: MutableProperty<Value>, with other: ValidatingProperty<U, E>,
        _ validator: @escaping (Value, U) -> Decision
    ) {
        // `other.result` holds `other`'s results, not `other`.
        let proposals = other.result
        self.init(
            inner, validate: { validator($0, proposals.value.proposed) },
            revalidatingOn: proposals.signal.map { _ in })
    }

    private init(
        _ inner: MutableProperty<Value>, validate: @escaping (Value) -> Decision,
        revalidatingOn dependency: Signal<Void, Never>?
    ) {
        self.inner = inner
        self.validate = validate
        // Under `inner`'s send lock: no change of `inner` falls between the first
        // validation and the observation of its changes.
        let locked = inner.sendLock.lockUnlessHeldByCurrentThread()
        let initial = inner.cell.value
        latestResult = MutableProperty(Result(initial, validate(initial)))
        result = Property(capturing: latestResult)
        observations += inner.signal.observeValues { [weak self] in self?.innerChanged(to: $0) }
        if locked { inner.finishDelivery() }
        if let dependency {
            observations += dependency.observeValues { [weak self] in self?.revalidate() }
        }
    }

    deinit {
        observations.dispose()
    }

    /// The last valid (or coerced) value. Setting it proposes a value: `result` tells what
    /// the validator made of it, then a valid or coerced value is stored; an invalid one
    /// leaves the property unchanged.
    public var value: Value {
        get { inner.value }
        set { propose { newValue } }
    }

    /// Sends the current value, then every stored change.
    public var producer: SignalProducer<Value, Never> { inner.producer }

    /// Sends every stored change.
    public var signal: Signal<Value, Never> { inner.signal }

    /// Ends when the inner property deinitialises.
    public var lifetime: Lifetime { inner.lifetime }

    /// Validates the value `proposal` makes (with `writeLock` held), records the result,
    /// then stores what the validator allows.
    private func propose(_ proposal: () -> Value) {
        // Re-entrant (from inside an observer, on the writing thread): validated at once.
        let locked = writeLock.lockUnlessHeldByCurrentThread()
        let proposed = proposal()
        let outcome = Result(proposed, validate(proposed))
        latestResult.value = outcome
        if let stored = outcome.value {
            let wasWritingBack = isWritingBack
            isWritingBack = true
            inner.value = stored
            isWritingBack = wasWritingBack
        }
        if locked { writeLock.unlock() }
    }

    /// A change of `inner`: validated unless this property is storing it.
    private func innerChanged(to value: Value) {
        if writeLock.isHeldByCurrentThread, isWritingBack { return }
        latestResult.value = Result(value, validate(value))
    }

    /// The dependency changed: the last value proposed is proposed again.
    private func revalidate() {
        propose { latestResult.withValue(\.proposed) }
    }
}

extension ValidatingProperty.Result: Equatable where Value: Equatable, ValidationError: Equatable {}
