extension Transforms {
    static func promoteError<V, F>() -> EventTransform<V, Never, V, F> {
        { downstream, _ in
            { event in
                switch event {
                case .value(let value): downstream(.value(value))
                case .completed: downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }
}

extension SignalProducer where Error == Never {
    /// Gives a producer that cannot fail the error type of another stream, so the two can
    /// be combined.
    ///
    /// - Parameter _: The error type to adopt.
    /// - Returns: The same events, typed with the new error type.
    public func promoteError<F>(_: F.Type = F.self) -> SignalProducer<Value, F> {
        lift(Transforms.promoteError())
    }
}

extension Signal where Error == Never {
    /// Gives a signal that cannot fail the error type of another stream.
    ///
    /// - Parameter _: The error type to adopt.
    /// - Returns: The same events, typed with the new error type.
    public func promoteError<F>(_: F.Type = F.self) -> Signal<Value, F> {
        lift(Transforms.promoteError())
    }
}
