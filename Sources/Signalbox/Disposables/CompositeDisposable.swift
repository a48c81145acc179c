import SignalboxLocks
import Synchronization

/// A disposable that disposes a collection of disposables together.
///
/// Use it to tie several pieces of cleanup to one moment: disposing the composite disposes
/// every member, in the order they were added. A disposable added after the composite was
/// disposed is disposed at once.
///
/// ```swift
/// let bag = CompositeDisposable()
/// bag += producer.startWithValues { print($0) }
/// bag += { print("done") }
/// bag.dispose()
/// ```
public final class CompositeDisposable: Disposable, @unchecked Sendable {
    // Safety: `first`, `hadFirst`, `members`, `nextKey` and `disposed` are only touched
    // while `lock` is held (`disposedFlag` is atomic).
    //
    // Why an array and not a dictionary: every run of a producer has one of these, so its
    // cost is paid per subscription. Keys grow with each `add`, so the array stays sorted by
    // key: disposal walks it in order (no sort) and removal finds a key by binary search.
    private let lock = Lock()
    @exclusivity(unchecked) private var members: ContiguousArray<(key: UInt64, member: Disposable)>
    @exclusivity(unchecked) private var nextKey: UInt64 = 0
    @exclusivity(unchecked) private var disposed = false
    /// `disposed`, readable without the lock: set at the end of the critical section that
    /// sets `disposed`, and never cleared, so `isDisposed` is one atomic load (a one-value
    /// producer reads it once per run; it took the lock: 63 instructions per run of W4-1).
    private let disposedFlag = LockFreeAtomic<Bool>(false)
    /// Runs before the members on disposal; a producer run keeps its interrupter here (see
    /// `ProducerRun`), so that a run ending by itself also stops its source.
    @exclusivity(unchecked) private var first: (() -> Void)?
    /// Whether `first` was ever set (it is cleared when it runs).
    @exclusivity(unchecked) private var hadFirst = false

    /// Creates an empty composite.
    public init() {
        members = []
    }

    /// Creates a composite holding `disposables`.
    ///
    /// - Parameter disposables: The initial members.
    public init<S: Sequence>(_ disposables: S) where S.Element == Disposable {
        members = []
        for disposable in disposables { add(disposable) }
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { disposedFlag.load(ordering: .acquiring) }

    /// Adds a member, which is disposed with the composite.
    ///
    /// - Parameter disposable: The member to add; `nil` is ignored.
    /// - Returns: A disposable that removes the member again (without disposing it), or
    ///   `nil` when nothing was added because `disposable` was `nil` or the composite was
    ///   already disposed (in which case `disposable` has been disposed).
    @discardableResult
    public func add(_ disposable: Disposable?) -> Disposable? {
        guard let disposable else { return nil }
        lock.lock()
        if disposed {
            lock.unlock()
            disposable.dispose()
            return nil
        }
        let key = nextKey
        nextKey += 1
        members.append((key, disposable))
        lock.unlock()
        return MemberRemoval(self, key: key)
    }

    /// Adds a closure to run when the composite is disposed.
    ///
    /// - Parameter action: The cleanup to run.
    /// - Returns: A disposable that removes the action again.
    @discardableResult
    public func add(_ action: @escaping () -> Void) -> Disposable? {
        add(AnyDisposable(action))
    }

    /// Runs `body` with the lock held: it is told whether the composite is disposed, and
    /// may read or set the action that runs before every member on disposal (`first`) and
    /// whether one was ever set (`hadFirst`). A producer run guards its own state with this
    /// lock too, so that a run needs no lock of its own. `body` must not call out.
    func withLockHeld<Result>(
        _ body: (_ isDisposed: Bool, _ first: inout (() -> Void)?, _ hadFirst: inout Bool)
            -> Result
    ) -> Result {
        lock.withLock { body(disposed, &first, &hadFirst) }
    }

    /// Removes the member added under `key`, if it is still there.
    fileprivate func remove(key: UInt64) {
        lock.withLock {
            var low = 0
            var high = members.count
            while low < high {
                let middle = (low + high) / 2
                if members[middle].key < key { low = middle + 1 } else { high = middle }
            }
            if low < members.count, members[low].key == key { members.remove(at: low) }
        }
    }

    /// Disposes every member, in the order they were added, and marks the composite disposed.
    public func dispose() {
        dispose(taking: { _ in (nil, ()) })
    }

    /// Disposes the composite, running one more action before `first` and the members:
    /// `take` is called with the lock held (it must not call out), told whether this call
    /// disposes the composite, and returns that action (run only in that case) and
    /// whatever the caller wants handed back, so that it is released outside the lock. A
    /// producer run hands over its own interrupter this way.
    ///
    /// - Returns: What `take` handed back.
    func dispose<Kept>(
        taking take: (_ disposesNow: Bool) -> (before: (() -> Void)?, kept: Kept)
    ) -> Kept {
        lock.lock()
        guard !disposed else {
            let taken = take(false)
            lock.unlock()
            return taken.kept
        }
        disposed = true
        let taken = take(true)
        let firstAction = first
        first = nil
        let current = members
        members = []
        // Last in the critical section: whoever reads `isDisposed` as true also sees the
        // composite emptied.
        disposedFlag.store(true, ordering: .releasing)
        lock.unlock()
        taken.before?()
        firstAction?()
        for entry in current { entry.member.dispose() }
        return taken.kept
    }

    /// Adds `disposable` to `composite`; the operator form of `add(_:)`.
    ///
    /// - Parameters:
    ///   - composite: The composite that will dispose `disposable`.
    ///   - disposable: The member to add; `nil` is ignored. If `composite` is already
    ///     disposed, `disposable` is disposed at once.
    /// - Returns: A disposable that removes the member again (without disposing it), or
    ///   `nil` when nothing was added.
    @discardableResult
    public static func += (composite: CompositeDisposable, disposable: Disposable?) -> Disposable? {
        composite.add(disposable)
    }

    /// Adds a cleanup closure to `composite`; see `add(_:)`.
    ///
    /// - Parameters:
    ///   - composite: The composite that will run `action` when it is disposed.
    ///   - action: The cleanup to run, once.
    /// - Returns: A disposable that removes the action again.
    @discardableResult
    public static func += (
        composite: CompositeDisposable, action: @escaping () -> Void
    ) -> Disposable? {
        composite.add(action)
    }
}

/// The handle `CompositeDisposable.add` returns: disposing it takes the member out again.
///
/// It holds the composite strongly (no weak reference, whose side table would cost an
/// allocation per composite); a disposed composite holds nothing, so a kept handle keeps
/// at most an empty composite alive.
private final class MemberRemoval: Disposable, Sendable {
    private let composite: CompositeDisposable
    private let key: UInt64
    private let removed = LockFreeAtomic<Bool>(false)

    init(_ composite: CompositeDisposable, key: UInt64) {
        self.composite = composite
        self.key = key
    }

    var isDisposed: Bool { removed.load(ordering: .acquiring) }

    func dispose() {
        guard !removed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        composite.remove(key: key)
    }
}
