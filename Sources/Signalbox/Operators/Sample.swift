extension SignalProducer {
    /// Sends the latest value of this producer, paired with the sampler's value, each time
    /// `sampler` sends.
    ///
    /// Nothing is sent for a sampler value that comes before this producer's first value;
    /// the same latest value is sent again for every later sampler value, even after this
    /// producer completed. The result completes once both have completed; a failure of this
    /// producer, or an interruption of either, ends it at once.
    ///
    /// Contract (as ReactiveSwift): this producer is started first, then `sampler`.
    ///
    /// ```swift
    /// position.sample(with: ticks)  // (position at the tick, tick)
    /// ```
    ///
    /// - Parameter sampler: Each of its values takes a sample.
    /// - Returns: A producer of `(latest value, sampler value)` pairs.
    public func sample<Sampler: SignalProducerConvertible>(
        with sampler: Sampler
    ) -> SignalProducer<(Value, Sampler.Value), Error> where Sampler.Error == Never {
        typealias Input = EitherValue<Value, Sampler.Value>
        let sources: [SignalProducer<Input, Error>] = [
            map(Input.first), sampler.producer.promoteError(Error.self).map(Input.second),
        ]
        return SignalProducer<(Value, Sampler.Value), Error>.gathering(sources) { output in
            var latest: Value?
            var completedCount = 0
            return { _, input in
                switch input {
                case .first(let value): latest = value
                case .second(let tick):
                    if let latest { output.send(value: (latest, tick)) }
                case nil:
                    completedCount += 1
                    if completedCount == 2 { output.sendCompleted() }
                }
            }
        }
    }

    /// Sends the latest value of this producer each time `sampler` sends; see
    /// `sample(with:)` for the contract.
    ///
    /// ```swift
    /// text.sample(on: submitTaps)  // the text as it was at each tap
    /// ```
    ///
    /// - Parameter sampler: Each of its values takes a sample.
    /// - Returns: A producer of the sampled values.
    public func sample<Sampler: SignalProducerConvertible>(
        on sampler: Sampler
    ) -> SignalProducer<Value, Error> where Sampler.Value == Void, Sampler.Error == Never {
        sample(with: sampler).map { value, _ in value }
    }
}

extension Signal {
    /// Sends the latest value of this signal, paired with the sampler's value, each time
    /// `sampler` sends; see `SignalProducer.sample(with:)` for the contract.
    ///
    /// - Parameter sampler: Each of its values takes a sample; a producer is started at
    ///   once.
    /// - Returns: A signal of `(latest value, sampler value)` pairs.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public func sample<Sampler: SignalProducerConvertible>(
        with sampler: Sampler
    ) -> Signal<(Value, Sampler.Value), Error> where Sampler.Error == Never {
        Signal<(Value, Sampler.Value), Error>.starting(producer.sample(with: sampler))
    }

    /// Sends the latest value of this signal each time `sampler` sends; see
    /// `SignalProducer.sample(with:)` for the contract.
    ///
    /// - Parameter sampler: Each of its values takes a sample.
    /// - Returns: A signal of the sampled values.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public func sample<Sampler: SignalProducerConvertible>(
        on sampler: Sampler
    ) -> Signal<Value, Error> where Sampler.Value == Void, Sampler.Error == Never {
        Signal.starting(producer.sample(on: sampler))
    }

    /// Pairs the latest value of this signal with each value of `sampler`; see
    /// `SignalProducer.sample(with:)` for the contract.
    ///
    /// - Parameter sampler: Each of its values takes a sample.
    /// - Returns: A signal of `(latest value, sampler value)` pairs.
    public func sample<T>(with sampler: Signal<T, Never>) -> Signal<(Value, T), Error> {
        Signal<(Value, T), Error>.starting(producer.sample(with: sampler))
    }

    /// Sends the latest value of this signal whenever `sampler` sends; see
    /// `SignalProducer.sample(on:)` for the contract.
    ///
    /// - Parameter sampler: Each of its values takes a sample.
    /// - Returns: A signal of the sampled values.
    public func sample(on sampler: Signal<Void, Never>) -> Signal<Value, Error> {
        Signal.starting(producer.sample(on: sampler))
    }
}
