extension Transforms {
    @inlinable
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

    @inlinable
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

    /// `skipRepeats` on events (for signals). Inlinable, so that it is specialised for the
    /// client's value type (see `skipRepeatsSink`).
    @inlinable
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

    /// The sink of `skipRepeats`: a value path (so a value crosses it as function calls)
    /// and the same operator on events. Inlinable, so that a client's pipeline is
    /// specialised for its value type: unspecialised, each value paid for looking up the
    /// metadata of `Optional<V>` and `Event<V, E>` at run time.
    @inlinable
    static func skipRepeatsSink<V, E>(
        _ isEquivalent: @escaping (V, V) -> Bool
    ) -> (_ downstream: RunSink<V, E>, _ lifetime: Lifetime) -> RunSink<V, E> {
        { downstream, _ in
            // Shared by both paths: the upstream delivers each value through one of them.
            let state = SkipRepeatsState<V>()
            let send = downstream.valuePath
            let events = downstream.event
            let value: (V) -> Void = { value in
                if let previous = state.previous, isEquivalent(previous, value) { return }
                state.previous = value
                send(value)
            }
            return RunSink(
                value: value,
                event: { event in
                    if case .value(let delivered) = event {
                        value(delivered)
                    } else {
                        events(event)
                    }
                })
        }
    }
}

extension SignalProducer {
    /// Drops the first `count` values.
    ///
    /// - Parameter count: How many values to drop.
    /// - Returns: A producer of the values after the first `count`.
    @inlinable
    public func skip(first count: Int) -> SignalProducer<Value, Error> {
        lift(Transforms.skip(first: count))
    }

    /// Drops values while `predicate` holds; from the first value failing it, sends all.
    ///
    /// - Parameter predicate: Decides whether to keep dropping.
    /// - Returns: A producer of the values from the first that fails `predicate`.
    @inlinable
    public func skip(while predicate: @escaping (Value) -> Bool) -> SignalProducer<Value, Error> {
        lift(Transforms.skip(while: predicate))
    }

    /// Drops each value equivalent to the one sent just before it.
    ///
    /// - Parameter isEquivalent: Compares the previous value with the new one.
    /// - Returns: A producer without consecutive repeats.
    @inlinable
    public func skipRepeats(
        _ isEquivalent: @escaping (Value, Value) -> Bool
    ) -> SignalProducer<Value, Error> {
        lift(sink: Transforms.skipRepeatsSink(isEquivalent))
    }
}

extension SignalProducer where Value: Equatable {
    /// Drops each value equal to the one sent just before it.
    ///
    /// - Returns: A producer without consecutive repeats.
    @inlinable
    public func skipRepeats() -> SignalProducer<Value, Error> {
        skipRepeats(==)
    }
}

extension Signal {
    /// Drops the first `count` values.
    ///
    /// - Parameter count: How many values to drop.
    /// - Returns: A signal of the values after the first `count`.
    @inlinable
    public func skip(first count: Int) -> Signal<Value, Error> {
        lift(Transforms.skip(first: count))
    }

    /// Drops values while `predicate` holds; from the first value failing it, sends all.
    ///
    /// - Parameter predicate: Decides whether to keep dropping.
    /// - Returns: A signal of the values from the first that fails `predicate`.
    @inlinable
    public func skip(while predicate: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        lift(Transforms.skip(while: predicate))
    }

    /// Drops each value equivalent to the one sent just before it.
    ///
    /// - Parameter isEquivalent: Compares the previous value with the new one.
    /// - Returns: A signal without consecutive repeats.
    @inlinable
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
    @inlinable
    public func skipRepeats() -> Signal<Value, Error> {
        skipRepeats(==)
    }
}

/// The previous value of one run of `skipRepeats`.
///
/// A class rather than a captured `var`: a captured variable shared by escaping closures is
/// checked for exclusive access at run time on every value (about 110 instructions per
/// value of W7); the run's values arrive serialised, so the checks are left out.
@usableFromInline
final class SkipRepeatsState<V> {
    @usableFromInline @exclusivity(unchecked) var previous: V?

    @inlinable
    init() {}
}
