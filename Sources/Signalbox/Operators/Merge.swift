extension SignalProducer {
    /// Runs this producer and `other` at once and forwards the values of both as they come.
    ///
    /// Contract: a failure of either fails the result and disposes the other; the result
    /// completes when both have completed. Disposing the result disposes both runs.
    ///
    /// - Parameter other: The stream to merge with.
    /// - Returns: A producer of the values of both.
    public func merge<Other: SignalProducerConvertible>(
        with other: Other
    ) -> SignalProducer<Value, Error> where Other.Value == Value, Other.Error == Error {
        SignalProducer.merge([self, other.producer])
    }

    /// Runs every stream of `producers` at once and forwards their values as they come.
    ///
    /// Same contract as `merge(with:)`: the first failure fails the result; the result
    /// completes when all have completed (at once if `producers` is empty).
    ///
    /// - Parameter producers: The streams to merge.
    /// - Returns: A producer of the values of all of them.
    public static func merge<Producers: Sequence>(
        _ producers: Producers
    ) -> SignalProducer<Value, Error>
    where
        Producers.Element: SignalProducerConvertible, Producers.Element.Value == Value,
        Producers.Element.Error == Error
    {
        SignalProducer<Producers.Element, Error>(values: producers).flatten(.merge)
    }

    /// Runs every one of `producers` at once and forwards their values as they come; see
    /// `merge(_:)` for the contract.
    ///
    /// - Parameter producers: The streams to merge.
    /// - Returns: A producer of the values of all of them.
    public static func merge<Producer: SignalProducerConvertible>(
        _ producers: Producer...
    ) -> SignalProducer<Value, Error> where Producer.Value == Value, Producer.Error == Error {
        merge(producers)
    }
}

extension Signal {
    /// Forwards the values of this signal and `other` as they come.
    ///
    /// Contract: a failure of either fails the result; the result completes when both have
    /// completed.
    ///
    /// - Parameter other: The stream to merge with; a producer is started at once.
    /// - Returns: A signal of the values of both.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public func merge<Other: SignalProducerConvertible>(
        with other: Other
    ) -> Signal<Value, Error> where Other.Value == Value, Other.Error == Error {
        Signal.starting(producer.merge(with: other))
    }

    /// Forwards the values of every stream of `signals` as they come; see `merge(with:)`.
    ///
    /// - Parameter signals: The streams to merge; producers are started at once.
    /// - Returns: A signal of the values of all of them.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public static func merge<Signals: Sequence>(_ signals: Signals) -> Signal<Value, Error>
    where
        Signals.Element: SignalProducerConvertible, Signals.Element.Value == Value,
        Signals.Element.Error == Error
    {
        Signal.starting(SignalProducer.merge(signals))
    }

    /// Forwards the values of every one of `signals` as they come; see `merge(with:)`.
    ///
    /// - Parameter signals: The streams to merge.
    /// - Returns: A signal of the values of all of them.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public static func merge<Other: SignalProducerConvertible>(
        _ signals: Other...
    ) -> Signal<Value, Error> where Other.Value == Value, Other.Error == Error {
        merge(signals)
    }

    /// Forwards the values of this signal and `other` as they come; see
    /// `SignalProducer.merge(with:)` for the contract.
    ///
    /// - Parameter other: The second signal.
    /// - Returns: A signal of both signals' values.
    public func merge(with other: Signal<Value, Error>) -> Signal<Value, Error> {
        Signal.starting(producer.merge(with: other))
    }

    /// Forwards the values of all `signals` as they come; see `SignalProducer.merge(_:)`
    /// for the contract.
    ///
    /// - Parameter signals: The signals to merge.
    /// - Returns: A signal of every signal's values.
    public static func merge<Signals: Sequence>(_ signals: Signals) -> Signal<Value, Error>
    where Signals.Element == Signal<Value, Error> {
        Signal.starting(SignalProducer.merge(signals))
    }

    /// Forwards the values of all `signals` as they come; see `merge(_:)`.
    ///
    /// - Parameter signals: The signals to merge.
    /// - Returns: A signal of every signal's values.
    public static func merge(_ signals: Signal<Value, Error>...) -> Signal<Value, Error> {
        merge(signals)
    }
}
