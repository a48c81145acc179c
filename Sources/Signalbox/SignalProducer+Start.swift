import Synchronization

extension SignalProducer {
    /// Starts a run whose events end in `sink`, and returns the run.
    ///
    /// `sink` sees a well-formed stream: at most one terminal event, after which the run is
    /// disposed so that its lifetime ends and its resources are released.
    @inlinable @inline(__always)
    func startRun(_ run: ProducerRun, _ sink: @escaping (Event<Value, Error>) -> Void) {
        startRun(run, values: { sink(.value($0)) }, terminal: sink)
    }

    /// Starts a run with separate handlers for values and for the terminal event, so that the
    /// value path is a single closure call.
    @inlinable @inline(__always)
    func startRun(
        _ run: ProducerRun, values: @escaping (Value) -> Void,
        terminal: @escaping (Event<Value, Error>) -> Void
    ) {
        // The sink refers to the run's lifetime, never to the run itself: the run (the handle
        // `start` returns) keeps the observer that feeds this sink, so a reference back would
        // be a cycle (see `ProducerRun`). Ending the lifetime runs the interrupter, which
        // stops the source.
        let lifetime = run.lifetime
        setUp(
            RunSink(
                value: values,
                event: { event in
                    // Operators guarantee that no value follows a terminal event, so only the
                    // terminal path needs the flag.
                    if case .value(let value) = event {
                        values(value)
                    } else if lifetime.finishRun() {
                        terminal(event)
                        lifetime.end()
                    }
                }), run)
        // Usually the work installed its interrupter (the start handler's observer) and often
        // it has finished already. Only when it installed none (the work is deferred, e.g. by
        // `start(on:)`) does disposal need to interrupt the downstream directly; allocating
        // that fallback only then keeps it off the common path.
        let disposedUnannounced = run.installFallbackInterrupter {
            // Kept by the run, not the lifetime, so it may refer to the lifetime.
            { if lifetime.finishRun() { terminal(.interrupted) } }
        }
        if disposedUnannounced, lifetime.finishRun() { terminal(.interrupted) }
    }

    /// Starts the producer, sending every event of the run to `observer`.
    ///
    /// - Parameter observer: Receives the events of this run.
    /// - Returns: A disposable that interrupts the run.
    @discardableResult
    public func start(_ observer: Signal<Value, Error>.Observer) -> Disposable {
        start(observer.send)
    }

    /// Starts the producer, sending every event of the run to `action`.
    ///
    /// - Parameter action: Called with each event, never concurrently.
    /// - Returns: A disposable that interrupts the run.
    @inlinable
    @discardableResult
    public func start(_ action: @escaping (Event<Value, Error>) -> Void = { _ in }) -> Disposable {
        let run = ProducerRun()
        startRun(run, action)
        return run
    }

    /// Starts the producer, observing values and failure as `Result`s.
    ///
    /// - Parameter action: `.success` per value, `.failure` on failure.
    /// - Returns: A disposable that interrupts the run.
    @discardableResult
    public func startWithResult(_ action: @escaping (Result<Value, Error>) -> Void) -> Disposable {
        start { event in
            switch event {
            case .value(let value): action(.success(value))
            case .failed(let error): action(.failure(error))
            case .completed, .interrupted: break
            }
        }
    }

    /// Starts the producer, observing failure only.
    ///
    /// - Parameter action: Called with the error if the run fails.
    /// - Returns: A disposable that interrupts the run.
    @discardableResult
    public func startWithFailed(_ action: @escaping (Error) -> Void) -> Disposable {
        start { event in
            if case .failed(let error) = event { action(error) }
        }
    }

    /// Starts the producer, observing completion only.
    ///
    /// - Parameter action: Called if the run completes.
    /// - Returns: A disposable that interrupts the run.
    @discardableResult
    public func startWithCompleted(_ action: @escaping () -> Void) -> Disposable {
        start { event in
            if case .completed = event { action() }
        }
    }

    /// Starts the producer, observing interruption only.
    ///
    /// - Parameter action: Called if the run is interrupted.
    /// - Returns: A disposable that interrupts the run.
    @discardableResult
    public func startWithInterrupted(_ action: @escaping () -> Void) -> Disposable {
        start { event in
            if case .interrupted = event { action() }
        }
    }

    /// Creates a signal for one run, lets `setup` observe it, then starts the run.
    ///
    /// Observers attached inside `setup` see every event of the run. If `setup` disposes the
    /// interrupter, the run is not started (not even `on(starting:)` fires) and the signal
    /// is interrupted. Once the signal is released and has no observer left, the run is
    /// disposed: nobody could receive its events.
    ///
    /// - Parameter setup: Receives the run's signal and the disposable that interrupts it.
    /// - Returns: Whatever `setup` returns.
    @discardableResult
    public func startWithSignal<Result>(
        _ setup: (_ signal: Signal<Value, Error>, _ interrupter: Disposable) -> Result
    ) -> Result {
        let run = ProducerRun()
        // The signal's lifetime owns the run: an abandoned signal disposes it.
        let (signal, input) = Signal<Value, Error>.pipe(disposable: run)
        let result = setup(signal, run)
        // Kept until the run has started, so that a signal nobody observes is abandoned (and
        // its run disposed) only after the start, not before it, at the optimiser's whim.
        withExtendedLifetime(signal) {
            if run.isDisposed {
                input.sendInterrupted()
            } else {
                startRun(run, input.send)
            }
        }
        return result
    }
}

extension SignalProducer where Error == Never {
    /// Starts the producer, observing values only.
    ///
    /// - Parameter action: Called with each value.
    /// - Returns: A disposable that interrupts the run.
    @inlinable @inline(__always)
    @discardableResult
    public func startWithValues(_ action: @escaping (Value) -> Void) -> Disposable {
        let run = ProducerRun()
        startRun(run, values: action, terminal: { _ in })
        return run
    }
}
