/// A read-only view of a changing value.
///
/// View models expose their state as `Property` (backed by a private `MutableProperty`),
/// so front ends can read and observe but not write.
///
/// ```swift
/// private let _searching = MutableProperty(false)
/// public var searching: Property<Bool> { Property(capturing: _searching) }
/// ```
public final class Property<Value>: PropertyProtocol, @unchecked Sendable {
    // Safety: `box` is a `MutableProperty`, which is itself lock-protected; `Property` only
    // holds immutable references (`isConstant` is only written during `init`).
    private let box: MutableProperty<Value>
    private let sources: [AnyObject]
    private let subscription: Disposable?
    /// Whether the property was made with `init(value:)`: it never changes, so its producer
    /// completes after the value, as in ReactiveSwift (and works when the property is a
    /// temporary, e.g. returned from a `flatMap` transform).
    private var isConstant = false
    /// For a property derived from others by a transform that commutes with starting
    /// (map, combineLatest, skipRepeats, Boolean combinations): the same transform of its
    /// sources' producers, which `producer` returns, so a run depends on the sources only.
    /// A property made on the spot — `flatMap { _ in a.map(f) }` — then keeps sending after
    /// the derived object itself is gone, and a run ends when the sources do.
    private var derivedProducer: SignalProducer<Value, Never>?

    /// A property that always holds `value`. Its `producer` sends the value and completes.
    ///
    /// - Parameter value: The constant value.
    public init(value: Value) {
        box = MutableProperty(value)
        sources = []
        subscription = nil
        isConstant = true
    }

    /// A read-only view of `property`; it changes whenever `property` changes and keeps it
    /// alive.
    ///
    /// - Parameter property: The property to wrap.
    public init<P: PropertyProtocol>(capturing property: P) where P.Value == Value {
        if let mutable = property as? MutableProperty<Value> {
            box = mutable
            subscription = nil
        } else {
            let box = MutableProperty(property.value)
            self.box = box
            subscription = property.signal.observeValues { [weak box] in box?.value = $0 }
        }
        sources = [property]
    }

    /// A property that starts at `initial` and then takes each value of `values`.
    ///
    /// - Parameters:
    ///   - initial: The value until `values` sends one.
    ///   - values: The later values; the property keeps its last value when they end. A value
    ///     sent synchronously when `values` starts replaces `initial` at once.
    public convenience init(initial: Value, then values: SignalProducer<Value, Never>) {
        self.init(initial: initial, then: values, retaining: [])
    }

    /// Like `init(initial:then:)`, keeping `sources` (the properties derived from) alive.
    /// A property derived from its sources' producers by `values`, a transform that sends
    /// the derived current value first on every start (see `derivedProducer`).
    convenience init(
        derivedInitial initial: Value, from values: SignalProducer<Value, Never>,
        retaining sources: [AnyObject]
    ) {
        self.init(initial: initial, then: values, retaining: sources)
        derivedProducer = values
    }

    init(initial: Value, then values: SignalProducer<Value, Never>, retaining sources: [AnyObject])
    {
        let box = MutableProperty(initial)
        self.box = box
        self.sources = sources
        subscription = values.startWithValues { [weak box] in box?.value = $0 }
    }

    /// A property holding the latest value of `values`, a producer that sends its first
    /// value when started (a property's producer, or an operator over such producers).
    /// `fallback` makes the initial value if it does not; it is not called otherwise, so a
    /// derived property needs no second evaluation of its transform.
    init(
        firstValueOf values: SignalProducer<Value, Never>, otherwise fallback: () -> Value,
        retaining sources: [AnyObject]
    ) {
        let latest = Protected<MutableProperty<Value>?>(nil)
        let subscription = values.startWithValues { value in
            let existing = latest.withValue { box -> MutableProperty<Value>? in
                if let box { return box }
                box = MutableProperty(value)
                return nil
            }
            existing?.value = value
        }
        box = latest.withValue { stored -> MutableProperty<Value> in
            if let stored { return stored }
            let created = MutableProperty(fallback())
            stored = created
            return created
        }
        self.sources = sources
        self.subscription = subscription
    }

    /// A property that starts at `initial` and then takes each value of `values`.
    ///
    /// - Parameters:
    ///   - initial: The value until `values` sends one.
    ///   - values: The later values.
    public convenience init(initial: Value, then values: Signal<Value, Never>) {
        self.init(initial: initial, then: SignalProducer(values))
    }

    deinit {
        subscription?.dispose()
    }

    /// The current value.
    public var value: Value { box.value }

    /// Sends the current value, then every change; a constant property (`init(value:)`)
    /// sends its value and completes.
    public var producer: SignalProducer<Value, Never> {
        if isConstant { return SignalProducer(value: box.value) }
        return derivedProducer ?? box.producer
    }

    /// Sends every change.
    public var signal: Signal<Value, Never> { box.signal }

    /// Ends when the underlying storage is deinitialised.
    public var lifetime: Lifetime { box.lifetime }
}
