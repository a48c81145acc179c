extension Transforms {
    static func skip<V, E>(first count: Int) -> EventTransform<V, E, V, E> {
        { downstream, _ in
            var remaining = count
            return { event in
                if case .value = event, remaining > 0 {
                    remaining -= 1
                    return
                }
                downstream(event)
            }
        }
    }

    static func skip<V, E>(while predicate: @escaping (V) -> Bool) -> EventTransform<V, E, V, E> {
        { downstream, _ in
            var skipping = true
            return { event in
                if skipping, case .value(let value) = event {
                    if predicate(value) { return }
                    skipping = false
                }
                downstream(event)
            }
        }
    }

    static func skipRepeats<V, E>(
        _ isEquivalent: @escaping (V, V) -> Bool
    ) -> EventTransform<V, E, V, E> {
        { downstream, _ in
            var previous: V?
            return { event in
                if case .value(let value) = event {
                    if let previous, isEquivalent(previous, value) { return }
                    previous = value
                }
                downstream(event)
            }
        }
    }
}

extension SignalProducer {
    /// Drops the first `count` values.
    ///
    /// - Parameter count: How many values to drop.
    /// - Returns: A producer of the values after the first `count`.
    public func skip(first count: Int) -> SignalProducer<Value, Error> {
        lift(Transforms.skip(first: count))
    }

    /// Drops values while `predicate` holds; from the first value failing it, sends all.
    ///
    /// - Parameter predicate: Decides whether to keep dropping.
    /// - Returns: A producer of the values from the first that fails `predicate`.
    public func skip(while predicate: @escaping (Value) -> Bool) -> SignalProducer<Value, Error> {
        lift(Transforms.skip(while: predicate))
    }

    /// Drops each value equivalent to the one sent just before it.
    ///
    /// - Parameter isEquivalent: Compares the previous value with the new one.
    /// - Returns: A producer without consecutive repeats.
    public func skipRepeats(
        _ isEquivalent: @escaping (Value, Value) -> Bool
    ) -> SignalProducer<Value, Error> {
        lift(Transforms.skipRepeats(isEquivalent))
    }
}

extension SignalProducer where Value: Equatable {
    /// Drops each value equal to the one sent just before it.
    ///
    /// - Returns: A producer without consecutive repeats.
    public func skipRepeats() -> SignalProducer<Value, Error> {
        skipRepeats(==)
    }
}

extension Signal {
    /// Drops the first `count` values.
    ///
    /// - Parameter count: How many values to drop.
    /// - Returns: A signal of the values after the first `count`.
    public func skip(first count: Int) -> Signal<Value, Error> {
        lift(Transforms.skip(first: count))
    }

    /// Drops values while `predicate` holds; from the first value failing it, sends all.
    ///
    /// - Parameter predicate: Decides whether to keep dropping.
    /// - Returns: A signal of the values from the first that fails `predicate`.
    public func skip(while predicate: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        lift(Transforms.skip(while: predicate))
    }

    /// Drops each value equivalent to the one sent just before it.
    ///
    /// - Parameter isEquivalent: Compares the previous value with the new one.
    /// - Returns: A signal without consecutive repeats.
    public func skipRepeats(_ isEquivalent: @escaping (Value, Value) -> Bool) -> Signal<
        Value, Error
    > {
        lift(Transforms.skipRepeats(isEquivalent))
    }
}

extension Signal where Value: Equatable {
    /// Drops each value equal to the one sent just before it.
    ///
    /// - Returns: A signal without consecutive repeats.
    public func skipRepeats() -> Signal<Value, Error> {
        skipRepeats(==)
    }
}
