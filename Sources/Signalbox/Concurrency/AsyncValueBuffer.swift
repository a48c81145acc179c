import SignalboxLocks

/// Carries the events of one producer run to an `async` consumer.
///
/// The run is started by the first `next()`. Values are buffered without limit until the
/// consumer asks for them; a failure is thrown once, after the values sent before it.
/// Cancelling the waiting task, or dropping the buffer, disposes the run.
final class AsyncValueBuffer<Value: Sendable, Error: Swift.Error>: @unchecked Sendable {
    // Safety: every `var` is only touched while `lock` is held; continuations are resumed
    // after the lock is released.
    private let lock = Lock()
    private let producer: SignalProducer<Value, Error>
    private var started = false
    private var run: Disposable?
    private var values = FIFOQueue<Value>()
    /// The terminal event once the run ended (or `.interrupted` after cancellation).
    private var terminal: Event<Value, Error>?
    private var failureDelivered = false
    private var waiter: CheckedContinuation<Result<Value?, Error>, Never>?

    init(_ producer: SignalProducer<Value, Error>) {
        self.producer = producer
    }

    deinit {
        run?.dispose()
    }

    /// Whether the run ended with `.completed` (rather than a failure or interruption).
    var completed: Bool {
        lock.withLock { terminal?.isCompleted ?? false }
    }

    /// The next value; `nil` once the run completed, was interrupted or the task was
    /// cancelled.
    ///
    /// - Throws: The run's failure, once, after the values sent before it.
    func next() async throws(Error) -> Value? {
        startIfNeeded()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                lock.lock()
                if let ready = takeReady() {
                    lock.unlock()
                    continuation.resume(returning: ready)
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            cancel()
        }
        return try result.get()
    }

    private func startIfNeeded() {
        let start = lock.withLock { () -> Bool in
            guard !started else { return false }
            started = true
            return terminal == nil
        }
        guard start else { return }
        if Task.isCancelled { return cancel() }
        let run = producer.start { [weak self] event in self?.receive(event) }
        // If the task was cancelled while the run was starting, nobody will dispose it later.
        let disposeNow = lock.withLock { () -> Bool in
            if case .interrupted = terminal { return true }
            self.run = run
            return false
        }
        if disposeNow { run.dispose() }
    }

    /// What the consumer gets next, if anything is ready. Called with `lock` held.
    private func takeReady() -> Result<Value?, Error>? {
        if let value = values.popFirst() { return .success(value) }
        switch terminal {
        case nil: return nil
        case .failed(let error)? where !failureDelivered:
            failureDelivered = true
            return .failure(error)
        default: return .success(nil)
        }
    }

    private func receive(_ event: Event<Value, Error>) {
        lock.lock()
        guard terminal == nil else { return lock.unlock() }
        switch event {
        case .value(let value): values.append(value)
        default: terminal = event
        }
        let waiting = waiter
        let ready = waiting == nil ? nil : takeReady()
        if ready != nil { waiter = nil }
        lock.unlock()
        if let waiting, let ready { waiting.resume(returning: ready) }
    }

    private func cancel() {
        lock.lock()
        if terminal == nil { terminal = .interrupted }
        values = FIFOQueue()
        let waiting = waiter
        waiter = nil
        let run = self.run
        lock.unlock()
        run?.dispose()
        waiting?.resume(returning: .success(nil))
    }
}
