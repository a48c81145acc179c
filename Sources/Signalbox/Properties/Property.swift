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
    // holds immutable references.
    private let box: MutableProperty<Value>
    private let sources: [AnyObject]
    private let subscription: Disposable?

    /// A property that always holds `value`.
    ///
    /// - Parameter value: The constant value.
    public init(value: Value) {
        box = MutableProperty(value)
        sources = []
        subscription = nil
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
    init(initial: Value, then values: SignalProducer<Value, Never>, retaining sources: [AnyObject])
    {
        let box = MutableProperty(initial)
        self.box = box
        self.sources = sources
        subscription = values.startWithValues { [weak box] in box?.value = $0 }
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

    /// Sends the current value, then every change.
    public var producer: SignalProducer<Value, Never> { box.producer }

    /// Sends every change.
    public var signal: Signal<Value, Never> { box.signal }

    /// Ends when the underlying storage is deinitialised.
    public var lifetime: Lifetime { box.lifetime }
}
