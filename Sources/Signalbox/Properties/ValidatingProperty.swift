/// A mutable property that validates every value written to it: a valid value is stored,
/// an invalid one is refused (the property keeps its last valid value), and a value can
/// be coerced into another one that is stored instead.
///
/// `result` tells what happened to the last value written, so a form can show the error
/// next to the field while `value` keeps the last value that passed.
///
/// ```swift
/// let age = ValidatingProperty<Int, AgeError>(0) { $0 >= 0 ? .valid : .invalid(.negative) }
/// age.value = -1
/// age.value           // 0: the invalid value was refused
/// age.result.value    // .invalid(-1, .negative)
/// ```
///
/// Writes are serialised: concurrent writers are validated one at a time, and for each
/// write the stored value changes (if it does) before `result`. Writing to the property from
/// inside an observer of its `signal`, `producer` or `result` is a programming error (it
/// deadlocks), as for `MutableProperty`. Only writes made through this property are
/// validated: a `MutableProperty` given to `init(_:_:)` and written directly is not.
public final class ValidatingProperty<Value, ValidationError: Swift.Error>: PropertyProtocol,
    @unchecked Sendable
{
    // Safety: `lastProposed` is only touched while `writeLock` is held; `inner` and
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

    /// What happened to the last value written.
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
    }

    private let inner: MutableProperty<Value>
    private let latestResult: MutableProperty<Result>
    private let validate: (Value) -> Decision
    private let writeLock = Lock()
    @exclusivity(unchecked) private var lastProposed: Value
    /// The observation of the property the validator depends on, if any.
    private let dependency: SerialDisposable?

    /// What happened to the last value written (the initial value counts as written).
    public let result: Property<Result>

    /// Creates a property holding `initial`, or what the validator makes of it.
    ///
    /// - Parameters:
    ///   - initial: The first value, validated like any other.
    ///   - validator: Decides about each value written.
    public convenience init(_ initial: Value, _ validator: @escaping (Value) -> Decision) {
        self.init(MutableProperty(initial), validator)
    }

    /// Creates a property that validates the writes made through it before they reach
    /// `inner`. The current value of `inner` is validated at once.
    ///
    /// - Parameters:
    ///   - inner: Stores the valid values.
    ///   - validator: Decides about each value written.
    public init(_ inner: MutableProperty<Value>, _ validator: @escaping (Value) -> Decision) {
        self.inner = inner
        validate = validator
        dependency = nil
        let proposed = inner.value
        lastProposed = proposed
        latestResult = MutableProperty(
            Self.apply(validator(proposed), to: proposed, in: inner, storingValid: false))
        result = Property(capturing: latestResult)
    }

    /// Creates a property whose validator also depends on `other`: when `other` changes,
    /// the last value written is validated again (so a value refused earlier can be stored
    /// once `other` allows it).
    ///
    /// ```swift
    /// let confirmation = ValidatingProperty("", with: password) { confirmation, password in
    ///     confirmation == password ? .valid : .invalid(.mismatch)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The first value, validated like any other.
    ///   - other: The property the validator depends on; it is kept alive.
    ///   - validator: Decides about a value, given `other`'s current value.
    public convenience init<Other: PropertyProtocol>(
        _ initial: Value, with other: Other,
        _ validator: @escaping (Value, Other.Value) -> Decision
    ) {
        self.init(MutableProperty(initial), with: other, validator)
    }

    /// Like `init(_:with:_:)`, storing the valid values in `inner`.
    ///
    /// - Parameters:
    ///   - inner: Stores the valid values; its current value is validated at once.
    ///   - other: The property the validator depends on; it is kept alive.
    ///   - validator: Decides about a value, given `other`'s current value.
    public init<Other: PropertyProtocol>(
        _ inner: MutableProperty<Value>, with other: Other,
        _ validator: @escaping (Value, Other.Value) -> Decision
    ) {
        // The closure keeps `other` alive as long as this property.
        let validate = { (value: Value) in validator(value, other.value) }
        self.inner = inner
        self.validate = validate
        let proposed = inner.value
        lastProposed = proposed
        latestResult = MutableProperty(
            Self.apply(validate(proposed), to: proposed, in: inner, storingValid: false))
        result = Property(capturing: latestResult)
        let revalidation = SerialDisposable()
        dependency = revalidation
        revalidation.inner = other.signal.observeValues { [weak self] _ in self?.revalidate() }
    }

    deinit {
        dependency?.dispose()
    }

    /// The last valid (or coerced) value. Setting it validates the new value first; an
    /// invalid value leaves the property unchanged and is reported by `result`.
    public var value: Value {
        get { inner.value }
        set {
            writeLock.withLock {
                lastProposed = newValue
                latestResult.value = Self.apply(validate(newValue), to: newValue, in: inner)
            }
        }
    }

    /// Sends the current value, then every stored change.
    public var producer: SignalProducer<Value, Never> { inner.producer }

    /// Sends every stored change.
    public var signal: Signal<Value, Never> { inner.signal }

    /// Ends when the underlying storage is deinitialised.
    public var lifetime: Lifetime { inner.lifetime }

    private func revalidate() {
        writeLock.withLock {
            let proposed = lastProposed
            latestResult.value = Self.apply(validate(proposed), to: proposed, in: inner)
        }
    }

    /// Stores what `decision` allows and returns the result to report. (`storingValid` is
    /// false when validating the value `inner` already holds.)
    private static func apply(
        _ decision: Decision, to proposed: Value, in inner: MutableProperty<Value>,
        storingValid: Bool = true
    ) -> Result {
        switch decision {
        case .valid:
            if storingValid { inner.value = proposed }
            return .valid(proposed)
        case .coerced(let replacement, let error):
            inner.value = replacement
            return .coerced(replacement: replacement, proposed: proposed, error: error)
        case .invalid(let error):
            return .invalid(proposed, error)
        }
    }
}

extension ValidatingProperty.Result: Equatable where Value: Equatable, ValidationError: Equatable {}
