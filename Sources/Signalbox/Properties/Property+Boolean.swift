extension PropertyProtocol where Value == Bool {
    /// Derives a property holding the negation of this one.
    ///
    /// - Returns: A property of `!value`.
    public func negate() -> Property<Bool> {
        map { !$0 }
    }

    /// Derives a property that is `true` while both this property and `other` are.
    ///
    /// ```swift
    /// let canSubmit = isValid.and(isOnline)
    /// ```
    ///
    /// - Parameter other: The second property.
    /// - Returns: A property of `value && other.value`.
    public func and<Other: PropertyProtocol>(_ other: Other) -> Property<Bool>
    where Other.Value == Bool {
        combineLatest(with: other).map { $0 && $1 }
    }

    /// Derives a property that is `true` while this property or `other` is.
    ///
    /// - Parameter other: The second property.
    /// - Returns: A property of `value || other.value`.
    public func or<Other: PropertyProtocol>(_ other: Other) -> Property<Bool>
    where Other.Value == Bool {
        combineLatest(with: other).map { $0 || $1 }
    }
}

extension Property where Value == Bool {
    /// A property that is `true` while every property of `properties` is (and `true` for
    /// an empty collection).
    ///
    /// - Parameter properties: The properties to combine; they are not kept alive.
    /// - Returns: The conjunction of their values (a composed property, see `Property`).
    public static func all<S: Sequence>(_ properties: S) -> Property<Bool>
    where S.Element: PropertyProtocol, S.Element.Value == Bool {
        let members = Array(properties)
        return Property(composing: SignalProducer.all(members.map(\.producer))) {
            members.allSatisfy(\.value)
        }
    }

    /// A property that is `true` while any property of `properties` is (and `false` for
    /// an empty collection).
    ///
    /// - Parameter properties: The properties to combine; they are not kept alive.
    /// - Returns: The disjunction of their values (a composed property, see `Property`).
    public static func any<S: Sequence>(_ properties: S) -> Property<Bool>
    where S.Element: PropertyProtocol, S.Element.Value == Bool {
        let members = Array(properties)
        return Property(composing: SignalProducer.any(members.map(\.producer))) {
            members.contains { $0.value }
        }
    }
}
