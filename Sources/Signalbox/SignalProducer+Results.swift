import Dispatch

extension SignalProducer {
    /// Starts the producer and blocks the calling thread until its first value or its end.
    ///
    /// Do not call it on the thread or queue the producer delivers on: that deadlocks.
    /// From async code, prefer `await first()`.
    ///
    /// - Returns: The first value, the failure, or `nil` if the run ended without a value.
    public func first() -> Result<Value, Error>? {
        take(first: 1).single()
    }

    /// Starts the producer and blocks until it ends; returns its only value.
    ///
    /// - Returns: The value if the run sent exactly one value and completed, the failure if it
    ///   failed, or `nil` if it sent no value, more than one, or was interrupted.
    public func single() -> Result<Value, Error>? {
        let outcome = collectBlocking()
        switch outcome.terminal {
        case .failed(let error): return .failure(error)
        case .completed where outcome.values.count == 1: return .success(outcome.values[0])
        default: return nil
        }
    }

    /// Starts the producer and blocks until it ends; returns its last value.
    ///
    /// - Returns: The last value if the run completed after sending one, the failure if it
    ///   failed, otherwise `nil`.
    public func last() -> Result<Value, Error>? {
        let outcome = collectBlocking()
        switch outcome.terminal {
        case .failed(let error): return .failure(error)
        case .completed: return outcome.values.last.map { .success($0) }
        default: return nil
        }
    }

    /// Starts the producer and blocks until it ends, ignoring its values.
    ///
    /// - Returns: `.success` if it completed (or was interrupted), the failure if it failed.
    public func wait() -> Result<Void, Error> {
        let outcome = collectBlocking(keepValues: false)
        if case .failed(let error) = outcome.terminal { return .failure(error) }
        return .success(())
    }

    private func collectBlocking(keepValues: Bool = true) -> (
        values: [Value], terminal: Event<Value, Error>
    ) {
        let state = LockedBox<(values: [Value], terminal: Event<Value, Error>?)>(
            ([], nil))
        let done = DispatchSemaphore(value: 0)
        start { event in
            state.modify { state in
                if case .value(let value) = event {
                    if keepValues { state.values.append(value) }
                } else {
                    state.terminal = event
                }
            }
            if event.isTerminating { done.signal() }
        }
        done.wait()
        return state.withValue { ($0.values, $0.terminal ?? .interrupted) }
    }
}
