extension SignalProducer {
    /// Pairs each value with the latest value of `samplee`, once `samplee` has sent one.
    ///
    /// Values that arrive before `samplee` has sent anything are dropped. `samplee`'s
    /// completion or interruption does not end the result: its last value keeps being used.
    /// The result ends when this producer ends (or when it is disposed, which disposes both
    /// runs).
    ///
    /// Contract (as ReactiveSwift): `samplee` is started first, then this producer, so a
    /// value `samplee` sends synchronously is there for this producer's first value.
    ///
    /// ```swift
    /// clicks.withLatest(from: query.producer)  // (click, query at the time of the click)
    /// ```
    ///
    /// - Parameter samplee: The stream whose latest value accompanies each value.
    /// - Returns: A producer of `(value, latest value of samplee)` pairs.
    public func withLatest<Samplee: SignalProducerConvertible>(
        from samplee: Samplee
    ) -> SignalProducer<(Value, Samplee.Value), Error> where Samplee.Error == Never {
        // The samplee's interruption must not end the result: it becomes a completion.
        let samplee = SignalProducer<Samplee.Value, Error> { observer, lifetime in
            lifetime += samplee.producer.start { event in
                switch event {
                case .value(let value): observer.send(value: value)
                case .completed, .interrupted: observer.sendCompleted()
                }
            }
        }
        typealias Input = EitherValue<Samplee.Value, Value>
        let sources: [SignalProducer<Input, Error>] = [
            samplee.map(Input.first), map(Input.second),
        ]
        return SignalProducer<(Value, Samplee.Value), Error>.gathering(sources) { output in
            var latest: Samplee.Value?
            return { index, input in
                switch input {
                case .first(let value): latest = value
                case .second(let value):
                    if let latest { output.send(value: (value, latest)) }
                case nil: if index == 1 { output.sendCompleted() }
                }
            }
        }
    }
}

extension Signal {
    /// Pairs each value with the latest value of `samplee`, once `samplee` has sent one;
    /// see `SignalProducer.withLatest(from:)` for the contract.
    ///
    /// - Parameter samplee: The stream whose latest value accompanies each value; a
    ///   producer is started at once.
    /// - Returns: A signal of `(value, latest value of samplee)` pairs.
    public func withLatest<Samplee: SignalProducerConvertible>(
        from samplee: Samplee
    ) -> Signal<(Value, Samplee.Value), Error> where Samplee.Error == Never {
        Signal<(Value, Samplee.Value), Error>.starting(producer.withLatest(from: samplee))
    }
}
