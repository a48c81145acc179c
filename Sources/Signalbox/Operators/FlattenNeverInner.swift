// `flatten` of inner streams that cannot fail into an outer stream that can: the inner
// streams take the outer error type. (ReactiveSwift offers every combination of failing
// and non-failing outer and inner streams; FlatMap.swift holds the other three.)

extension SignalProducer where Value: SignalProducerConvertible, Value.Error == Never {
    /// Flattens a producer of streams that cannot fail with `strategy`; the result fails
    /// only when this producer fails. See `flatMap(_:_:)` for the contract.
    ///
    /// - Parameter strategy: How to combine the inner streams.
    /// - Returns: A producer of the inner streams' values.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> SignalProducer<Value.Value, Error> {
        lift(sink: Transforms.flattenSink(strategy) { $0.producer.promoteError(Error.self) })
    }
}

extension Signal where Value: SignalProducerConvertible, Value.Error == Never {
    /// Flattens a signal of streams that cannot fail with `strategy`; the result fails
    /// only when this signal fails. See `SignalProducer.flatMap(_:_:)` for the contract.
    ///
    /// - Parameter strategy: How to combine the inner streams.
    /// - Returns: A signal of the inner streams' values.
    @inlinable
    public func flatten(_ strategy: FlattenStrategy) -> Signal<Value.Value, Error> {
        lift(Transforms.flatten(strategy) { $0.producer.promoteError(Error.self) })
    }
}
