import Synchronization

/// The span during which something is alive: a run of a producer, an object, a binding.
///
/// Work registered with `observeEnded(_:)` runs exactly once, when the lifetime ends. A
/// producer's start handler receives the lifetime of its run, which ends when the run
/// terminates by itself or is disposed; that is where cancellation belongs:
///
/// ```swift
/// SignalProducer<Data, NetworkError> { observer, lifetime in
///     let task = session.dataTask(with: url) { … }
///     lifetime.observeEnded { task.cancel() }
///     task.resume()
/// }
/// ```
///
/// A run's lifetime also ends when the run is released without having ended: once its
/// disposable is released and nothing can send into its observer any more (see
/// `SignalProducer`'s "Run lifetime" contract), the registered work runs on the thread
/// that released the last reference.
public final class Lifetime: Sendable {
    @usableFromInline let disposables: CompositeDisposable
    /// For a producer run's lifetime: set by whichever terminal path of the run gets there
    /// first (see `SignalProducer.startRun`).
    @usableFromInline let runFinished = LockFreeAtomic<Bool>(false)
    /// Whether releasing the lifetime ends it: true for a producer run's lifetime, which
    /// only the run and its sink refer to; false when a token or an object owns the end.
    @usableFromInline let endsWhenReleased: Bool

    @usableFromInline
    init(_ disposables: CompositeDisposable, endsWhenReleased: Bool = false) {
        self.disposables = disposables
        self.endsWhenReleased = endsWhenReleased
    }

    deinit {
        // A run nothing refers to any more (no disposable, no observer anyone can send
        // into) never terminated: its lifetime still ends, so its cleanup runs.
        // A run that finished has ended its lifetime already (the terminal path ends it right
        // after setting the flag), so only the others pay for the lock.
        if endsWhenReleased, !runFinished.load(ordering: .relaxed) { disposables.dispose() }
    }

    /// Marks a run's lifetime finished; returns `true` if this call did it.
    @inlinable
    func finishRun() -> Bool {
        !runFinished.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Ends the lifetime now (a run that terminated).
    @inlinable
    func end() {
        disposables.dispose()
    }

    /// Whether the lifetime has ended.
    public var hasEnded: Bool { disposables.isDisposed }

    /// Registers `action` to run once when the lifetime ends.
    ///
    /// If the lifetime has already ended, `action` runs at once, on the calling thread.
    ///
    /// - Parameter action: The work to do at the end of the lifetime.
    /// - Returns: A disposable that unregisters `action`, or `nil` if it already ran.
    @discardableResult
    public func observeEnded(_ action: @escaping () -> Void) -> Disposable? {
        disposables.add(action)
    }

    /// Disposes `disposable` when `lifetime` ends: `lifetime += request` is how a start
    /// handler ties its work to the run.
    ///
    /// - Parameters:
    ///   - lifetime: The lifetime whose end disposes `disposable`.
    ///   - disposable: What to dispose; `nil` is ignored. If `lifetime` has already ended,
    ///     `disposable` is disposed at once.
    /// - Returns: A disposable that unregisters `disposable` (without disposing it), or
    ///   `nil` when nothing was registered.
    @discardableResult
    public static func += (lifetime: Lifetime, disposable: Disposable?) -> Disposable? {
        lifetime.disposables.add(disposable)
    }

    /// Creates a lifetime together with the token that ends it.
    ///
    /// The lifetime ends when the token is disposed or deinitialised, whichever comes
    /// first. Keep the token in the object whose life the lifetime stands for.
    ///
    /// - Returns: The lifetime and its token.
    public static func make() -> (lifetime: Lifetime, token: Token) {
        let token = Token()
        return (Lifetime(token.disposables), token)
    }

    /// A lifetime that has already ended.
    public static let empty: Lifetime = {
        let disposables = CompositeDisposable()
        disposables.dispose()
        return Lifetime(disposables)
    }()

    /// The owner of a lifetime: ending it (by `dispose()` or deinit) ends the lifetime.
    public final class Token: Disposable {
        let disposables = CompositeDisposable()

        /// Creates a token for a new lifetime; see `Lifetime.make()`.
        public init() {}

        deinit {
            disposables.dispose()
        }

        /// Whether the lifetime has ended.
        public var isDisposed: Bool { disposables.isDisposed }

        /// Ends the lifetime now.
        public func dispose() {
            disposables.dispose()
        }
    }
}
