import Synchronization

/// A recipe for a stream: nothing happens until it is started ("cold").
///
/// Each `start` runs the start handler once, with a fresh serialising `Observer` and a fresh
/// `Lifetime` for that run. Disposing the `Disposable` returned by `start` interrupts the
/// run: the observer receives `.interrupted`, the run's lifetime ends and everything
/// registered on it runs exactly once. When the run terminates by itself its lifetime ends
/// too, and nothing it captured stays retained.
///
/// Operators on a producer do not create a `Signal` per operator per start: they compose
/// the event transforms, so a started chain is one serialising observer followed by plain
/// function calls.
///
/// ```swift
/// let squares = SignalProducer<Int, Never>(values: 1...3).map { $0 * $0 }
/// squares.startWithValues { print($0) }
/// // Prints: 1, 4, 9 (one per line)
/// ```
public struct SignalProducer<Value, Error: Swift.Error> {
    /// Wires one run: given the downstream sink and the run, starts the work.
    @usableFromInline
    let setUp: (_ downstream: RunSink<Value, Error>, _ run: ProducerRun) -> Void

    @inlinable
    init(setUp: @escaping (RunSink<Value, Error>, ProducerRun) -> Void) {
        self.setUp = setUp
    }

    /// Creates a producer that runs `startHandler` once per start.
    ///
    /// The handler receives the run's observer and lifetime. Register cancellation on the
    /// lifetime; it ends when the run terminates or is disposed. A handler need not check for
    /// disposal before sending: events sent after the run terminated are dropped.
    ///
    /// - Parameter startHandler: The work of one run.
    @inlinable
    public init(_ startHandler: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void) {
        setUp = { downstream, run in
            let observer = Signal<Value, Error>.Observer(sink: downstream)
            guard run.setInterrupter({ observer.sendInterrupted() }) else { return }
            startHandler(observer, run.lifetime)
        }
    }

    /// Creates a producer that forwards the events of `signal` from the moment it is started.
    ///
    /// - Parameter signal: The signal to observe for each run.
    @inlinable
    public init(_ signal: Signal<Value, Error>) {
        self.init { observer, lifetime in
            lifetime += signal.observe(observer)
        }
    }

    /// A producer that sends `value` and completes.
    ///
    /// - Parameter value: The value to send.
    @inlinable
    public init(value: Value) {
        self.init(sequence: CollectionOfOne(value))
    }

    /// A producer that fails with `error` at once.
    ///
    /// - Parameter error: The error to send.
    @inlinable
    public init(error: Error) {
        self.init { observer, _ in observer.send(error: error) }
    }

    /// A producer that sends the success value and completes, or fails with the failure.
    ///
    /// - Parameter result: The outcome to send.
    @inlinable
    public init(result: Result<Value, Error>) {
        switch result {
        case .success(let value): self.init(value: value)
        case .failure(let error): self.init(error: error)
        }
    }

    /// Creates a producer whose each run calls `action` on the starting thread, sends the
    /// value it returns, then completes.
    ///
    /// ```swift
    /// let now = SignalProducer<Date, Never> { Date() }  // a new date on every start
    /// ```
    ///
    /// (The form that runs an `async` operation in a `Task` is `init(asyncOperation:)`.)
    ///
    /// - Parameter action: Computes the value of one run; called once per start.
    @inlinable
    public init(_ action: @escaping () -> Value) {
        self.init { observer, _ in
            observer.send(value: action())
            observer.sendCompleted()
        }
    }

    /// Creates a producer whose each run calls `action` on the starting thread, then sends
    /// the success value and completes, or fails with the failure.
    ///
    /// - Parameter action: Computes the outcome of one run; called once per start.
    @inlinable
    public init(_ action: @escaping () -> Result<Value, Error>) {
        self.init { observer, _ in
            switch action() {
            case .success(let value):
                observer.send(value: value)
                observer.sendCompleted()
            case .failure(let error):
                observer.send(error: error)
            }
        }
    }

    /// A producer that sends every element of `values` in order, then completes.
    ///
    /// The run iterates on the thread that starts it, with no lock: it is the run's only
    /// sender. Disposing the run stops the iteration before the next element is pulled; the
    /// loop then ends the run with `.interrupted` (after the value in progress, if the
    /// disposal came from another thread while a value was being delivered).
    ///
    /// - Parameter values: The values to send.
    @inlinable
    public init<S: Sequence>(values: S) where S.Element == Value {
        self.init(sequence: values)
    }

