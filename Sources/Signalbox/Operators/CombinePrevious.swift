extension Transforms {
    static func combinePrevious<V, E>(_ initial: V?) -> EventTransform<V, E, (V, V), E> {
        { downstream, _ in
            var previous = initial
            return { event in
                switch event {
                case .value(let value):
                    if let previous { downstream(.value((previous, value))) }
                    previous = value
                case .failed(let error): downstream(.failed(error))
                case .completed: downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Sends each value together with the one before it, starting from the second value.
    ///
    /// ```swift
    /// SignalProducer<Int, Never>(values: 1, 2, 3).combinePrevious()  // (1, 2), (2, 3)
    /// ```
    ///
    /// - Returns: A producer of `(previous, current)` pairs.
    public func combinePrevious() -> SignalProducer<(Value, Value), Error> {
        lift(Transforms.combinePrevious(nil))
    }

    /// Sends each value together with the one before it; the first value is paired with
    /// `initial`.
    ///
    /// ```swift
    /// SignalProducer<Int, Never>(values: 1, 2).combinePrevious(0)  // (0, 1), (1, 2)
    /// ```
    ///
    /// - Parameter initial: Stands in for the value before the first.
    /// - Returns: A producer of `(previous, current)` pairs, one per value.
    public func combinePrevious(_ initial: Value) -> SignalProducer<(Value, Value), Error> {
        lift(Transforms.combinePrevious(initial))
    }
}

extension Signal {
    /// Sends each value together with the one before it, starting from the second value.
    ///
    /// - Returns: A signal of `(previous, current)` pairs.
    public func combinePrevious() -> Signal<(Value, Value), Error> {
        liftSynchronous(Transforms.combinePrevious(nil))
    }

    /// Sends each value together with the one before it; the first value is paired with
    /// `initial`.
    ///
    /// - Parameter initial: Stands in for the value before the first.
    /// - Returns: A signal of `(previous, current)` pairs, one per value.
    public func combinePrevious(_ initial: Value) -> Signal<(Value, Value), Error> {
        liftSynchronous(Transforms.combinePrevious(initial))
    }
}
