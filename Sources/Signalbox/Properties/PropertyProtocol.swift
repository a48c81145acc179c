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
    /// - Parameter transform: Applied to the current value and to every change.
    /// - Returns: The derived property.
    public func map<U>(_ transform: @escaping (Value) -> U) -> Property<U> {
        Property(initial: transform(value), then: producer.map(transform), retaining: [self])
    }

    /// Derives a read-only property holding the key path's value.
    ///
    /// - Parameter keyPath: The path to read from each value.
    /// - Returns: The derived property.
    public func map<U>(_ keyPath: KeyPath<Value, U>) -> Property<U> {
        map { $0[keyPath: keyPath] }
    }

    /// Derives a property holding the pair of both properties' latest values.
    ///
    /// - Parameter other: The second property.
    /// - Returns: A property of `(self.value, other.value)`, updated when either changes.
    public func combineLatest<Other: PropertyProtocol>(with other: Other) -> Property<
        (Value, Other.Value)
    > {
        let first = producer
        let second = other.producer
        return Property(
            initial: (value, other.value),
            then: SignalProducer { observer, lifetime in
                let state = Protected<(Value?, Other.Value?, Int)>((nil, nil, 0))
                func emit(_ update: (inout (Value?, Other.Value?, Int)) -> Void) {
                    let pair = state.withValue { state -> (Value, Other.Value)? in
                        update(&state)
                        guard let a = state.0, let b = state.1 else { return nil }
                        return (a, b)
                    }
                    if let pair { observer.send(value: pair) }
                }
                func finish() {
                    let done = state.withValue { state -> Bool in
                        state.2 += 1
                        return state.2 == 2
                    }
                    if done { observer.sendCompleted() }
                }
                lifetime += first.start { event in
                    switch event {
                    case .value(let a): emit { $0.0 = a }
                    case .completed, .interrupted: finish()
                    }
                }
                lifetime += second.start { event in
                    switch event {
                    case .value(let b): emit { $0.1 = b }
                    case .completed, .interrupted: finish()
                    }
                }
            },
            retaining: [self, other])
    }
}
