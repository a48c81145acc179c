extension Transforms {
    /// Transforms only the latest value, on `scheduler`, when the scheduler gets to it.
    static func lazyMap<V, E, U>(
        on scheduler: Scheduler, _ transform: @escaping (V) -> U
    ) -> EventTransform<V, E, U, E> {
        { downstream, lifetime in
            // Disposal stops the output at once and announces `.interrupted` on the
            // scheduler; terminal events are delivered there after the waiting value.
            let output = ScheduledOutput<U, E>(downstream, on: scheduler, lifetime: lifetime)
            let pending = LockedBox<V?>(nil)
            let sendPending = {
                if let value = pending.modify({ held -> V? in
                    defer { held = nil }
                    return held
                }), output.isActive {
                    output.send(value: transform(value))
                }
            }
            return { event in
                switch event {
                case .value(let value):
                    let wasEmpty = pending.modify { held -> Bool in
                        defer { held = value }
                        return held == nil
                    }
                    if wasEmpty { scheduler.schedule(sendPending) }
                case .completed:
                    // After the value waiting, if any: its action was scheduled first.
                    output.terminate(.completed)
                case .failed(let error):
                    pending.value = nil
                    output.terminate(.failed(error))
                case .interrupted:
                    pending.value = nil
                    output.interrupt()
                }
            }
        }
    }
}

extension SignalProducer {
    /// Transforms values on `scheduler`, only the latest one each time the scheduler gets
    /// to it: values that arrive while a transformation is waiting replace the waiting one
    /// and are never transformed. For an expensive transform of a fast stream.
    ///
    /// Contract: every event is delivered on `scheduler`, completion after the value still
    /// waiting; a failure or an interruption drops it. Disposal stops the output at once (no
    /// waiting value is transformed any more) and delivers `.interrupted` on `scheduler`,
    /// as ReactiveSwift does.
    ///
    /// - Parameters:
    ///   - scheduler: Where `transform` runs and the results are sent.
    ///   - transform: Maps a value; called on `scheduler`.
    /// - Returns: A producer of the transformed latest values.
    public func lazyMap<U>(on scheduler: Scheduler, transform: @escaping (Value) -> U)
        -> SignalProducer<U, Error>
    {
        lift(Transforms.lazyMap(on: scheduler, transform))
    }
}

extension Signal {
    /// Transforms values on `scheduler`, only the latest one each time the scheduler gets
    /// to it; see `SignalProducer.lazyMap(on:transform:)`.
    ///
    /// - Parameters:
    ///   - scheduler: Where `transform` runs and the results are sent.
    ///   - transform: Maps a value; called on `scheduler`.
    /// - Returns: A signal of the transformed latest values.
    public func lazyMap<U>(on scheduler: Scheduler, transform: @escaping (Value) -> U) -> Signal<
        U, Error
    > {
        lift(Transforms.lazyMap(on: scheduler, transform))
    }
}
