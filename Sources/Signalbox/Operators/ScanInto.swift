extension Transforms {
    @inlinable
    static func scan<V, E, U>(
        into initial: U, _ next: @escaping (inout U, V) -> Void
    ) -> EventTransform<V, E, U, E> {
        { downstream, _ in
            var accumulated = initial
            return { event in
                switch event {
                case .value(let value):
                    next(&accumulated, value)
                    downstream(.value(accumulated))
                case .failed(let error): downstream(.failed(error))
                case .completed: downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }

    @inlinable
    static func reduce<V, E, U>(
        into initial: U, _ next: @escaping (inout U, V) -> Void
    ) -> EventTransform<V, E, U, E> {
        { downstream, _ in
            var accumulated = initial
            return { event in
                switch event {
                case .value(let value): next(&accumulated, value)
                case .failed(let error): downstream(.failed(error))
                case .completed:
                    downstream(.value(accumulated))
                    downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Sends the running accumulation of the values, one per value, updating the
    /// accumulator in place (no copy per value for arrays and dictionaries).
    ///
    /// ```swift
    /// SignalProducer<Int, Never>(values: 1, 2).scan(into: []) { $0.append($1) }
    /// // sends [1], [1, 2]
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The accumulator before the first value.
    ///   - next: Folds a value into the accumulator.
    /// - Returns: A producer of the successive accumulations.
    @inlinable
    public func scan<U>(
        into initial: U, _ next: @escaping (inout U, Value) -> Void
    ) -> SignalProducer<U, Error> {
        lift(Transforms.scan(into: initial, next))
    }

    /// Sends the accumulation of all values when the producer completes, updating the
    /// accumulator in place.
    ///
    /// A failure or interruption is passed on and nothing is sent.
    ///
    /// ```swift
    /// words.reduce(into: [:]) { counts, word in counts[word, default: 0] += 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The accumulator before the first value (sent if there are none).
    ///   - next: Folds a value into the accumulator.
    /// - Returns: A producer of one value, the final accumulation.
    @inlinable
    public func reduce<U>(
        into initial: U, _ next: @escaping (inout U, Value) -> Void
    ) -> SignalProducer<U, Error> {
        lift(Transforms.reduce(into: initial, next))
    }
}

extension Signal {
    /// Sends the running accumulation of the values, one per value, updating the
    /// accumulator in place; see `SignalProducer.scan(into:_:)`.
    ///
    /// - Parameters:
    ///   - initial: The accumulator before the first value.
    ///   - next: Folds a value into the accumulator.
    /// - Returns: A signal of the successive accumulations.
    @inlinable
    public func scan<U>(into initial: U, _ next: @escaping (inout U, Value) -> Void) -> Signal<
        U, Error
    > {
        liftSynchronous(Transforms.scan(into: initial, next))
    }

    /// Sends the accumulation of all values when the signal completes, updating the
    /// accumulator in place; see `SignalProducer.reduce(into:_:)`.
    ///
    /// - Parameters:
    ///   - initial: The accumulator before the first value (sent if there are none).
    ///   - next: Folds a value into the accumulator.
    /// - Returns: A signal of one value, the final accumulation.
    @inlinable
    public func reduce<U>(into initial: U, _ next: @escaping (inout U, Value) -> Void) -> Signal<
        U, Error
    > {
        liftSynchronous(Transforms.reduce(into: initial, next))
    }
}
