import SignalboxLocks
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
public final class Lifetime: DisposalStateOwner, @unchecked Sendable {
    // Safety: `state` is only touched while `lock` is held (see `DisposalState`); the other
    // stored properties are constants or atomic.
    /// The composite whose disposal is this lifetime's end, for a lifetime that shares one
    /// (a token's, a signal's); `nil` for a producer run's, which uses its own `state`.
    @usableFromInline let shared: CompositeDisposable?
    /// A run's own disposables, held in the lifetime so that a run allocates no composite.
    private let lock = Lock()
    @exclusivity(unchecked) private var state = DisposalState()
    /// Whether `state` is disposed, readable without the lock (see `DisposalState`).
    @usableFromInline let disposedFlag = LockFreeAtomic<Bool>(false)
    /// For a producer run's lifetime: set by whichever terminal path of the run gets there
    /// first (see `SignalProducer.startRun`).
    @usableFromInline let runFinished = LockFreeAtomic<Bool>(false)
    /// Whether releasing the lifetime ends it: true for a producer run's lifetime, which
    /// only the run and its sink refer to; false when a token or an object owns the end.
    @usableFromInline let endsWhenReleased: Bool

    /// A lifetime that ends when `disposables` is disposed.
    @usableFromInline
    init(_ disposables: CompositeDisposable) {
        shared = disposables
        endsWhenReleased = false
    }

    /// A producer run's lifetime, with disposables of its own; it also ends when released.
    @usableFromInline
    init() {
        shared = nil
        endsWhenReleased = true
    }

    deinit {
        // A run nothing refers to any more (no disposable, no observer anyone can send
        // into) never terminated: its lifetime still ends, so its cleanup runs.
        // A run that finished has ended its lifetime already (the terminal path ends it right
        // after setting the flag), so only the others pay for the lock.
        if endsWhenReleased, !runFinished.load(ordering: .relaxed) { end() }
    }

    /// Marks a run's lifetime finished; returns `true` if this call did it.
    @inlinable
    func finishRun() -> Bool {
        !runFinished.exchange(true, ordering: .acquiringAndReleasing)
    }

    /// Ends the lifetime now (a run that terminated).
    @usableFromInline
    func end() {
        if let shared { shared.dispose() } else { disposeMembers(taking: { _ in (nil, ()) }) }
    }

    /// Whether the lifetime has ended (the lock-free flag of its disposables). Inlinable:
    /// a one-value producer's run reads it twice.
    @inlinable
    var isEnded: Bool {
        if let shared { return shared.isDisposed }
        return disposedFlag.load(ordering: .acquiring)
    }

    /// Registers `disposable` to be disposed when the lifetime ends (at once if it has).
    func add(_ disposable: Disposable?) -> Disposable? {
        if let shared { return shared.add(disposable) }
        guard let disposable else { return nil }
        let key = lock.withLock { state.insert(disposable) }
        return MemberRemoval.handle(for: disposable, in: self, key: key)
    }

    func removeMember(key: UInt64) {
        let removed = lock.withLock { state.remove(key: key) }
        withExtendedLifetime(removed) {}
    }

    /// Runs `body` with the lock of a run's lifetime held: it is told whether the lifetime
    /// has ended, and may read or set the action that runs before every registered one when
    /// it ends (`first`) and whether one was ever set (`hadFirst`). A producer run guards its
    /// own state with this lock too, so that a run needs no lock of its own (see
    /// `ProducerRun`). `body` must not call out. Only for a run's lifetime (no `shared`).
    func withLockHeld<Result>(
        _ body: (_ isDisposed: Bool, _ first: inout (() -> Void)?, _ hadFirst: inout Bool)
            -> Result
    ) -> Result {
        assert(shared == nil, "only a run's lifetime has a lock of its own")
        return lock.withLock { state.withFirst(body) }
    }

    /// Ends a run's lifetime, running one more action before `first` and the registered
    /// ones: `take` is called with the lock held (it must not call out), told whether this
    /// call ends the lifetime, and returns that action (run only in that case) and whatever
    /// the caller wants handed back, so that it is released outside the lock. A producer
    /// run hands over its own interrupter this way. Only for a run's lifetime (no `shared`).
    ///
    /// - Returns: What `take` handed back.
    func disposeMembers<Kept>(
        taking take: (_ disposesNow: Bool) -> (before: (() -> Void)?, kept: Kept)
    ) -> Kept {
        assert(shared == nil, "only a run's lifetime has a lock of its own")
        lock.lock()
        guard let contents = state.takeForDisposal() else {
            let taken = take(false)
            lock.unlock()
            return taken.kept
        }
        let taken = take(true)
        // Last in the critical section: whoever reads `hasEnded` as true also sees the
        // state emptied.
        disposedFlag.store(true, ordering: .releasing)
        lock.unlock()
        taken.before?()
        contents.dispose()
        return taken.kept
    }

    /// Whether the lifetime has ended.
    public var hasEnded: Bool { isEnded }

    /// Registers `action` to run once when the lifetime ends.
    ///
    /// If the lifetime has already ended, `action` runs at once, on the calling thread.
    ///
    /// - Parameter action: The work to do at the end of the lifetime.
    /// - Returns: A disposable that unregisters `action`, or `nil` if it already ran.
    @discardableResult
    public func observeEnded(_ action: @escaping () -> Void) -> Disposable? {
        add(AnyDisposable(action))
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
        lifetime.add(disposable)
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
