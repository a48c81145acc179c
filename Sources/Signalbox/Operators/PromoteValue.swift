extension SignalProducer where Value == Never {
    /// The same producer, typed to send values of `U`; it never sends any, so its
    /// completion and failure pass through unchanged. Use it to combine a producer that
    /// only terminates with producers of values.
    ///
    /// - Parameter _: The value type to promote to; inferred when omitted.
    /// - Returns: The producer with `U` as its value type.
    public func promoteValue<U>(_: U.Type = U.self) -> SignalProducer<U, Error> {
        lift(Transforms.promoteValue())
    }
}

extension Signal where Value == Never {
    /// The same signal, typed to send values of `U`; see `SignalProducer.promoteValue(_:)`.
    ///
    /// - Parameter _: The value type to promote to; inferred when omitted.
    /// - Returns: The signal with `U` as its value type.
    public func promoteValue<U>(_: U.Type = U.self) -> Signal<U, Error> {
        lift(Transforms.promoteValue())
    }
}

extension Transforms {
    static func promoteValue<E, U>() -> EventTransform<Never, E, U, E> {
        { downstream, _ in
            { event in
                switch event {
                case .failed(let error): downstream(.failed(error))
                case .completed: downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }
}
