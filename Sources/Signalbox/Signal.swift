/// A live stream of events shared by all its observers ("hot").
///
/// A signal does not start anything when observed: it forwards whatever is sent into its
/// input while the observer is attached. Observers attached after the signal terminated
/// receive `.interrupted` at once. Create one with `Signal.pipe()`, or derive one from
/// another with an operator.
///
/// Contracts: events reach observers in the order they were sent, one at a time (the input
/// observer serialises senders); after a terminal event the signal releases its observers
/// and the resources registered on its lifetime. When the input observer is released before
/// it sent a terminal event, nothing can send into the signal again, so the signal is
/// interrupted: its observers receive `.interrupted` and its lifetime ends. A signal that
/// nobody references any more and that has no observer left ends too, without an event.
public final class Signal<Value, Error: Swift.Error>: @unchecked Sendable {
    // Safety: `core` is itself lock-protected; `Signal` only holds it.
    @usableFromInline let core: SignalCore<Value, Error>

    /// Creates a signal whose events are produced by `generator`.
    ///
    /// The generator runs once, immediately, with the signal's input observer and the
    /// signal's lifetime, which ends when the signal terminates. Keep the input observer for
    /// as long as the signal should be able to send: the signal is interrupted when it is
    /// released.
    ///
    /// - Parameter generator: Sets up the sources that send into the signal.
    @inlinable
    public init(_ generator: (Observer, Lifetime) -> Void) {
        core = SignalCore.make()
        generator(SignalInput.observer(of: core), core.lifetime)
    }

    @inlinable
    init(core: SignalCore<Value, Error>) {
        self.core = core
    }

    deinit {
        core.signalReleased()
    }

    /// Creates a signal and the observer that sends into it.
    ///
    /// ```swift
    /// let (output, input) = Signal<Int, Never>.pipe()
    /// output.observeValues { print($0) }
    /// input.send(value: 1)  // Prints: 1
    /// ```
    ///
    /// Releasing the input without sending a terminal event interrupts the signal.
    ///
    /// - Parameter disposable: Disposed when the signal terminates.
    /// - Returns: The signal and its input.
    @inlinable
    public static func pipe(disposable: Disposable? = nil) -> (output: Signal, input: Observer) {
        let core = SignalCore<Value, Error>.make()
        core.lifetime += disposable
        return (Signal(core: core), SignalInput.observer(of: core))
    }

    /// Attaches `observer`; it receives every event sent from now on.
    ///
    /// Disposing the returned disposable detaches the observer and releases it at once
    /// (if a value is being delivered to it meanwhile on another thread, as soon as that
    /// delivery returns), even while the disposable itself is kept; so does the signal's
    /// terminal event. The disposable holds nothing the observer captured.
    ///
    /// - Parameter observer: The observer to attach.
    /// - Returns: A disposable that detaches the observer (it receives no `.interrupted`),
    ///   or `nil` if the signal had already terminated (the observer then received
    ///   `.interrupted`).
    @discardableResult
    public func observe(_ observer: Observer) -> Disposable? {
        core.attach(.observer(observer))
    }

    /// Attaches a closure receiving every event sent from now on.
    ///
    /// The closure is released when the returned disposable is disposed or the signal
    /// terminates, whichever comes first (see `observe(_:)`).
    ///
    /// - Parameter action: Called with each event, never concurrently.
    /// - Returns: A disposable that detaches the closure.
    @discardableResult
    public func observe(_ action: @escaping (Event<Value, Error>) -> Void) -> Disposable? {
        core.attach(.events(action))
    }

    /// Observes values only.
    ///
    /// - Parameter action: Called with each value.
    /// - Returns: A disposable that detaches the closure.
    @discardableResult
    public func observeValues(_ action: @escaping (Value) -> Void) -> Disposable? {
        core.attach(.values(action))
    }

    /// Observes values and failure as `Result`s.
    ///
    /// - Parameter action: Called with `.success` for each value and `.failure` on failure.
    /// - Returns: A disposable that detaches the closure.
    @discardableResult
    public func observeResult(_ action: @escaping (Result<Value, Error>) -> Void) -> Disposable? {
        core.attach(
            .events { event in
                switch event {
                case .value(let value): action(.success(value))
                case .failed(let error): action(.failure(error))
                case .completed, .interrupted: break
                }
            })
    }

    /// Observes the failure only.
    ///
    /// - Parameter action: Called with the error if the signal fails.
    /// - Returns: A disposable that detaches the closure.
    @discardableResult
    public func observeFailed(_ action: @escaping (Error) -> Void) -> Disposable? {
        core.attach(
            .events { event in
                if case .failed(let error) = event { action(error) }
            })
    }

    /// Observes completion only.
    ///
    /// - Parameter action: Called if the signal completes.
    /// - Returns: A disposable that detaches the closure.
    @discardableResult
    public func observeCompleted(_ action: @escaping () -> Void) -> Disposable? {
        core.attach(
            .events { event in
                if case .completed = event { action() }
            })
    }

    /// Observes interruption only.
    ///
    /// - Parameter action: Called if the signal is interrupted.
    /// - Returns: A disposable that detaches the closure.
    @discardableResult
    public func observeInterrupted(_ action: @escaping () -> Void) -> Disposable? {
        core.attach(
            .events { event in
                if case .interrupted = event { action() }
            })
    }
}
