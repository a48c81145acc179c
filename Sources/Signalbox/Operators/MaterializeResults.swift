extension Transforms {
    static func materializeResults<V, E>() -> EventTransform<V, E, Result<V, E>, Never> {
        { downstream, _ in
            { event in
                switch event {
                case .value(let value): downstream(.value(.success(value)))
                case .failed(let error):
                    downstream(.value(.failure(error)))
                    downstream(.completed)
                case .completed: downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }

    static func dematerializeResults<V, E>() -> EventTransform<Result<V, E>, Never, V, E> {
        { downstream, _ in
            { event in
                switch event {
                case .value(.success(let value)): downstream(.value(value))
                case .value(.failure(let error)): downstream(.failed(error))
                case .completed: downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Turns values into `.success` values and a failure into a `.failure` value followed
    /// by completion; completion and interruption pass through.
    ///
    /// ```swift
    /// request.materializeResults()  // .success(data)… or .failure(error), then completes
    /// ```
    ///
    /// - Returns: A producer that cannot fail.
    public func materializeResults() -> SignalProducer<Result<Value, Error>, Never> {
        lift(Transforms.materializeResults())
    }

    /// Turns `.success` values back into values and the first `.failure` into a failure;
    /// the inverse of `materializeResults()`.
    ///
    /// - Returns: A producer of the success values, failing with the first failure.
    public func dematerializeResults<Success, Failure>() -> SignalProducer<Success, Failure>
    where Value == Result<Success, Failure>, Error == Never {
        lift(Transforms.dematerializeResults())
    }
}

extension Signal {
    /// Turns values into `.success` values and a failure into a `.failure` value followed
    /// by completion; see `SignalProducer.materializeResults()`.
    ///
    /// - Returns: A signal that cannot fail.
    public func materializeResults() -> Signal<Result<Value, Error>, Never> {
        liftSynchronous(Transforms.materializeResults())
    }

    /// Turns `.success` values back into values and the first `.failure` into a failure;
    /// the inverse of `materializeResults()`.
    ///
    /// - Returns: A signal of the success values, failing with the first failure.
    public func dematerializeResults<Success, Failure>() -> Signal<Success, Failure>
    where Value == Result<Success, Failure>, Error == Never {
        liftSynchronous(Transforms.dematerializeResults())
    }
}
