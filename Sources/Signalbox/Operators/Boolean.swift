extension SignalProducer where Value == Bool {
    /// Sends the negation of each value.
    ///
    /// - Returns: A producer of `!value` for each value.
    public func negate() -> SignalProducer<Bool, Error> {
        map { !$0 }
    }

    /// Sends whether both this producer's and `other`'s latest values are `true`, each
    /// time either sends, once both have sent; the contract is `combineLatest(with:)`'s.
    ///
    /// ```swift
    /// isValid.and(isOnline)  // can submit
    /// ```
    ///
    /// - Parameter other: The second stream of Booleans.
    /// - Returns: A producer of `latest && otherLatest`.
    public func and<Other: SignalProducerConvertible>(_ other: Other) -> SignalProducer<Bool, Error>
    where Other.Value == Bool, Other.Error == Error {
        combineLatest(with: other).map { $0 && $1 }
    }

    /// Sends whether this producer's or `other`'s latest value is `true`, each time either
    /// sends, once both have sent; the contract is `combineLatest(with:)`'s.
    ///
    /// - Parameter other: The second stream of Booleans.
    /// - Returns: A producer of `latest || otherLatest`.
    public func or<Other: SignalProducerConvertible>(_ other: Other) -> SignalProducer<Bool, Error>
    where Other.Value == Bool, Other.Error == Error {
        combineLatest(with: other).map { $0 || $1 }
    }

    /// Sends whether every stream's latest value is `true`, each time one sends, once all
    /// have sent; the contract is `combineLatest(_:)`'s. An empty collection sends `true`
    /// and completes (as ReactiveSwift's `all`).
    ///
    /// - Parameter booleans: The streams of Booleans.
    /// - Returns: A producer of the conjunction of the latest values.
    public static func all<S: Sequence>(_ booleans: S) -> SignalProducer<Bool, Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Bool, S.Element.Error == Error {
        SignalProducer<Bool, Error>.combineLatest(booleans, emptySentinel: [])
            .map { $0.allSatisfy { $0 } }
    }

    /// Sends whether any stream's latest value is `true`, each time one sends, once all
    /// have sent; the contract is `combineLatest(_:)`'s. An empty collection sends `false`
    /// and completes (as ReactiveSwift's `any`).
    ///
    /// - Parameter booleans: The streams of Booleans.
    /// - Returns: A producer of the disjunction of the latest values.
    public static func any<S: Sequence>(_ booleans: S) -> SignalProducer<Bool, Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Bool, S.Element.Error == Error {
        SignalProducer<Bool, Error>.combineLatest(booleans, emptySentinel: [])
            .map { $0.contains(true) }
    }
}

extension Signal where Value == Bool {
    /// Sends the negation of each value.
    ///
    /// - Returns: A signal of `!value` for each value.
    public func negate() -> Signal<Bool, Error> {
        map { !$0 }
    }

    /// Sends whether both latest values are `true`; see `SignalProducer.and(_:)`.
    ///
    /// - Parameter other: The second stream of Booleans; a producer is started at once.
    /// - Returns: A signal of `latest && otherLatest`.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public func and<Other: SignalProducerConvertible>(_ other: Other) -> Signal<Bool, Error>
    where Other.Value == Bool, Other.Error == Error {
        Signal.starting(producer.and(other))
    }

    /// Sends whether either latest value is `true`; see `SignalProducer.or(_:)`.
    ///
    /// - Parameter other: The second stream of Booleans; a producer is started at once.
    /// - Returns: A signal of `latest || otherLatest`.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public func or<Other: SignalProducerConvertible>(_ other: Other) -> Signal<Bool, Error>
    where Other.Value == Bool, Other.Error == Error {
        Signal.starting(producer.or(other))
    }

    /// Sends whether every stream's latest value is `true`; see `SignalProducer.all(_:)`.
    ///
    /// - Parameter booleans: The streams of Booleans; producers are started at once.
    /// - Returns: A signal of the conjunction of the latest values.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public static func all<S: Sequence>(_ booleans: S) -> Signal<Bool, Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Bool, S.Element.Error == Error {
        Signal.starting(SignalProducer.all(booleans))
    }

    /// Sends whether any stream's latest value is `true`; see `SignalProducer.any(_:)`.
    ///
    /// - Parameter booleans: The streams of Booleans; producers are started at once.
    /// - Returns: A signal of the disjunction of the latest values.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public static func any<S: Sequence>(_ booleans: S) -> Signal<Bool, Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Bool, S.Element.Error == Error {
        Signal.starting(SignalProducer.any(booleans))
    }

    /// The conjunction of the latest values of this signal and `other`, once both have
    /// sent; see `SignalProducer.and(_:)` for the contract.
    ///
    /// - Parameter other: The second signal of Booleans.
    /// - Returns: A signal of `latest && otherLatest`.
    public func and(_ other: Signal<Bool, Error>) -> Signal<Bool, Error> {
        Signal.starting(producer.and(other))
    }

    /// The disjunction of the latest values of this signal and `other`, once both have
    /// sent; see `SignalProducer.or(_:)` for the contract.
    ///
    /// - Parameter other: The second signal of Booleans.
    /// - Returns: A signal of `latest || otherLatest`.
    public func or(_ other: Signal<Bool, Error>) -> Signal<Bool, Error> {
        Signal.starting(producer.or(other))
    }

    /// Whether every signal's latest value is `true`, once each has sent; see
    /// `SignalProducer.all(_:)` for the contract.
    ///
    /// - Parameter booleans: The signals of Booleans.
    /// - Returns: A signal of the conjunction of their latest values.
    public static func all<S: Sequence>(_ booleans: S) -> Signal<Bool, Error>
    where S.Element == Signal<Bool, Error> {
        Signal.starting(SignalProducer.all(booleans))
    }

    /// Whether any signal's latest value is `true`, once each has sent; see
    /// `SignalProducer.any(_:)` for the contract.
    ///
    /// - Parameter booleans: The signals of Booleans.
    /// - Returns: A signal of the disjunction of their latest values.
    public static func any<S: Sequence>(_ booleans: S) -> Signal<Bool, Error>
    where S.Element == Signal<Bool, Error> {
        Signal.starting(SignalProducer.any(booleans))
    }
}
