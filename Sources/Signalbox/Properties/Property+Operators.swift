extension PropertyProtocol {
    /// Derives a property holding pairs of both properties' values by position: the
    /// current values, then each change of one paired with the change of the other that
    /// has the same position.
    ///
    /// ```swift
    /// let pairs = left.zip(with: right)  // (left.value, right.value) until both change
    /// ```
    ///
    /// The derived property is composed (see `Property`): it keeps neither property alive.
    ///
    /// - Parameter other: The second property.
    /// - Returns: A property of pairs, as `SignalProducer.zip(with:)` forms them.
    public func zip<Other: PropertyProtocol>(with other: Other) -> Property<(Value, Other.Value)> {
        Property(composing: producer.zip(with: other.producer)) { (value, other.value) }
    }

    /// Derives a property that ignores changes equivalent to its current value: its
    /// `signal` and `producer` send no consecutive repeats. The derived property is
    /// composed (see `Property`): it does not keep this property alive.
    ///
    /// - Parameter isEquivalent: Compares the current value with a new one.
    /// - Returns: The derived property.
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Property<Value> {
        Property(composing: producer.skipRepeats(isEquivalent)) { value }
    }

    /// Derives a property holding the values that satisfy `predicate`: the current value if
    /// it does, `initial` otherwise, and from then on each change that satisfies it. The
    /// derived property is composed (see `Property`): it does not keep this property alive.
    ///
    /// ```swift
    /// let lastValidAge = age.filter(initial: 0) { $0 >= 0 }
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The value until one satisfies `predicate`.
    ///   - predicate: Decides which values the derived property takes.
    /// - Returns: The derived property.
    public func filter(initial: Value, _ predicate: @escaping (Value) -> Bool) -> Property<Value> {
        Property(initial: initial, then: producer.filter(predicate))
    }

    /// Derives a property from a property chosen by each value, flattened with `strategy`:
    /// with `.latest`, the derived property follows the property chosen by the current
    /// value.
    ///
    /// `transform` is called once for the current value and once per change. The derived
    /// property is composed (see `Property`): it keeps neither this property nor the chosen
    /// ones alive, but the chosen property's producer goes on while it is followed, so a
    /// property made on the spot in `transform` (`{ _ in source.map(f) }`) keeps sending.
    ///
    /// ```swift
    /// let selectedName = selection.flatMap(.latest) { $0.name }  // follows the selection
    /// ```
    ///
    /// - Parameters:
    ///   - strategy: How to combine the chosen properties (see `FlattenStrategy`).
    ///   - transform: Chooses a property for a value.
    /// - Returns: The derived property.
    public func flatMap<P: PropertyProtocol>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> P
    ) -> Property<P.Value> {
        let current = value
        return Property<P.Value>(
            composing: producer.flatMap(strategy) { transform($0).producer }
        ) { transform(current).value }
    }
}

extension PropertyProtocol where Value: Equatable {
    /// Derives a property that ignores changes equal to its current value.
    ///
    /// ```swift
    /// query.skipRepeats().signal.observeValues { search($0) }  // no search for "a" twice
    /// ```
    ///
    /// - Returns: The derived property.
    public func skipRepeats() -> Property<Value> {
        skipRepeats(==)
    }
}

extension Property: SignalProducerConvertible {}

extension MutableProperty: SignalProducerConvertible {}
