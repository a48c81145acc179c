extension Transforms {
    /// Transforms only the latest value, on `scheduler`, when the scheduler gets to it.
    static func lazyMap<V, E, U>(
        on scheduler: Scheduler, _ transform: @escaping (V) -> U
    ) -> EventTransform<V, E, U, E> {
        { downstream, lifetime in
            let output = Signal<U, E>.Observer(downstream)
            let scheduled = SerialDisposable()
            lifetime += scheduled
            // Weakly, as in `holdingBack`: the lifetime must not keep the output.
            lifetime.observeEnded { [weak output] in output?.sendInterrupted() }
            let pending = SignalboxAtomic.Atomic<V?>(nil)
            let sendPending = {
                if let value = pending.modify({ held -> V? in
                    defer { held = nil }
                    return held
                }) {
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
                    if wasEmpty { scheduled.inner = scheduler.schedule(sendPending) }
                case .completed:
                    scheduled.inner = scheduler.schedule {
                        sendPending()
                        output.sendCompleted()
                    }
                case .failed(let error):
                    pending.value = nil
                    scheduled.inner = scheduler.schedule { output.send(error: error) }
                case .interrupted:
                    pending.value = nil
                    output.sendInterrupted()
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
    /// Contract: values and completion are delivered on `scheduler`, completion after the
    /// value still waiting; a failure drops it; interruption is delivered at once.
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