    @inlinable
    init<S: Sequence>(sequence values: S) where S.Element == Value {
        self.init(setUp: { downstream, run in
            // The loop is the only sender, so it needs no lock: disposal only raises a flag,
            // and the loop delivers `.interrupted` after the value in progress.
            let state = SequenceRunState()
            guard run.setInterrupter({ state.interrupt() }) else { return }
            var iterator = values.makeIterator()
            // Checked before pulling, so a disposed run does not take one element too many.
            if downstream.isFilter {
                let predicate = downstream.predicate
                let passed = downstream.passed
                while !state.isInterrupted, let value = iterator.next() {
                    if predicate(value) { passed(value) }
                }
            } else {
                let send = downstream.valuePath
                while !state.isInterrupted, let value = iterator.next() {
                    send(value)
                }
            }
            downstream.event(state.finish() ? .completed : .interrupted)
        })
    }

    /// A producer that sends `first`, then every element of `rest`, then completes.
    ///
    /// Disposing the run stops the iteration.
    ///
    /// - Parameters:
    ///   - first: The first value to send.
    ///   - rest: The values to send after it, in order.
    public init(values first: Value, _ rest: Value...) {
        self.init(sequence: [first] + rest)
    }

    /// A producer that completes at once without a value.
    @inlinable
    public static var empty: SignalProducer {
        SignalProducer { observer, _ in observer.sendCompleted() }
    }

    /// A producer that never sends anything; it ends only when disposed.
    @inlinable
    public static var never: SignalProducer {
        SignalProducer { (_: Signal<Value, Error>.Observer, _: Lifetime) in }
    }
}

/// Turns a downstream sink into the sink that receives the upstream events, given the
/// lifetime of the run (or of the derived signal).
public typealias EventTransform<Value, Error: Swift.Error, U, F: Swift.Error> = (
    _ downstream: @escaping (Event<U, F>) -> Void, _ lifetime: Lifetime
) -> (Event<Value, Error>) -> Void

/// The state of one run of a producer; disposing it interrupts and ends the run.
///
/// Why so little: a run is created per `start`, so its allocations are the subscribe cost.
/// The interrupter lives in the lifetime's `CompositeDisposable` (run first on disposal),
/// so the run needs no lock of its own, and `finished` replaces a separate flag object.
@usableFromInline
final class ProducerRun: Disposable, Sendable {
    private let disposables = CompositeDisposable()
    @usableFromInline let lifetime: Lifetime
    /// Set by whichever terminal path of the run gets there first (see `startRun`).
    @usableFromInline let finished = Atomic<Bool>(false)

    @usableFromInline
    init() {
        lifetime = Lifetime(disposables)
    }

    deinit {
        // A run that nobody disposed and that never terminated still ends its lifetime.
        disposables.dispose()
    }

    /// Sets how the run is interrupted. Returns `false` (and keeps nothing) if the run was
    /// already disposed: the caller must then not start its work.
    @usableFromInline
    func setInterrupter(_ interrupter: @escaping () -> Void) -> Bool {
        disposables.setFirst(interrupter)
    }

    /// Installs `fallback` as the interrupter when the work set up for the run installed
    /// none, and tells whether the run was disposed before any interrupter existed (then
    /// nobody has told the downstream, and the caller must).
    ///
    /// - Returns: `true` if the run was disposed while it had no interrupter.
    @usableFromInline
    func installFallbackInterrupter(_ fallback: () -> (() -> Void)) -> Bool {
        let state = disposables.firstState
        if state.hadFirst { return false }
        if state.disposed { return true }
        // Nothing set one yet (the work is deferred, e.g. by `start(on:)`): disposal from now
        // on must still interrupt the downstream. If the run got disposed in between,
        // `setInterrupter` refuses, and the caller interrupts the downstream itself.
        return !setInterrupter(fallback())
    }

    /// Marks the run finished; returns `true` if this call did it.
    @inlinable
    func finish() -> Bool {
        !finished.exchange(true, ordering: .acquiringAndReleasing)
    }

    @usableFromInline
    var isDisposed: Bool { disposables.isDisposed }

    /// Interrupts the run (if it has an interrupter) and ends its lifetime; only the first
    /// call does anything.
    @usableFromInline
    func dispose() {
        disposables.dispose()
    }
}
