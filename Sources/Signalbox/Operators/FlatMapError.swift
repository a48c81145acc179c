extension Transforms {
    /// On failure, continues with the stream made from the error.
    @inlinable
    static func flatMapError<V, E, F>(
        _ handler: @escaping (E) -> SignalProducer<V, F>
    ) -> EventTransform<V, E, V, F> {
        { downstream, lifetime in
            { event in
                switch event {
                case .value(let value): downstream(.value(value))
                case .failed(let error): lifetime += handler(error).start(downstream)
                case .completed: downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }
}

extension SignalProducer {
    /// On failure, continues with the stream `handler` makes from the error.
    ///
    /// Values before the failure are forwarded; the failure itself is not. The replacement
    /// is started when the failure arrives and its events (including its own failure, of
    /// the new error type) are forwarded. Disposing the result disposes the replacement.
    ///
    /// ```swift
    /// search.flatMapError { error in SignalProducer(value: .empty(reason: error.description)) }
    /// ```
    ///
    /// - Parameter handler: Creates the replacement stream for the error.
    /// - Returns: A producer that recovers from failure.
    @inlinable
    public func flatMapError<Replacement: SignalProducerConvertible>(
        _ handler: @escaping (Error) -> Replacement
    ) -> SignalProducer<Value, Replacement.Error> where Replacement.Value == Value {
        lift(Transforms.flatMapError { handler($0).producer })
    }
}

extension Signal {
    /// On failure, continues with the stream `handler` makes from the error; see
    /// `SignalProducer.flatMapError(_:)` for the contract.
    ///
    /// - Parameter handler: Creates the replacement stream for the error.
    /// - Returns: A signal that recovers from failure.
    @inlinable
    public func flatMapError<Replacement: SignalProducerConvertible>(
        _ handler: @escaping (Error) -> Replacement
    ) -> Signal<Value, Replacement.Error> where Replacement.Value == Value {
        lift(Transforms.flatMapError { handler($0).producer })
    }
}
