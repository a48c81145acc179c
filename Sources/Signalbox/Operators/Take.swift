extension Transforms {
    /// Takes the first `count` values (at least one), then completes.
    @inlinable
    static func take<V, E>(first count: Int) -> EventTransform<V, E, V, E> {
        { downstream, _ in
            var remaining = count
            return { event in
                guard remaining > 0 else { return }
                if case .value = event {
                    remaining -= 1
                    downstream(event)
                    if remaining == 0 { downstream(.completed) }
                } else {
                    remaining = 0
                    downstream(event)
                }
            }
        }
    }

    @inlinable
    static func take<V, E>(while predicate: @escaping (V) -> Bool) -> EventTransform<V, E, V, E> {
        { downstream, _ in
            var done = false
            return { event in
                guard !done else { return }
                if case .value(let value) = event, !predicate(value) {
                    done = true
                    downstream(.completed)
                    return
                }
                if event.isTerminating { done = true }
                downstream(event)
            }
        }
    }

    /// Completes when `trigger` sends a value or completes; the output is serialised because
    /// the trigger may fire on another thread.
    @inlinable
    static func take<V, E>(until trigger: SignalProducer<Void, Never>) -> EventTransform<V, E, V, E>
    {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer(downstream)
            lifetime += trigger.start { event in
                switch event {
                case .value, .completed: output.sendCompleted()
                case .interrupted: break
                }
            }
            return output.send
        }
    }

    @inlinable
    static func take<V, E>(during other: Lifetime) -> EventTransform<V, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer(downstream)
            lifetime += other.observeEnded { output.sendCompleted() }
            return output.send
        }
    }
}

extension SignalProducer {
    /// Sends the first `count` values, then completes and interrupts the upstream.
    ///
    /// - Parameter count: How many values to take. Zero or less interrupts each run at
    ///   once, without starting this producer (ReactiveSwift's rule).
    /// - Returns: A producer of at most `count` values.
    @inlinable
    public func take(first count: Int) -> SignalProducer<Value, Error> {
        guard count >= 1 else {
            return SignalProducer { observer, _ in observer.sendInterrupted() }
        }
        return lift(Transforms.take(first: count))
    }

    /// Sends values while `predicate` holds; the first value failing it completes the stream.
    ///
    /// - Parameter predicate: Decides whether to keep going.
    /// - Returns: A producer of the leading values that satisfy `predicate`.
    @inlinable
    public func take(while predicate: @escaping (Value) -> Bool) -> SignalProducer<Value, Error> {
        lift(Transforms.take(while: predicate))
    }

    /// Forwards events until `trigger` sends a value or completes, then completes.
    ///
    /// - Parameter trigger: Started with each run; its first value ends the stream.
    /// - Returns: A producer that stops at the trigger.
    @inlinable
    public func take(until trigger: SignalProducer<Void, Never>) -> SignalProducer<Value, Error> {
        lift(Transforms.take(until: trigger))
    }

    /// Forwards events until `trigger` sends a value or completes, then completes.
    ///
    /// - Parameter trigger: Its first value ends the stream.
    /// - Returns: A producer that stops at the trigger.
    @inlinable
    public func take(until trigger: Signal<Void, Never>) -> SignalProducer<Value, Error> {
        take(until: SignalProducer<Void, Never>(trigger))
    }

    /// Forwards events while `lifetime` lasts, then completes.
    ///
    /// `producer.take(during: object.lifetime)` ties a run to an object's life.
    ///
    /// - Parameter lifetime: The run completes when it ends.
    /// - Returns: A producer bounded by `lifetime`.
    @inlinable
    public func take(during lifetime: Lifetime) -> SignalProducer<Value, Error> {
        lift(Transforms.take(during: lifetime))
    }
}

extension Signal {
    /// Sends the first `count` values, then completes.
    ///
    /// - Parameter count: How many values to take. Zero or less returns a signal that has
    ///   already ended, without observing this one: an observer receives `.interrupted` at
    ///   once (ReactiveSwift's rule).
    /// - Returns: A signal of at most `count` values.
    @inlinable
    public func take(first count: Int) -> Signal<Value, Error> {
        guard count >= 1 else { return .empty }
        return lift(Transforms.take(first: count))
    }

    /// Sends values while `predicate` holds; the first value failing it completes the signal.
    ///
    /// - Parameter predicate: Decides whether to keep going.
    /// - Returns: A signal of the leading values that satisfy `predicate`.
    @inlinable
    public func take(while predicate: @escaping (Value) -> Bool) -> Signal<Value, Error> {
        lift(Transforms.take(while: predicate))
    }

    /// Forwards events until `trigger` sends a value or completes, then completes.
    ///
    /// - Parameter trigger: Its first value ends the signal.
    /// - Returns: A signal that stops at the trigger.
    @inlinable
    public func take(until trigger: Signal<Void, Never>) -> Signal<Value, Error> {
        lift(Transforms.take(until: SignalProducer<Void, Never>(trigger)))
    }

    /// Forwards events until `trigger` sends a value or completes, then completes.
    ///
    /// - Parameter trigger: Started once; its first value ends the signal.
    /// - Returns: A signal that stops at the trigger.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    @inlinable
    public func take(until trigger: SignalProducer<Void, Never>) -> Signal<Value, Error> {
        lift(Transforms.take(until: trigger))
    }

    /// Forwards events while `lifetime` lasts, then completes.
    ///
    /// - Parameter lifetime: The signal completes when it ends.
    /// - Returns: A signal bounded by `lifetime`.
    @inlinable
    public func take(during lifetime: Lifetime) -> Signal<Value, Error> {
        lift(Transforms.take(during: lifetime))
    }
}
