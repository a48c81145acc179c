// Overloads taking a concrete `SignalProducer` where the general form takes any
// `SignalProducerConvertible`, so that ReactiveSwift code can write the operand from
// context: `.skip(until: .init(value: ()))`, `.sample(with: .init(value: 0))`,
// `.combineLatest(with: .init(value: 0))`, `.and(.init(value: true))`. They are
// disfavoured so that a producer passed by name still takes the general form; they only
// forward to it.

extension SignalProducer {
    /// Drops values until `trigger` sends a value or completes; see `skip(until:)`.
    ///
    /// - Parameter trigger: Opens the gate with its first value or its completion.
    /// - Returns: A producer of the values sent after the trigger fired.
    @_disfavoredOverload
    public func skip(until trigger: SignalProducer<Void, Never>) -> SignalProducer<Value, Error> {
        skip(until: trigger, endingWithUpstream: false)
    }

    /// Pairs each value of `sampler` with the latest value; see `sample(with:)`.
    ///
    /// - Parameter sampler: Each of its values takes a sample.
    /// - Returns: A producer of `(latest value, sampler value)` pairs.
    @_disfavoredOverload
    public func sample<U>(with sampler: SignalProducer<U, Never>) -> SignalProducer<
        (Value, U), Error
    > {
        sample(with: sampler)
    }

    /// Sends the latest value whenever `sampler` sends; see `sample(on:)`.
    ///
    /// - Parameter sampler: Each of its values takes a sample.
    /// - Returns: A producer of the sampled values.
    @_disfavoredOverload
    public func sample(on sampler: SignalProducer<Void, Never>) -> SignalProducer<Value, Error> {
        sample(on: sampler)
    }

    /// Pairs each value with the latest value of `samplee`; see `withLatest(from:)`.
    ///
    /// - Parameter samplee: The stream whose latest value accompanies each value.
    /// - Returns: A producer of `(value, latest value of samplee)` pairs.
    @_disfavoredOverload
    public func withLatest<U>(from samplee: SignalProducer<U, Never>) -> SignalProducer<
        (Value, U), Error
    > {
        withLatest(from: samplee)
    }

    /// Pairs the latest values of this producer and `other`; see `combineLatest(with:)`.
    ///
    /// - Parameter other: The second stream.
    /// - Returns: A producer of pairs of latest values.
    @_disfavoredOverload
    public func combineLatest<U>(with other: SignalProducer<U, Error>) -> SignalProducer<
        (Value, U), Error
    > {
        combineLatest(with: other)
    }

    /// Pairs the values of this producer and `other` in order; see `zip(with:)`.
    ///
    /// - Parameter other: The second stream.
    /// - Returns: A producer of pairs.
    @_disfavoredOverload
    public func zip<U>(with other: SignalProducer<U, Error>) -> SignalProducer<(Value, U), Error> {
        zip(with: other)
    }
}

extension SignalProducer where Value == Bool {
    /// The conjunction of the latest values of this producer and `other`; see `and(_:)`.
    ///
    /// - Parameter other: The second stream of Booleans.
    /// - Returns: A producer of `latest && otherLatest`.
    @_disfavoredOverload
    public func and(_ other: SignalProducer<Bool, Error>) -> SignalProducer<Bool, Error> {
        and(other)
    }

    /// The disjunction of the latest values of this producer and `other`; see `or(_:)`.
    ///
    /// - Parameter other: The second stream of Booleans.
    /// - Returns: A producer of `latest || otherLatest`.
    @_disfavoredOverload
    public func or(_ other: SignalProducer<Bool, Error>) -> SignalProducer<Bool, Error> {
        or(other)
    }
}

extension Signal {
    /// Pairs each value with the latest value of `samplee`; see `withLatest(from:)`.
    /// (ReactiveSwift's `Signal` takes a producer here, and only here: the other operators
    /// of a signal take signals, so that none starts a producer as a hidden side effect.)
    ///
    /// - Parameter samplee: The stream whose latest value accompanies each value.
    /// - Returns: A signal of `(value, latest value of samplee)` pairs.
    @_disfavoredOverload
    public func withLatest<U>(from samplee: SignalProducer<U, Never>) -> Signal<(Value, U), Error> {
        withLatest(from: samplee)
    }
}

extension SignalProducer where Error == Never {
    /// Maps each value to a producer of any error type and flattens them with `strategy`;
    /// the result fails with the inner error. This overload lets the closure return
    /// `.init(error:)` or `.init(value:)` when the result type is given.
    ///
    /// - Parameters:
    ///   - strategy: How to combine the inner producers.
    ///   - transform: Creates the inner producer for a value.
    /// - Returns: A producer of the inner producers' values.
    @_disfavoredOverload
    public func flatMap<U, F>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, F>
    ) -> SignalProducer<U, F> {
        promoteError(F.self).lift(sink: Transforms.flattenSink(strategy, transform))
    }
}
