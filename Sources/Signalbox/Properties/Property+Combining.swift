// ReactiveSwift's static forms of `combineLatest` and `zip` on properties. Like every
// derived property, the result keeps its sources alive (see `Property.map`).

extension Property {
    /// A property of the pair of `a`'s and `b`'s latest values; the same as
    /// `a.combineLatest(with: b)`.
    ///
    /// - Parameters:
    ///   - a: The first property.
    ///   - b: The second property.
    /// - Returns: The property of both values, updated when either changes.
    public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol>(_ a: A, _ b: B)
        -> Property<(A.Value, B.Value)> where Value == (A.Value, B.Value)
    {
        a.combineLatest(with: b)
    }

    /// A property of the latest values of `a`, `b` and `c`.
    ///
    /// - Parameters:
    ///   - a: The first property.
    ///   - b: The second property.
    ///   - c: The third property.
    /// - Returns: The property of the three values, updated when any changes.
    public static func combineLatest<A: PropertyProtocol, B: PropertyProtocol, C: PropertyProtocol>(
        _ a: A, _ b: B, _ c: C
    ) -> Property<(A.Value, B.Value, C.Value)> where Value == (A.Value, B.Value, C.Value) {
        a.combineLatest(with: b).combineLatest(with: c).map { ($0.0, $0.1, $1) }
    }

    /// A property of the pairs of `a`'s and `b`'s values, paired in order (the n-th
    /// change of one with the n-th change of the other); the same as `a.zip(with: b)`.
    ///
    /// - Parameters:
    ///   - a: The first property.
    ///   - b: The second property.
    /// - Returns: The property of the latest pair.
    public static func zip<A: PropertyProtocol, B: PropertyProtocol>(_ a: A, _ b: B) -> Property<
        (A.Value, B.Value)
    > where Value == (A.Value, B.Value) {
        a.zip(with: b)
    }

    /// A property of the latest values of every property of `properties`, in order; `nil`
    /// if `properties` is empty.
    ///
    /// - Parameter properties: The properties to combine; not kept alive.
    /// - Returns: The property of all latest values, or `nil` for no properties.
    public static func combineLatest<S: Sequence, Element>(_ properties: S) -> Property<[Element]>?
    where S.Element: PropertyProtocol, S.Element.Value == Element, Value == [Element] {
        let members = Array(properties)
        guard !members.isEmpty else { return nil }
        return combined(members, SignalProducer.combineLatest(members.map(\.producer)))
    }

    /// A property of the latest values of every property of `properties`, in order, or of
    /// `emptySentinel` if `properties` is empty.
    ///
    /// - Parameters:
    ///   - properties: The properties to combine; not kept alive.
    ///   - emptySentinel: The value of the property when there are no properties.
    /// - Returns: The property of all latest values.
    public static func combineLatest<S: Sequence, Element>(
        _ properties: S, emptySentinel: [Element]
    ) -> Property<[Element]>
    where S.Element: PropertyProtocol, S.Element.Value == Element, Value == [Element] {
        combineLatest(properties) ?? Property<[Element]>(value: emptySentinel)
    }

    /// A property of the values of every property of `properties`, zipped in order; `nil`
    /// if `properties` is empty.
    ///
    /// - Parameter properties: The properties to zip; not kept alive.
    /// - Returns: The property of the latest zipped values, or `nil` for no properties.
    public static func zip<S: Sequence, Element>(_ properties: S) -> Property<[Element]>?
    where S.Element: PropertyProtocol, S.Element.Value == Element, Value == [Element] {
        let members = Array(properties)
        guard !members.isEmpty else { return nil }
        return combined(members, SignalProducer.zip(members.map(\.producer)))
    }

    /// A property of the values of every property of `properties`, zipped in order, or of
    /// `emptySentinel` if `properties` is empty.
    ///
    /// - Parameters:
    ///   - properties: The properties to zip; not kept alive.
    ///   - emptySentinel: The value of the property when there are no properties.
    /// - Returns: The property of the latest zipped values.
    public static func zip<S: Sequence, Element>(_ properties: S, emptySentinel: [Element])
        -> Property<[Element]>
    where S.Element: PropertyProtocol, S.Element.Value == Element, Value == [Element] {
        zip(properties) ?? Property<[Element]>(value: emptySentinel)
    }

    private static func combined<P: PropertyProtocol, Element>(
        _ members: [P], _ values: SignalProducer<[Element], Never>
    ) -> Property<[Element]> where P.Value == Element {
        Property<[Element]>(composing: values) { members.map(\.value) }
    }
}

extension PropertyProtocol {
    /// A property of the pair of the previous and the current value, starting from
    /// `(initial, value)`.
    ///
    /// - Parameter initial: Stands for the previous value of the first pair.
    /// - Returns: The derived property.
    public func combinePrevious(_ initial: Value) -> Property<(Value, Value)> {
        Property(composing: producer.combinePrevious(initial)) { (initial, value) }
    }

    /// A property of the pair of the previous and the current value, starting from
    /// `(value, value)`.
    ///
    /// - Returns: The derived property.
    public func combinePrevious() -> Property<(Value, Value)> {
        combinePrevious(value)
    }
}

extension PropertyProtocol where Value: Hashable {
    /// A property that changes only to values it has not held before.
    ///
    /// - Returns: The derived property; it remembers every value it held.
    public func uniqueValues() -> Property<Value> {
        Property(composing: producer.uniqueValues()) { value }
    }
}

extension PropertyProtocol {
    /// A property that changes only to values whose identity it has not seen before.
    ///
    /// - Parameter transform: Gives the identity of a value.
    /// - Returns: The derived property; it remembers every identity it saw.
    public func uniqueValues<Identity: Hashable>(_ transform: @escaping (Value) -> Identity)
        -> Property<Value>
    {
        Property(composing: producer.uniqueValues(transform)) { value }
    }
}

// The same statics reached through any property type, as ReactiveSwift declares them
// (`Property<String>.combineLatest(properties, emptySentinel: [])`).
extension PropertyProtocol {
    /// A property of the latest values of every property of `properties`, in order, or of
    /// `emptySentinel` if `properties` is empty; see `Property.combineLatest(_:emptySentinel:)`.
    ///
    /// - Parameters:
    ///   - properties: The properties to combine; not kept alive.
    ///   - emptySentinel: The value of the property when there are no properties.
    /// - Returns: The property of all latest values.
    public static func combineLatest<S: Sequence, Element>(
        _ properties: S, emptySentinel: [Element]
    ) -> Property<[Element]> where S.Element: PropertyProtocol, S.Element.Value == Element {
        Property<[Element]>.combineLatest(properties, emptySentinel: emptySentinel)
    }

    /// A property of the values of every property of `properties`, zipped in order, or of
    /// `emptySentinel` if `properties` is empty; see `Property.zip(_:emptySentinel:)`.
    ///
    /// - Parameters:
    ///   - properties: The properties to zip; not kept alive.
    ///   - emptySentinel: The value of the property when there are no properties.
    /// - Returns: The property of the latest zipped values.
    public static func zip<S: Sequence, Element>(_ properties: S, emptySentinel: [Element])
        -> Property<[Element]>
    where S.Element: PropertyProtocol, S.Element.Value == Element {
        Property<[Element]>.zip(properties, emptySentinel: emptySentinel)
    }
}
