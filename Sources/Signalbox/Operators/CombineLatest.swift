extension SignalProducer {
    /// Sends a pair of the latest values of this producer and `other` whenever either
    /// sends, once both have sent at least one.
    ///
    /// Contract: this producer is started first, then `other`. A failure (or interruption)
    /// of either ends the result and disposes the other; the result completes when both
    /// have completed. Disposing the result disposes both runs.
    ///
    /// ```swift
    /// SignalProducer(values: 1, 2).combineLatest(with: SignalProducer(value: "a"))
    /// // sends (2, "a"): the first producer finished before the second started
    /// ```
    ///
    /// - Parameter other: The second stream.
    /// - Returns: A producer of pairs of latest values.
    public func combineLatest<Other: SignalProducerConvertible>(
        with other: Other
    ) -> SignalProducer<(Value, Other.Value), Error> where Other.Error == Error {
        SignalProducer<(Value, Other.Value), Error>.pairing(self, other.producer) { output in
            var first: Value?
            var second: Other.Value?
            var firstCompleted = false
            var secondCompleted = false
            return { input in
                switch input {
                case .first(let value):
                    first = value
                    if let second { output.send(value: (value, second)) }
                case .second(let value):
                    second = value
                    if let first { output.send(value: (first, value)) }
                case .firstCompleted:
                    firstCompleted = true
                    if secondCompleted { output.sendCompleted() }
                case .secondCompleted:
                    secondCompleted = true
                    if firstCompleted { output.sendCompleted() }
                }
            }
        }
    }

    /// Combines the latest values of two streams; see `combineLatest(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first stream.
    ///   - b: The second stream.
    /// - Returns: A producer of tuples of latest values.
    public static func combineLatest<A: SignalProducerConvertible, B: SignalProducerConvertible>(
        _ a: A, _ b: B
    ) -> SignalProducer<(A.Value, B.Value), Error>
    where A.Error == Error, B.Error == Error, Value == (A.Value, B.Value) {
        a.producer.combineLatest(with: b)
    }

    /// Combines the latest values of three streams; see `combineLatest(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first stream.
    ///   - b: The second stream.
    ///   - c: The third stream.
    /// - Returns: A producer of tuples of latest values.
    public static func combineLatest<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C
    ) -> SignalProducer<(A.Value, B.Value, C.Value), Error>
    where A.Error == Error, B.Error == Error, C.Error == Error, Value == (A.Value, B.Value, C.Value)
    {
        a.producer.combineLatest(with: b).combineLatest(with: c).map { ($0.0, $0.1, $1) }
    }

    /// Combines the latest values of four streams; see `combineLatest(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first stream.
    ///   - b: The second stream.
    ///   - c: The third stream.
    ///   - d: The fourth stream.
    /// - Returns: A producer of tuples of latest values.
    public static func combineLatest<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible,
        D: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D
    ) -> SignalProducer<(A.Value, B.Value, C.Value, D.Value), Error>
    where
        A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error,
        Value == (A.Value, B.Value, C.Value, D.Value)
    {
        a.producer.combineLatest(with: b).combineLatest(with: c).combineLatest(with: d)
            .map { ($0.0.0, $0.0.1, $0.1, $1) }
    }
}

extension Signal {
    /// Sends a pair of the latest values of this signal and `other` whenever either sends,
    /// once both have sent; see `SignalProducer.combineLatest(with:)` for the contract.
    ///
    /// - Parameter other: The second stream; a producer is started at once.
    /// - Returns: A signal of pairs of latest values.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public func combineLatest<Other: SignalProducerConvertible>(
        with other: Other
    ) -> Signal<(Value, Other.Value), Error> where Other.Error == Error {
        Signal<(Value, Other.Value), Error>.starting(producer.combineLatest(with: other))
    }

    /// Combines the latest values of two streams; see `combineLatest(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first stream.
    ///   - b: The second stream.
    /// - Returns: A signal of tuples of latest values.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public static func combineLatest<A: SignalProducerConvertible, B: SignalProducerConvertible>(
        _ a: A, _ b: B
    ) -> Signal<(A.Value, B.Value), Error>
    where A.Error == Error, B.Error == Error, Value == (A.Value, B.Value) {
        Signal.starting(SignalProducer.combineLatest(a, b))
    }

    /// Combines the latest values of three streams; see `combineLatest(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first stream.
    ///   - b: The second stream.
    ///   - c: The third stream.
    /// - Returns: A signal of tuples of latest values.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public static func combineLatest<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C
    ) -> Signal<(A.Value, B.Value, C.Value), Error>
    where A.Error == Error, B.Error == Error, C.Error == Error, Value == (A.Value, B.Value, C.Value)
    {
        Signal.starting(SignalProducer.combineLatest(a, b, c))
    }

    /// Combines the latest values of four streams; see `combineLatest(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first stream.
    ///   - b: The second stream.
    ///   - c: The third stream.
    ///   - d: The fourth stream.
    /// - Returns: A signal of tuples of latest values.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public static func combineLatest<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible,
        D: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D
    ) -> Signal<(A.Value, B.Value, C.Value, D.Value), Error>
    where
        A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error,
        Value == (A.Value, B.Value, C.Value, D.Value)
    {
        Signal.starting(SignalProducer.combineLatest(a, b, c, d))
    }

    /// Sends a pair of the latest values of this signal and `other` whenever either sends,
    /// once both have sent; see `SignalProducer.combineLatest(with:)` for the contract.
    ///
    /// - Parameter other: The second signal.
    /// - Returns: A signal of pairs of latest values.
    public func combineLatest<U>(with other: Signal<U, Error>) -> Signal<(Value, U), Error> {
        Signal<(Value, U), Error>.starting(producer.combineLatest(with: other))
    }

    /// Combines the latest values of two signals; see `combineLatest(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    /// - Returns: A signal of tuples of latest values.
    public static func combineLatest<A, B>(
        _ a: Signal<A, Error>, _ b: Signal<B, Error>
    ) -> Signal<(A, B), Error> where Value == (A, B) {
        Signal.starting(SignalProducer.combineLatest(a, b))
    }

    /// Combines the latest values of three signals; see `combineLatest(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    /// - Returns: A signal of tuples of latest values.
    public static func combineLatest<A, B, C>(
        _ a: Signal<A, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>
    ) -> Signal<(A, B, C), Error> where Value == (A, B, C) {
        Signal.starting(SignalProducer.combineLatest(a, b, c))
    }

    /// Combines the latest values of four signals; see `combineLatest(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    ///   - d: The fourth signal.
    /// - Returns: A signal of tuples of latest values.
    public static func combineLatest<A, B, C, D>(
        _ a: Signal<A, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>,
        _ d: Signal<D, Error>
    ) -> Signal<(A, B, C, D), Error> where Value == (A, B, C, D) {
        Signal.starting(SignalProducer.combineLatest(a, b, c, d))
    }
}
