extension SignalProducer where Value == Bool {
    /// Sends whether every stream's latest value is `true`; the variadic form of
    /// `all(_:)`, whose contract it follows.
    ///
    /// - Parameter booleans: The streams of Booleans.
    /// - Returns: A producer of the conjunction of the latest values.
    public static func all(_ booleans: SignalProducer<Bool, Error>...) -> SignalProducer<
        Bool, Error
    > {
        all(booleans)
    }

    /// Sends whether any stream's latest value is `true`; the variadic form of `any(_:)`,
    /// whose contract it follows.
    ///
    /// - Parameter booleans: The streams of Booleans.
    /// - Returns: A producer of the disjunction of the latest values.
    public static func any(_ booleans: SignalProducer<Bool, Error>...) -> SignalProducer<
        Bool, Error
    > {
        any(booleans)
    }
}

extension Signal where Value == Bool {
    /// Sends whether every signal's latest value is `true`; the variadic form of
    /// `all(_:)`.
    ///
    /// - Parameter booleans: The signals of Booleans.
    /// - Returns: A signal of the conjunction of the latest values.
    public static func all(_ booleans: Signal<Bool, Error>...) -> Signal<Bool, Error> {
        all(booleans)
    }

    /// Sends whether any signal's latest value is `true`; the variadic form of `any(_:)`.
    ///
    /// - Parameter booleans: The signals of Booleans.
    /// - Returns: A signal of the disjunction of the latest values.
    public static func any(_ booleans: Signal<Bool, Error>...) -> Signal<Bool, Error> {
        any(booleans)
    }
}

extension Property where Value == Bool {
    /// A property that is `true` while every one of `properties` is; the variadic form of
    /// `all(_:)`.
    ///
    /// - Parameter properties: The properties to combine; they are kept alive.
    /// - Returns: The conjunction of their values.
    public static func all<P: PropertyProtocol>(_ properties: P...) -> Property<Bool>
    where P.Value == Bool {
        all(properties)
    }

    /// A property that is `true` while any one of `properties` is; the variadic form of
    /// `any(_:)`.
    ///
    /// - Parameter properties: The properties to combine; they are kept alive.
    /// - Returns: The disjunction of their values.
    public static func any<P: PropertyProtocol>(_ properties: P...) -> Property<Bool>
    where P.Value == Bool {
        any(properties)
    }
}
