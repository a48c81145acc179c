/// A live stream of events shared by all its observers ("hot").
///
/// A signal does not start anything when observed: it forwards whatever is sent into its
/// input while the observer is attached. Observers attached after the signal terminated
/// receive `.interrupted` at once. Create one with `Signal.pipe()`, or derive one from
/// another with an operator.
///
/// Contracts: events reach observers in the order they were sent, one at a time (the input
/// observer serialises senders); after a terminal event the signal releases its observers
/// and the resources registered on its lifetime.
public final class Signal<Value, Error: Swift.Error>: @unchecked Sendable {
    // Safety: `core` is itself lock-protected; `Signal` only holds it.
    @usableFromInline let core: SignalCore<Value, Error>

    /// Creates a signal whose events are produced by `generator`.
    ///
    /// The generator runs once, immediately, with the signal's input observer and the
    /// signal's lifetime, which ends when the signal terminates.
    ///
    /// - Parameter generator: Sets up the sources that send into the signal.
    public init(_ generator: (Observer, Lifetime) -> Void) {
        core = SignalCore()
        let input = Observer { [core] event in core.deliver(event) }
        generator(input, core.lifetime)
    }

    init(core: SignalCore<Value, Error>) {
        self.core = core
    }

    /// Creates a signal and the observer that sends into it.
    ///
    /// ```swift
    /// let (output, input) = Signal<Int, Never>.pipe()
    /// output.observeValues { print($0) }
    /// input.send(value: 1)  // Prints: 1
    /// ```
    ///
    /// - Parameter disposable: Disposed when the signal terminates.
    /// - Returns: The signal and its input.
    public static func pipe(disposable: Disposable? = nil) -> (output: Signal, input: Observer) {
        let core = SignalCore<Value, Error>()
        core.lifetime += disposable
        let input = Observer { [core] event in core.deliver(event) }
        return (Signal(core: core), input)
    }

    /// Attaches `observer`; it receives every event sent from now on.
    ///
    /// - Parameter observer: The observer to attach.
    /// - Returns: A disposable that detaches the observer (it receives no `.interrupted`),
    ///   or `nil` if the signal had already terminated (the observer then received
    ///   `.interrupted`).
    @discardableResult
    public func observe(_ observer: Observer) -> Disposable? {
        core.attach(observer.send)
    }

    /// Attaches a closure receiving every event sent from now on.
    ///
    /// - Parameter action: Called with each event, never concurrently.
    /// - Returns: A disposable that detaches the closure.
    @discardableResult
    public func observe(_ action: @escaping (Event<Value, Error>) -> Void) -> Disposable? {
        core.attach(action)
    }

    /// Observes values only.
    ///
    /// - Parameter action: Called with each value.
    /// - Returns: A disposable that detaches the closure.
    @discardableResult
    public func observeValues(_ action: @escaping (Value) -> Void) -> Disposable? {
        core.attach { event in
            if case .value(let value) = event { action(value) }
        }
    }

    /// Observes values and failure as `Result`s.
    ///
    /// - Parameter action: Called with `.success` for each value and `.failure` on failure.
    /// - Returns: A disposable that detaches the closure.
    @discardableResult
    public func observeResult(_ action: @escaping (Result<Value, Error>) -> Void) -> Disposable? {
        core.attach { event in
            switch event {
            case .value(let value): action(.success(value))
            case .failed(let error): action(.failure(error))
            case .completed, .interrupted: break
            }
        }
    }

    /// Observes the failure only.
    ///
    /// - Parameter action: Called with the error if the signal fails.
    /// - Returns: A disposable that detaches the closure.
    @discardableResult
    public func observeFailed(_ action: @escaping (Error) -> Void) -> Disposable? {
        core.attach { event in
            if case .failed(let error) = event { action(error) }
        }
    }

    /// Observes completion only.
    ///
    /// - Parameter action: Called if the signal completes.
    /// - Returns: A disposable that detaches the closure.
    @discardableResult
    public func observeCompleted(_ action: @escaping () -> Void) -> Disposable? {
        core.attach { event in
            if case .completed = event { action() }
        }
    }

    /// Observes interruption only.
    ///
    /// - Parameter action: Called if the signal is interrupted.
    /// - Returns: A disposable that detaches the closure.
    @discardableResult
    public func observeInterrupted(_ action: @escaping () -> Void) -> Disposable? {
        core.attach { event in
            if case .interrupted = event { action() }
        }
    }
}

/// The shared state of a signal: its observers and whether it has terminated.
@usableFromInline
final class SignalCore<Value, Error: Swift.Error>: @unchecked Sendable {
    // Safety: `observers` and `terminated` are only touched under `lock`. Delivery itself is
    // serialised by the signal's input observer, so `deliver` never runs twice at once.
    typealias Action = (Event<Value, Error>) -> Void

    private let lock = Lock()
    private var observers: ContiguousArray<(key: UInt64, action: Action)> = []
    private var nextKey: UInt64 = 0
    private var terminated = false
    private let token = Lifetime.Token()
    let lifetime: Lifetime

    init() {
        lifetime = Lifetime(token.disposables)
    }

    func attach(_ action: @escaping Action) -> Disposable? {
        lock.lock()
        if terminated {
            lock.unlock()
            action(.interrupted)
            return nil
        }
        let key = nextKey
        nextKey += 1
        observers.append((key, action))
        lock.unlock()
        return AnyDisposable { [weak self] in self?.detach(key) }
    }

    private func detach(_ key: UInt64) {
        lock.withLock {
            if let index = observers.firstIndex(where: { $0.key == key }) {
                observers.remove(at: index)
            }
        }
    }

    func deliver(_ event: Event<Value, Error>) {
        if case .value = event {
            lock.lock()
            let snapshot = observers
            lock.unlock()
            for observer in snapshot { observer.action(event) }
        } else {
            lock.lock()
            let snapshot = observers
            observers = []
            terminated = true
            lock.unlock()
            for observer in snapshot { observer.action(event) }
            token.dispose()
        }
    }
}
