extension SignalProducer {
    /// Maps each value to a stream and flattens the inner streams with `strategy`.
    ///
    /// The search-box pipeline: each query starts a request, and a newer query disposes
    /// (cancels) the request for the previous one:
    ///
    /// ```swift
    /// queries.flatMap(.latest) { query in imageSearch.searchImages(query: query) }
    /// ```
    ///
    /// Contract: an inner failure fails the result and disposes the other inner runs; an
    /// outer failure or interruption does the same. An inner run that is interrupted counts
    /// as completed (as in ReactiveSwift). The result completes once the outer stream and
    /// every inner run it started have completed. Disposing the
    /// result disposes the outer run and every inner run. Inner runs send on whatever
    /// thread they send on; the result's events are serialised.
    ///
    /// - Parameters:
    ///   - strategy: How to combine the inner streams: `.merge`, `.concat`, `.latest`,
    ///     `.race` or `.concurrent(limit:)`.
    ///   - transform: Creates the inner stream for a value.
    /// - Returns: A producer of the inner streams' values.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> SignalProducer<Inner.Value, Error> where Inner.Error == Error {
        lift(sink: Transforms.flattenSink(strategy) { transform($0).producer })
    }

    /// Maps each value to a stream that cannot fail and flattens the inner streams with
    /// `strategy`; see `flatMap(_:_:)` for the contract.
    ///
    /// - Parameters:
    ///   - strategy: How to combine the inner streams.
    ///   - transform: Creates the inner stream for a value.
    /// - Returns: A producer of the inner streams' values.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> SignalProducer<Inner.Value, Error> where Inner.Error == Never {
        lift(
            sink: Transforms.flattenSink(strategy) {
                transform($0).producer.promoteError(Error.self)
            })
    }
}

extension SignalProducer where Error == Never {
    /// Maps each value of a stream that cannot fail to a stream that can, and flattens the
    /// inner streams with `strategy`; the result fails with the inner error type. See
    /// `flatMap(_:_:)` for the contract.
    ///
    /// - Parameters:
    ///   - strategy: How to combine the inner streams.
    ///   - transform: Creates the inner stream for a value.
    /// - Returns: A producer of the inner streams' values.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> SignalProducer<Inner.Value, Inner.Error> {
        promoteError(Inner.Error.self).lift(
            sink: Transforms.flattenSink(strategy) { transform($0).producer })
    }

    /// Maps each value to a stream and flattens the inner streams with `strategy`; neither
    /// can fail. See `flatMap(_:_:)` for the contract.
    ///
    /// - Parameters:
    ///   - strategy: How to combine the inner streams.
    ///   - transform: Creates the inner stream for a value.
    /// - Returns: A producer of the inner streams' values.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> SignalProducer<Inner.Value, Never> where Inner.Error == Never {
        lift(sink: Transforms.flattenSink(strategy) { transform($0).producer })
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Value.Error == Error {
    /// Flattens a producer of streams with `strategy`; see `flatMap(_:_:)` for the contract.
    ///
    /// - Parameter strategy: How to combine the inner streams.
    /// - Returns: A producer of the inner streams' values.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Error> {
        lift(sink: Transforms.flattenSink(strategy) { $0.producer })
    }
}

extension SignalProducer where Value: SignalProducerConvertible, Error == Never {
    /// Flattens a producer (that cannot fail) of streams that can fail, with `strategy`; see
    /// `flatMap(_:_:)` for the contract.
    ///
    /// - Parameter strategy: How to combine the inner streams.
    /// - Returns: A producer of the inner streams' values.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Value.Error> {
        promoteError(Value.Error.self).lift(sink: Transforms.flattenSink(strategy) { $0.producer })
    }
}

extension SignalProducer
where
    Value: SignalProducerConvertible, Value.Error == Never,
    Error == Never
{
    /// Flattens a producer of streams with `strategy`; neither can fail. See
    /// `flatMap(_:_:)` for the contract.
    ///
    /// - Parameter strategy: How to combine the inner streams.
    /// - Returns: A producer of the inner streams' values.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Never> {
        lift(sink: Transforms.flattenSink(strategy) { $0.producer })
    }
}

extension Signal {
    /// Maps each value to a stream and flattens the inner streams with `strategy`.
    ///
    /// Same contract as `SignalProducer.flatMap(_:_:)`: an inner failure fails the result,
    /// `.latest` disposes the previous inner run, and the result completes once this signal
    /// and every inner run have completed.
    ///
    /// - Parameters:
    ///   - strategy: How to combine the inner streams.
    ///   - transform: Creates the inner stream for a value.
    /// - Returns: A signal of the inner streams' values.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Error> where Inner.Error == Error {
        lift(Transforms.flatten(strategy) { transform($0).producer })
    }

    /// Maps each value to a stream that cannot fail and flattens the inner streams.
    ///
    /// - Parameters:
    ///   - strategy: How to combine the inner streams.
    ///   - transform: Creates the inner stream for a value.
    /// - Returns: A signal of the inner streams' values.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Error> where Inner.Error == Never {
        lift(Transforms.flatten(strategy) { transform($0).producer.promoteError(Error.self) })
    }
}

extension Signal where Error == Never {
    /// Maps each value of a signal that cannot fail to a stream that can, and flattens the
    /// inner streams; the result fails with the inner error type.
    ///
    /// - Parameters:
    ///   - strategy: How to combine the inner streams.
    ///   - transform: Creates the inner stream for a value.
    /// - Returns: A signal of the inner streams' values.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Inner.Error> {
        promoteError(Inner.Error.self).lift(Transforms.flatten(strategy) { transform($0).producer })
    }

    /// Maps each value to a stream and flattens the inner streams; neither can fail.
    ///
    /// - Parameters:
    ///   - strategy: How to combine the inner streams.
    ///   - transform: Creates the inner stream for a value.
    /// - Returns: A signal of the inner streams' values.
    @inlinable
    public func flatMap<Inner: SignalProducerConvertible>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> Inner
    ) -> Signal<Inner.Value, Never> where Inner.Error == Never {
        lift(Transforms.flatten(strategy) { transform($0).producer })
    }
}

extension Signal where Value: SignalProducerConvertible, Value.Error == Error {
    /// Flattens a signal of streams with `strategy`.
    ///
    /// - Parameter strategy: How to combine the inner streams.
    /// - Returns: A signal of the inner streams' values.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> {
        lift(Transforms.flatten(strategy) { $0.producer })
    }
}

extension Signal where Value: SignalProducerConvertible, Error == Never {
    /// Flattens a signal (that cannot fail) of streams that can fail, with `strategy`.
    ///
    /// - Parameter strategy: How to combine the inner streams.
    /// - Returns: A signal of the inner streams' values.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Value.Error> {
        promoteError(Value.Error.self).lift(Transforms.flatten(strategy) { $0.producer })
    }
}

extension Signal where Value: SignalProducerConvertible, Value.Error == Never, Error == Never {
    /// Flattens a signal of streams with `strategy`; neither can fail.
    ///
    /// - Parameter strategy: How to combine the inner streams.
    /// - Returns: A signal of the inner streams' values.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Never> {
        lift(Transforms.flatten(strategy) { $0.producer })
    }
}
