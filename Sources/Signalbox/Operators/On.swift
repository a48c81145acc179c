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
    /// Event callbacks run before the event is forwarded downstream. The parameters come
    /// in ReactiveSwift's order, `value` last.
    ///
    /// - Parameters:
    ///   - starting: Before the run's work starts.
    ///   - started: After the run's work was started.
    ///   - event: For every event.
    ///   - failed: When the run fails.
    ///   - completed: When the run completes.
    ///   - interrupted: When the run is interrupted.
    ///   - terminated: After any terminal event.
    ///   - disposed: When the run's lifetime ends (after termination or disposal).
    ///   - value: For every value.
    /// - Returns: A producer with the side effects.
    public func on(
        starting: (() -> Void)? = nil,
        started: (() -> Void)? = nil,
        event: ((Event<Value, Error>) -> Void)? = nil,
        failed: ((Error) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        interrupted: (() -> Void)? = nil,
        terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil,
        value: ((Value) -> Void)? = nil
    ) -> SignalProducer<Value, Error> {
        let transform: EventTransform<Value, Error, Value, Error> = Transforms.on(
            event: event, value: value, failed: failed, completed: completed,
            interrupted: interrupted, terminated: terminated)
        let setUp = self.setUp
        return SignalProducer(
            .wired,
            setUp: { downstream, run in
                starting?()
                if let disposed { run.lifetime.observeEnded(disposed) }
                setUp(RunSink(event: transform(downstream.event, run.lifetime)), run)
                started?()
            })
    }

    /// Runs side effects at points of each run; the parameter order of Signalbox 0.2, with
    /// `value` after `event`. Pass `value` last, as ReactiveSwift does.
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
    ///   - disposed: When the run's lifetime ends.
    /// - Returns: A producer with the side effects.
    @_disfavoredOverload
    @available(*, deprecated, message: "pass value: last, as ReactiveSwift does")
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
        on(
            starting: starting, started: started, event: event, failed: failed,
            completed: completed, interrupted: interrupted, terminated: terminated,
            disposed: disposed, value: value)
    }
}

extension Signal {
    /// Runs side effects for the signal's events, without changing them. The parameters
    /// come in ReactiveSwift's order, `value` last.
    ///
    /// - Parameters:
    ///   - event: For every event.
    ///   - failed: When the signal fails.
    ///   - completed: When the signal completes.
    ///   - interrupted: When the signal is interrupted.
    ///   - terminated: After any terminal event.
    ///   - disposed: When the derived signal ends.
    ///   - value: For every value.
    /// - Returns: A signal with the side effects.
    public func on(
        event: ((Event<Value, Error>) -> Void)? = nil,
        failed: ((Error) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        interrupted: (() -> Void)? = nil,
        terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil,
        value: ((Value) -> Void)? = nil
    ) -> Signal<Value, Error> {
        let transform: EventTransform<Value, Error, Value, Error> = Transforms.on(
            event: event, value: value, failed: failed, completed: completed,
            interrupted: interrupted, terminated: terminated)
        return lift { downstream, lifetime in
            if let disposed { lifetime.observeEnded(disposed) }
            return transform(downstream, lifetime)
        }
    }

    /// Runs side effects for the signal's events; the parameter order of Signalbox 0.2,
    /// with `value` after `event`. Pass `value` last, as ReactiveSwift does.
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
    @_disfavoredOverload
    @available(*, deprecated, message: "pass value: last, as ReactiveSwift does")
    public func on(
        event: ((Event<Value, Error>) -> Void)? = nil,
        value: ((Value) -> Void)? = nil,
        failed: ((Error) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        interrupted: (() -> Void)? = nil,
        terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil
    ) -> Signal<Value, Error> {
        on(
            event: event, failed: failed, completed: completed, interrupted: interrupted,
            terminated: terminated, disposed: disposed, value: value)
    }
}
