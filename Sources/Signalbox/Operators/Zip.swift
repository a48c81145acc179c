import SignalboxLocks

extension SignalProducer {
    /// Pairs the values of this producer and `other` by position: the first with the
    /// first, the second with the second, and so on.
    ///
    /// Values wait until their partner arrives. Contract: this producer is started first,
    /// then `other`. The result completes as soon as one side has completed and every value
    /// it sent has been paired; a failure (or interruption) of either ends the result.
    /// Disposing the result disposes both runs.
    ///
    /// - Parameter other: The second stream.
    /// - Returns: A producer of pairs.
    public func zip<Other: SignalProducerConvertible>(
        with other: Other
    ) -> SignalProducer<(Value, Other.Value), Error> where Other.Error == Error {
        SignalProducer<(Value, Other.Value), Error>.pairing(self, other.producer) { output in
            var firsts = FIFOQueue<Value>()
            var seconds = FIFOQueue<Other.Value>()
            var firstCompleted = false
            var secondCompleted = false
            return { input in
                switch input {
                case .first(let value):
                    if let partner = seconds.popFirst() {
                        output.send(value: (value, partner))
                    } else {
                        firsts.append(value)
                    }
                case .second(let value):
                    if let partner = firsts.popFirst() {
                        output.send(value: (partner, value))
                    } else {
                        seconds.append(value)
                    }
                case .firstCompleted: firstCompleted = true
                case .secondCompleted: secondCompleted = true
                }
                if (firstCompleted && firsts.isEmpty) || (secondCompleted && seconds.isEmpty) {
                    output.sendCompleted()
                }
            }
        }
    }

    /// Pairs the values of two streams by position; see `zip(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first stream.
    ///   - b: The second stream.
    /// - Returns: A producer of tuples.
    public static func zip<A: SignalProducerConvertible, B: SignalProducerConvertible>(
        _ a: A, _ b: B
    ) -> SignalProducer<(A.Value, B.Value), Error>
    where A.Error == Error, B.Error == Error, Value == (A.Value, B.Value) {
        a.producer.zip(with: b)
    }

    /// Groups the values of three streams by position; see `zip(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first stream.
    ///   - b: The second stream.
    ///   - c: The third stream.
    /// - Returns: A producer of tuples.
    public static func zip<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C
    ) -> SignalProducer<(A.Value, B.Value, C.Value), Error>
    where A.Error == Error, B.Error == Error, C.Error == Error, Value == (A.Value, B.Value, C.Value)
    {
        a.producer.zip(with: b).zip(with: c).map { ($0.0, $0.1, $1) }
    }

    /// Groups the values of four streams by position; see `zip(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first stream.
    ///   - b: The second stream.
    ///   - c: The third stream.
    ///   - d: The fourth stream.
    /// - Returns: A producer of tuples.
    public static func zip<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible,
        D: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D
    ) -> SignalProducer<(A.Value, B.Value, C.Value, D.Value), Error>
    where
        A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error,
        Value == (A.Value, B.Value, C.Value, D.Value)
    {
        a.producer.zip(with: b).zip(with: c).zip(with: d).map { ($0.0.0, $0.0.1, $0.1, $1) }
    }
}

extension Signal {
    /// Pairs the values of this signal and `other` by position; see
    /// `SignalProducer.zip(with:)` for the contract.
    ///
    /// - Parameter other: The second stream; a producer is started at once.
    /// - Returns: A signal of pairs.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public func zip<Other: SignalProducerConvertible>(
        with other: Other
    ) -> Signal<(Value, Other.Value), Error> where Other.Error == Error {
        Signal<(Value, Other.Value), Error>.starting(producer.zip(with: other))
    }

    /// Pairs the values of two streams by position; see `zip(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first stream.
    ///   - b: The second stream.
    /// - Returns: A signal of tuples.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public static func zip<A: SignalProducerConvertible, B: SignalProducerConvertible>(
        _ a: A, _ b: B
    ) -> Signal<(A.Value, B.Value), Error>
    where A.Error == Error, B.Error == Error, Value == (A.Value, B.Value) {
        Signal.starting(SignalProducer.zip(a, b))
    }

    /// Groups the values of three streams by position; see `zip(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first stream.
    ///   - b: The second stream.
    ///   - c: The third stream.
    /// - Returns: A signal of tuples.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public static func zip<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C
    ) -> Signal<(A.Value, B.Value, C.Value), Error>
    where A.Error == Error, B.Error == Error, C.Error == Error, Value == (A.Value, B.Value, C.Value)
    {
        Signal.starting(SignalProducer.zip(a, b, c))
    }

    /// Groups the values of four streams by position; see `zip(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first stream.
    ///   - b: The second stream.
    ///   - c: The third stream.
    ///   - d: The fourth stream.
    /// - Returns: A signal of tuples.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public static func zip<
        A: SignalProducerConvertible, B: SignalProducerConvertible, C: SignalProducerConvertible,
        D: SignalProducerConvertible
    >(
        _ a: A, _ b: B, _ c: C, _ d: D
    ) -> Signal<(A.Value, B.Value, C.Value, D.Value), Error>
    where
        A.Error == Error, B.Error == Error, C.Error == Error, D.Error == Error,
        Value == (A.Value, B.Value, C.Value, D.Value)
    {
        Signal.starting(SignalProducer.zip(a, b, c, d))
    }

    /// Pairs the values of this signal and `other` in order; see
    /// `SignalProducer.zip(with:)` for the contract.
    ///
    /// - Parameter other: The second signal.
    /// - Returns: A signal of pairs.
    public func zip<U>(with other: Signal<U, Error>) -> Signal<(Value, U), Error> {
        Signal<(Value, U), Error>.starting(producer.zip(with: other))
    }

    /// Zips two signals; see `zip(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    /// - Returns: A signal of tuples.
    public static func zip<A, B>(
        _ a: Signal<A, Error>, _ b: Signal<B, Error>
    ) -> Signal<(A, B), Error> where Value == (A, B) {
        Signal.starting(SignalProducer.zip(a, b))
    }

    /// Zips three signals; see `zip(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    /// - Returns: A signal of tuples.
    public static func zip<A, B, C>(
        _ a: Signal<A, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>
    ) -> Signal<(A, B, C), Error> where Value == (A, B, C) {
        Signal.starting(SignalProducer.zip(a, b, c))
    }

    /// Zips four signals; see `zip(with:)`.
    ///
    /// - Parameters:
    ///   - a: The first signal.
    ///   - b: The second signal.
    ///   - c: The third signal.
    ///   - d: The fourth signal.
    /// - Returns: A signal of tuples.
    public static func zip<A, B, C, D>(
        _ a: Signal<A, Error>, _ b: Signal<B, Error>, _ c: Signal<C, Error>,
        _ d: Signal<D, Error>
    ) -> Signal<(A, B, C, D), Error> where Value == (A, B, C, D) {
        Signal.starting(SignalProducer.zip(a, b, c, d))
    }
}
