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
public final class CompositeDisposable: Disposable, DisposalStateOwner, @unchecked Sendable {
    // Safety: `state` is only touched inside `lock.withLock { … }` (see `DisposalState`);
    // `disposedFlag` is atomic.
    private let lock = Lock()
    @exclusivity(unchecked) private var state = DisposalState()
    /// Whether the composite is disposed, readable without the lock (see `DisposalState`).
    @usableFromInline let disposedFlag = LockFreeAtomic<Bool>(false)

    /// Creates an empty composite.
    public init() {}

    /// Creates a composite holding `disposables`.
    ///
    /// - Parameter disposables: The initial members.
    public init<S: Sequence>(_ disposables: S) where S.Element == Disposable {
        for disposable in disposables { add(disposable) }
    }

    /// Whether `dispose()` has been called.
    @inlinable
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
        let key = lock.withLock { state.insert(disposable) }
        return MemberRemoval.handle(for: disposable, in: self, key: key)
    }

    /// Adds a closure to run when the composite is disposed.
    ///
    /// - Parameter action: The cleanup to run.
    /// - Returns: A disposable that removes the action again.
    @discardableResult
    public func add(_ action: @escaping () -> Void) -> Disposable? {
        add(AnyDisposable(action))
    }

    func removeMember(key: UInt64) {
        let removed = lock.withLock { state.remove(key: key) }
        withExtendedLifetime(removed) {}
    }

    /// Disposes every member, in the order they were added, and marks the composite disposed.
    public func dispose() {
        let contents = lock.withLock { () -> DisposalState.Contents? in
            let contents = state.takeForDisposal()
            // Last in the critical section: whoever reads `isDisposed` as true also sees
            // the composite emptied.
            if contents != nil { disposedFlag.store(true, ordering: .releasing) }
            return contents
        }
        contents?.dispose()
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
