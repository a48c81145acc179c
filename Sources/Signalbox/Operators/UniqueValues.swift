extension Transforms {
    static func uniqueValues<V, E, Identity: Hashable>(
        _ identity: @escaping (V) -> Identity
    ) -> EventTransform<V, E, V, E> {
        { downstream, _ in
            var seen = Set<Identity>()
            return { event in
                if case .value(let value) = event, !seen.insert(identity(value)).inserted {
                    return
                }
                downstream(event)
            }
        }
    }
}

extension SignalProducer {
    /// Sends only the values whose identity has not been seen before in this run.
    ///
    /// Every identity seen is kept until the run ends, so memory grows with the number of
    /// distinct values.
    ///
    /// ```swift
    /// users.uniqueValues { $0.id }  // each user once, at its first appearance
    /// ```
    ///
    /// - Parameter identity: What makes two values the same.
    /// - Returns: A producer of the first value of each identity.
    public func uniqueValues<Identity: Hashable>(
        _ identity: @escaping (Value) -> Identity
    ) -> SignalProducer<Value, Error> {
        lift(Transforms.uniqueValues(identity))
    }
}

extension SignalProducer where Value: Hashable {
    /// Sends only the values not seen before in this run; see `uniqueValues(_:)`.
    ///
    /// ```swift
    /// SignalProducer<Int, Never>(values: 1, 2, 1, 3, 2).uniqueValues()  // sends 1, 2, 3
    /// ```
    ///
    /// - Returns: A producer of the first occurrence of each value.
    public func uniqueValues() -> SignalProducer<Value, Error> {
        uniqueValues { $0 }
    }
}

extension Signal {
    /// Sends only the values whose identity has not been seen before; see
    /// `SignalProducer.uniqueValues(_:)`.
    ///
    /// - Parameter identity: What makes two values the same.
    /// - Returns: A signal of the first value of each identity.
    public func uniqueValues<Identity: Hashable>(
        _ identity: @escaping (Value) -> Identity
    ) -> Signal<Value, Error> {
        liftSynchronous(Transforms.uniqueValues(identity))
    }
}

extension Signal where Value: Hashable {
    /// Sends only the values not seen before; see `SignalProducer.uniqueValues(_:)`.
    ///
    /// - Returns: A signal of the first occurrence of each value.
    public func uniqueValues() -> Signal<Value, Error> {
        uniqueValues { $0 }
    }
}
