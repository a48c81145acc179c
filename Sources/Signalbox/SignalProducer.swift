import Synchronization

/// A recipe for a stream: nothing happens until it is started ("cold").
///
/// Each `start` runs the start handler once, with a fresh serialising `Observer` and a fresh
/// `Lifetime` for that run. Disposing the `Disposable` returned by `start` interrupts the
/// run: the observer receives `.interrupted`, the run's lifetime ends and everything
/// registered on it runs exactly once. When the run terminates by itself its lifetime ends
/// too, and nothing it captured stays retained.
///
/// Run lifetime: dropping the disposable does not cancel a run. A run stays alive while its
/// disposable is held or while something can still send into it: an object holding the
/// start handler's observer (a pipe's signal it observes, a request's completion handler, a
/// timer or an action pending on a scheduler). Once neither holds, the run is released: its
/// lifetime ends (its `observeEnded` work runs, on the thread that let go last) and no
/// event is delivered, since nothing could deliver one. The exceptions, released only when
/// the run terminates or is disposed:
/// - a start handler that registers on the run's own lifetime something holding the run's
///   observer: a closure capturing it (capture it `weak` if the run may be left running),
///   or the disposable of `signal.observe(observer)` (use `SignalProducer(signal)`,
///   whose observation does not hold the run);
/// - a run of an operator that starts other producers (`flatMap`, `merge`, `concat`,
///   `then`, `combineLatest`, `zip`, `retry`, `take(until:)`, `flatMapError`, `Action`),
///   which holds the runs it starts while they refer back to it;
/// - a run waiting for a scheduled action whose date never comes (a `delay` or `timeout`
///   of +∞: see `DateScheduler`), which its lifetime keeps until disposed.
/// So dispose what you start unless it ends by itself.
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
@_eagerMove
public struct SignalProducer<Value, Error: Swift.Error> {
    /// Wires one run: given the downstream sink and the run, starts the work.
    @usableFromInline
    let setUp: (_ downstream: RunSink<Value, Error>, _ run: ProducerRun) -> Void

    /// Whether this producer is one of `init(value:)`: its `setUp` sends one value, then
    /// `.completed` (or `.interrupted` if the run was disposed meanwhile), on the starting
    /// thread before it returns; of its run it uses only `acceptsSynchronousWork()` and
    /// `isDisposed`, and it installs no interrupter.
    ///
    /// So `flatMap` can start such an inner producer with a run and a sink that it made once
    /// and reuses, instead of a run, a lifetime and a sink per inner value. Every other
    /// consumer ignores the flag. Operators build producers without it.
    @usableFromInline
    let sendsOneValueAtOnce: Bool

    // The type and `setUp` are `@_eagerMove` (like the standard library's `Array`): a
    // producer carries no lexical lifetime. The optimiser's early inliner cannot call through
    // a lexical value; with one, a chain of operators started where it is built was inlined
    // one operator per pipeline restart in the later stages only, and its value path stopped
    // being fused into the source's loop past 18 operators (now 29). See BENCHMARKS.md,
    // "Fourth round".
    //
    // Its first argument is a tag that no closure can stand for, so that a user's
    // `SignalProducer { _, _ in … }` never matches this initialiser in a file that uses
    // `@testable import Signalbox` (it would be ambiguous with `init(_ startHandler:)`).
    @inlinable
    init(
        _: Wiring, sendsOneValueAtOnce: Bool = false,
        @_eagerMove setUp: @escaping (RunSink<Value, Error>, ProducerRun) -> Void
    ) {
        self.setUp = setUp
        self.sendsOneValueAtOnce = sendsOneValueAtOnce
    }

    /// The tag of the internal initialiser `init(_:setUp:)`.
    @usableFromInline
    enum Wiring {
        /// The only value.
        case wired
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
        sendsOneValueAtOnce = false
        setUp = { downstream, run in
            let observer = Signal<Value, Error>.Observer(sink: downstream)
            // Weakly: the run's lifetime holds the interrupter, and the observer's sink holds
            // the lifetime (see `ProducerRun`); the run's handle keeps the observer instead.
            guard
                run.setInterrupter(
                    { [weak observer] in observer?.sendInterrupted() }, retaining: observer)
            else { return }
            startHandler(observer, run.lifetime)
        }
    }

    /// Creates a producer that forwards the events of `signal` from the moment it is started.
    ///
    /// A run whose disposable is dropped lives while the signal can still send: until it
    /// terminates, or until its input and every `Signal` value referring to it (this
    /// producer included) are released.
    ///
    /// - Parameter signal: The signal to observe for each run.
    @inlinable
    public init(_ signal: Signal<Value, Error>) {
        self.init { observer, lifetime in
            // Not `observe(_:)`: its disposable would keep the observer, which keeps the
            // lifetime that keeps the disposable (see "Run lifetime" above).
            lifetime += signal.observeForRun(observer)
        }
    }

    /// A producer that sends `value` and completes.
    ///
    /// - Parameter value: The value to send.
    @inlinable
    public init(value: Value) {
        self.init(
            .wired, sendsOneValueAtOnce: true,
            setUp: { downstream, run in
                // What `init(sequence:)` does for one element, without its loop state (an
                // object per run): the run's own disposal is the flag. There is nothing to
                // interrupt (the value is sent on this thread, at once); the starter is told
                // that no fallback is needed. Disposal while the value is delivered ends the
                // run with `.interrupted`, as the loop does; which of a concurrent disposal and
                // the completion wins is decided by the one check below, as the loop's state
                // decides it.
                guard run.acceptsSynchronousWork() else { return }
                downstream.send(value: value)
                downstream.event(run.isDisposed ? .interrupted : .completed)
            })
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
        self.init(
            .wired,
            setUp: { downstream, run in
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
