extension Property {
    /// A read-only view of `property`, which it keeps alive; the same as
    /// `init(capturing:)`, spelt as in ReactiveSwift.
    ///
    /// ```swift
    /// private let _count = MutableProperty(0)
    /// public var count: Property<Int> { Property(_count) }
    /// ```
    ///
    /// - Parameter property: The property to wrap.
    public convenience init<P: PropertyProtocol>(_ property: P) where P.Value == Value {
        self.init(capturing: property)
    }
}

extension PropertyProtocol {
    /// Derives a property holding pairs of both properties' values by position: the
    /// current values, then each change of one paired with the change of the other that
    /// has the same position.
    ///
    /// ```swift
    /// let pairs = left.zip(with: right)  // (left.value, right.value) until both change
    /// ```
    ///
    /// - Parameter other: The second property.
    /// - Returns: A property of pairs, as `SignalProducer.zip(with:)` forms them.
    public func zip<Other: PropertyProtocol>(with other: Other) -> Property<(Value, Other.Value)> {
        Property(
            initial: (value, other.value), then: producer.zip(with: other.producer),
            retaining: [self, other])
    }

    /// Derives a property that ignores changes equivalent to its current value: its
    /// `signal` and `producer` send no consecutive repeats.
    ///
    /// - Parameter isEquivalent: Compares the current value with a new one.
    /// - Returns: The derived property.
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Property<Value> {
        Property(
            derivedInitial: value, from: producer.skipRepeats(isEquivalent), retaining: [self])
    }

    /// Derives a property holding the values that satisfy `predicate`: the current value if
    /// it does, `initial` otherwise, and from then on each change that satisfies it.
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
        Property(initial: initial, then: producer.filter(predicate), retaining: [self])
    }

    /// Derives a property from a property chosen by each value, flattened with `strategy`:
    /// with `.latest`, the derived property follows the property chosen by the current
    /// value.
    ///
    /// `transform` is called once for the current value and once per change; the derived
    /// property keeps this property and the chosen properties alive.
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
            firstValueOf: producer.flatMap(strategy) { transform($0).producer },
            otherwise: { transform(current).value }, retaining: [self])
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
