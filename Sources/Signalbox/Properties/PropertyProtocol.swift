/// A value that changes over time and can be observed.
///
/// `producer` sends the current value and then every change; `signal` sends changes only.
/// Both complete when the property is deinitialised.
public protocol PropertyProtocol<Value>: AnyObject, BindingSource {
    /// The type of the held value.
    associatedtype Value

    /// The current value. Reading is thread-safe.
    var value: Value { get }

    /// Sends the current value at once, then every change, and completes when the property
    /// is deinitialised.
    var producer: SignalProducer<Value, Never> { get }

    /// Sends every change (not the current value), and completes when the property is
    /// deinitialised.
    var signal: Signal<Value, Never> { get }

    /// Ends when the property is deinitialised.
    var lifetime: Lifetime { get }
}

extension PropertyProtocol {
    /// Derives a read-only property holding `transform` of this one's value.
    ///
    /// The derived property is composed (see `Property`): it does not keep this property
    /// alive, and its `producer` and `signal` complete when this property deinitialises.
    ///
    /// - Parameter transform: Applied to the current value and to every change, once each.
    /// - Returns: The derived property.
    public func map<U>(_ transform: @escaping (Value) -> U) -> Property<U> {
        Property(composing: producer.map(transform)) { transform(value) }
    }

    /// Derives a read-only property holding the key path's value.
    ///
    /// - Parameter keyPath: The path to read from each value.
    /// - Returns: The derived property (composed, see `map(_:)`).
    public func map<U>(_ keyPath: KeyPath<Value, U>) -> Property<U> {
        map { $0[keyPath: keyPath] }
    }

    /// Derives a property holding the pair of both properties' latest values.
    ///
    /// The derived property is composed (see `Property`): it keeps neither property alive,
    /// and its `producer` and `signal` complete when both have deinitialised.
    ///
    /// - Parameter other: The second property.
    /// - Returns: A property of `(self.value, other.value)`, updated when either changes.
    public func combineLatest<Other: PropertyProtocol>(with other: Other) -> Property<
        (Value, Other.Value)
    > {
        Property(composing: producer.combineLatest(with: other.producer)) {
            (value, other.value)
        }
    }
}
