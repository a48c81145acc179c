extension Transforms {
    static func on<V, E>(
        event: ((Event<V, E>) -> Void)?, value: ((V) -> Void)?, failed: ((E) -> Void)?,
        completed: (() -> Void)?, interrupted: (() -> Void)?, terminated: (() -> Void)?
    ) -> EventTransform<V, E, V, E> {
        { downstream, _ in
            { received in
                event?(received)
                switch received {
                case .value(let v): value?(v)
                case .failed(let error):
                    failed?(error)
                    terminated?()
                case .completed:
                    completed?()
                    terminated?()
                case .interrupted:
                    interrupted?()
                    terminated?()
                }
                downstream(received)
            }
        }
    }
}

extension SignalProducer {
    /// Runs side effects at points of each run, without changing its events.
    ///
    /// Event callbacks run before the event is forwarded downstream.
    ///
    /// - Parameters:
    ///   - starting: Before the run's work starts.
    ///   - started: After the run's work was started.
    ///   - event: For every event.
    ///   - value: For every value.
    ///   - failed: When the run fails.
    ///   - completed: When the run completes.
    ///   - interrupted: When the run is interrupted.
    ///   - terminated: After any terminal event.
    ///   - disposed: When the run's lifetime ends (after termination or disposal).
    /// - Returns: A producer with the side effects.
    public func on(
        starting: (() -> Void)? = nil,
        started: (() -> Void)? = nil,
        event: ((Event<Value, Error>) -> Void)? = nil,
        value: ((Value) -> Void)? = nil,
        failed: ((Error) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        interrupted: (() -> Void)? = nil,
        terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil
    ) -> SignalProducer<Value, Error> {
        let transform: EventTransform<Value, Error, Value, Error> = Transforms.on(
            event: event, value: value, failed: failed, completed: completed,
            interrupted: interrupted, terminated: terminated)
        let setUp = self.setUp
        return SignalProducer(setUp: { downstream, run in
            starting?()
            if let disposed { run.lifetime.observeEnded(disposed) }
            setUp(RunSink(event: transform(downstream.event, run.lifetime)), run)
            started?()
        })
    }
}

extension Signal {
    /// Runs side effects for the signal's events, without changing them.
    ///
    /// - Parameters:
    ///   - event: For every event.
    ///   - value: For every value.
    ///   - failed: When the signal fails.
    ///   - completed: When the signal completes.
    ///   - interrupted: When the signal is interrupted.
    ///   - terminated: After any terminal event.
    ///   - disposed: When the derived signal ends.
    /// - Returns: A signal with the side effects.
    public func on(
        event: ((Event<Value, Error>) -> Void)? = nil,
        value: ((Value) -> Void)? = nil,
        failed: ((Error) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        interrupted: (() -> Void)? = nil,
        terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil
    ) -> Signal<Value, Error> {
        let transform: EventTransform<Value, Error, Value, Error> = Transforms.on(
            event: event, value: value, failed: failed, completed: completed,
            interrupted: interrupted, terminated: terminated)
        return lift { downstream, lifetime in
            if let disposed { lifetime.observeEnded(disposed) }
            return transform(downstream, lifetime)
        }
    }
}
