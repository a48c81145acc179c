// Overloads that take a concrete `SignalProducer` where the general form takes any
// `SignalProducerConvertible`, so that a producer can be written from context:
// `.prefix(.init(value: 0))`, `.merge(with: .never)`, `.then(.init(value: 1))`,
// `.take(untilReplacement: .empty)`. (A generic parameter gives `.init(value:)` no type to
// look in; `concat(_:)` already has such an overload in Concat.swift.)

extension SignalProducer {
    /// Sends the values of `previous` first, then, once it completed, this producer's; see
    /// `prefix(_:)`. This overload lets you write `.prefix(.init(value: 0))`.
    ///
    /// - Parameter previous: The producer that comes before.
    /// - Returns: A producer of both producers' values, one after the other.
    public func prefix(_ previous: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        previous.concat(self)
    }

    /// Runs this producer and `other` at once and forwards the values of both; see
    /// `merge(with:)`. This overload lets you write `.merge(with: .never)`.
    ///
    /// - Parameter other: The producer to merge with.
    /// - Returns: A producer of the values of both.
    public func merge(with other: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        SignalProducer.merge([self, other])
    }

    /// Ignores this producer's values and, once it completed, continues with `replacement`;
    /// see `then(_:)`. This overload lets you write `.then(.init(value: 1))`.
    ///
    /// - Parameter replacement: The producer that follows.
    /// - Returns: A producer of `replacement`'s values after this one completed.
    public func then<U>(_ replacement: SignalProducer<U, Error>) -> SignalProducer<U, Error> {
        lift(Transforms.then(replacement))
    }

    /// Ignores this producer's values and, once it completed, continues with `replacement`
    /// of the same value type; see `then(_:)`. This overload lets you write `.then(.empty)`,
    /// where the generic form has no value type to infer.
    ///
    /// - Parameter replacement: The producer that follows.
    /// - Returns: A producer of `replacement`'s values after this one completed.
    public func then(_ replacement: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        lift(Transforms.then(replacement))
    }

    /// Forwards this producer's events until `replacement` sends its first event; see
    /// `take(untilReplacement:)`. This overload lets you write
    /// `.take(untilReplacement: .init(value: 0))`.
    ///
    /// - Parameter replacement: The producer that takes over.
    /// - Returns: A producer of this producer's events, then `replacement`'s.
    public func take(
        untilReplacement replacement: SignalProducer<Value, Error>
    ) -> SignalProducer<Value, Error> {
        replaced(by: replacement)
    }
}

extension SignalProducer where Error == Never {
    /// Ignores this producer's values and, once it completed, continues with `replacement`,
    /// adopting its error type; see `then(_:)`. This overload lets you write
    /// `.then(.init(result: someResult))` or `.then(.init(error: e))`.
    ///
    /// - Parameter replacement: The producer that follows.
    /// - Returns: A producer of `replacement`'s values after this one completed.
    @_disfavoredOverload
    public func then<U, F>(_ replacement: SignalProducer<U, F>) -> SignalProducer<U, F> {
        promoteError(F.self).lift(Transforms.then(replacement))
    }
}
