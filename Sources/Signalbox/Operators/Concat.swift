extension Transforms {
    /// Drops the values; on completion, continues with `replacement`.
    @inlinable
    static func then<V, E, U>(_ replacement: SignalProducer<U, E>) -> EventTransform<V, E, U, E> {
        { downstream, lifetime in
            { event in
                switch event {
                case .value: break
                case .failed(let error): downstream(.failed(error))
                case .completed: lifetime += replacement.start(downstream)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Sends this producer's values, then, once it completed, those of `next`.
    ///
    /// `next` is started only when this run completes; a failure of this run fails the
    /// result without starting `next`. Disposing the result disposes whichever run is going.
    ///
    /// - Parameter next: The stream that follows.
    /// - Returns: A producer of both streams' values, one after the other.
    @inlinable
    public func concat<Next: SignalProducerConvertible>(
        _ next: Next
    ) -> SignalProducer<Value, Error> where Next.Value == Value, Next.Error == Error {
        concat(next.producer)
    }

    /// Sends this producer's values, then, once it completed, those of `next`; see
    /// `concat(_:)` for the contract. This overload lets you write `.concat(.never)`.
    ///
    /// - Parameter next: The producer that follows.
    /// - Returns: A producer of both producers' values, one after the other.
    @inlinable
    public func concat(_ next: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        SignalProducer<SignalProducer<Value, Error>, Error>(values: self, next).flatten(.concat)
    }

    /// Sends this producer's values, then `value`, then completes.
    ///
    /// - Parameter value: The value sent after this producer completed.
    /// - Returns: A producer ending with `value`.
    @inlinable
    public func concat(value: Value) -> SignalProducer<Value, Error> {
        concat(SignalProducer(value: value))
    }

    /// Sends the values of `previous` first, then, once it completed, this producer's.
    ///
    /// - Parameter previous: The stream that comes before.
    /// - Returns: A producer of both streams' values, one after the other.
    @inlinable
    public func prefix<Previous: SignalProducerConvertible>(
        _ previous: Previous
    ) -> SignalProducer<Value, Error> where Previous.Value == Value, Previous.Error == Error {
        previous.producer.concat(self)
    }

    /// Sends `value` first, then this producer's values.
    ///
    /// ```swift
    /// results.prefix(value: .loading)  // a screen shows "loading" until the first result
    /// ```
    ///
    /// - Parameter value: The value sent before anything else.
    /// - Returns: A producer starting with `value`.
    @inlinable
    public func prefix(value: Value) -> SignalProducer<Value, Error> {
        prefix(SignalProducer(value: value))
    }

    /// Ignores this producer's values and, once it completed, continues with `replacement`.
    ///
    /// A failure of this run fails the result without starting `replacement`. Disposing the
    /// result disposes whichever run is going.
    ///
    /// - Parameter replacement: The stream that follows.
    /// - Returns: A producer of `replacement`'s values after this one completed.
    @inlinable
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Replacement.Value, Error> where Replacement.Error == Error {
        lift(Transforms.then(replacement.producer))
    }

    /// Ignores this producer's values and, once it completed, continues with a
    /// `replacement` that cannot fail.
    ///
    /// - Parameter replacement: The stream that follows.
    /// - Returns: A producer of `replacement`'s values after this one completed.
    @inlinable
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Replacement.Value, Error> where Replacement.Error == Never {
        lift(Transforms.then(replacement.producer.promoteError(Error.self)))
    }
}

extension SignalProducer where Error == Never {
    /// Ignores this producer's values and, once it completed, continues with `replacement`,
    /// adopting its error type.
    ///
    /// - Parameter replacement: The stream that follows.
    /// - Returns: A producer of `replacement`'s values after this one completed.
    @inlinable
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Replacement.Value, Replacement.Error> {
        promoteError(Replacement.Error.self).lift(Transforms.then(replacement.producer))
    }

    /// Ignores this producer's values and, once it completed, continues with `replacement`;
    /// neither can fail.
    ///
    /// - Parameter replacement: The stream that follows.
    /// - Returns: A producer of `replacement`'s values after this one completed.
    @inlinable
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> SignalProducer<Replacement.Value, Never> where Replacement.Error == Never {
        lift(Transforms.then(replacement.producer))
    }
}

extension Signal {
    /// Forwards this signal's values and, once it completed, starts `next` and forwards its
    /// values.
    ///
    /// - Parameter next: The stream that follows.
    /// - Returns: A signal of both streams' values, one after the other.
    @inlinable
    public func concat<Next: SignalProducerConvertible>(
        _ next: Next
    ) -> Signal<Value, Error> where Next.Value == Value, Next.Error == Error {
        Signal.starting(producer.concat(next))
    }

    /// Ignores this signal's values and, once it completed, starts `replacement` and forwards
    /// its values. A failure of this signal fails the result without starting it.
    ///
    /// - Parameter replacement: The stream that follows.
    /// - Returns: A signal of `replacement`'s values after this one completed.
    @inlinable
    public func then<Replacement: SignalProducerConvertible>(
        _ replacement: Replacement
    ) -> Signal<Replacement.Value, Error> where Replacement.Error == Error {
        lift(Transforms.then(replacement.producer))
    }
}
