extension Transforms {
    /// Forwards values up to and including the first one for which `shouldContinue` is
    /// `false`, then completes.
    static func take<V, E>(until shouldContinue: @escaping (V) -> Bool)
        -> EventTransform<V, E, V, E>
    {
        { downstream, _ in
            var done = false
            return { event in
                guard !done else { return }
                if case .value(let value) = event {
                    downstream(event)
                    if !shouldContinue(value) {
                        done = true
                        downstream(.completed)
                    }
                } else {
                    done = true
                    downstream(event)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Forwards values until `shouldContinue` returns `false` for one: that value is still
    /// forwarded, then the producer completes (and the run upstream is disposed).
    ///
    /// ```swift
    /// progress.take(until: { $0 < 1.0 })  // up to and including 1.0
    /// ```
    ///
    /// (`take(while:)` drops the value that ends it; this form keeps it.)
    ///
    /// - Parameter shouldContinue: Whether more values should follow this one.
    /// - Returns: A producer that ends after the first value that fails the test.
    public func take(until shouldContinue: @escaping (Value) -> Bool) -> SignalProducer<
        Value, Error
    > {
        lift(Transforms.take(until: shouldContinue))
    }
}

extension Signal {
    /// Forwards values until `shouldContinue` returns `false` for one, which is still
    /// forwarded, then completes; see `SignalProducer.take(until:)`.
    ///
    /// - Parameter shouldContinue: Whether more values should follow this one.
    /// - Returns: A signal that ends after the first value that fails the test.
    public func take(until shouldContinue: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        lift(Transforms.take(until: shouldContinue))
    }
}
