// Overloads of `flatMap` and `flatMapError` whose closure returns a concrete
// `SignalProducer`, so that the inner producer can be written from context, as in
// ReactiveSwift: `.flatMap(.latest) { _ in .init(value: 0) }`,
// `.flatMapError { _ in .empty }`. (The general forms take any `SignalProducerConvertible`,
// which gives `.init(value:)` and `.empty` no type to look in.)

extension SignalProducer {
    /// Maps each value to a producer and flattens the inner producers with `strategy`; see
    /// `flatMap(_:_:)`. This overload lets the closure return `.init(value:)` or `.empty`.
    ///
    /// - Parameters:
    ///   - strategy: How to combine the inner producers.
    ///   - transform: Creates the inner producer for a value.
    /// - Returns: A producer of the inner producers' values.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Error>
    ) -> SignalProducer<U, Error> {
        lift(sink: Transforms.flattenSink(strategy, transform))
    }

    /// On failure, continues with the producer `handler` makes from the error; see
    /// `flatMapError(_:)`. This overload lets the closure return `.init(value:)` or `.empty`.
    ///
    /// - Parameter handler: Creates the replacement producer for the error.
    /// - Returns: A producer that recovers from failure.
    @inlinable
    public func flatMapError<F>(_ handler: @escaping (Error) -> SignalProducer<Value, F>)
        -> SignalProducer<Value, F>
    {
        lift(Transforms.flatMapError(handler))
    }
}

extension Signal {
    /// Maps each value to a producer and flattens the inner producers with `strategy`; see
    /// `flatMap(_:_:)`. This overload lets the closure return `.init(value:)` or `.empty`.
    ///
    /// - Parameters:
    ///   - strategy: How to combine the inner producers.
    ///   - transform: Creates the inner producer for a value.
    /// - Returns: A signal of the inner producers' values.
    @inlinable
    public func flatMap<U>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, Error>
    ) -> Signal<U, Error> {
        lift(Transforms.flatten(strategy, transform))
    }

    /// On failure, continues with the producer `handler` makes from the error; see
    /// `flatMapError(_:)`. This overload lets the closure return `.init(value:)` or `.empty`.
    ///
    /// - Parameter handler: Creates the replacement producer for the error.
    /// - Returns: A signal that recovers from failure.
    @inlinable
    public func flatMapError<F>(_ handler: @escaping (Error) -> SignalProducer<Value, F>)
        -> Signal<Value, F>
    {
        lift(Transforms.flatMapError(handler))
    }
}

extension SignalProducer {
    /// On failure, continues with the producer `handler` makes from the error, which cannot
    /// fail; see `flatMapError(_:)`. This overload lets the closure return `.init(value:)`
    /// or `.empty` with no error type to infer.
    ///
    /// - Parameter handler: Creates the replacement producer for the error.
    /// - Returns: A producer that recovers from failure and cannot fail.
    @inlinable
    public func flatMapError(_ handler: @escaping (Error) -> SignalProducer<Value, Never>)
        -> SignalProducer<Value, Never>
    {
        lift(Transforms.flatMapError(handler))
    }
}

extension Signal {
    /// On failure, continues with the producer `handler` makes from the error, which cannot
    /// fail; see `flatMapError(_:)`. This overload lets the closure return `.init(value:)`
    /// or `.empty` with no error type to infer.
    ///
    /// - Parameter handler: Creates the replacement producer for the error.
    /// - Returns: A signal that recovers from failure and cannot fail.
    @inlinable
    public func flatMapError(_ handler: @escaping (Error) -> SignalProducer<Value, Never>)
        -> Signal<Value, Never>
    {
        lift(Transforms.flatMapError(handler))
    }
}

extension Signal where Error == Never {
    /// Maps each value to a producer of any error type and flattens the inner producers
    /// with `strategy`; see `flatMap(_:_:)`. This overload lets the closure return a
    /// contextual `.init(result:)` or `.init(error:)`.
    ///
    /// - Parameters:
    ///   - strategy: How to combine the inner producers.
    ///   - transform: Creates the inner producer for a value.
    /// - Returns: A signal of the inner producers' values, failing as they fail.
    @_disfavoredOverload
    @inlinable
    public func flatMap<U, F>(
        _ strategy: FlattenStrategy, _ transform: @escaping (Value) -> SignalProducer<U, F>
    ) -> Signal<U, F> {
        promoteError(F.self).flatMap(strategy, transform)
    }
}
