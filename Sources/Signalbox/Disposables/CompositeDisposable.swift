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
    // Safety: `members` and `disposed` are only touched under `state`'s lock.
    private struct State {
        var members: [UInt64: Disposable] = [:]
        var nextKey: UInt64 = 0
        var disposed = false
    }
    private let state = Protected(State())

    /// Creates an empty composite.
    public init() {}

    /// Creates a composite holding `disposables`.
    ///
    /// - Parameter disposables: The initial members.
    public init<S: Sequence>(_ disposables: S) where S.Element == Disposable {
        for disposable in disposables { add(disposable) }
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { state.withValue { $0.disposed } }

    /// Adds a member, which is disposed with the composite.
    ///
    /// - Parameter disposable: The member to add; `nil` is ignored.
    /// - Returns: A disposable that removes the member again (without disposing it), or
    ///   `nil` when nothing was added because `disposable` was `nil` or the composite was
    ///   already disposed (in which case `disposable` has been disposed).
    @discardableResult
    public func add(_ disposable: Disposable?) -> Disposable? {
        guard let disposable else { return nil }
        let key: UInt64? = state.withValue { state in
            guard !state.disposed else { return nil }
            let key = state.nextKey
            state.nextKey += 1
            state.members[key] = disposable
            return key
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return AnyDisposable { [weak self] in
            _ = self?.state.withValue { $0.members.removeValue(forKey: key) }
        }
    }

    /// Adds a closure to run when the composite is disposed.
    ///
    /// - Parameter action: The cleanup to run.
    /// - Returns: A disposable that removes the action again.
    @discardableResult
    public func add(_ action: @escaping () -> Void) -> Disposable? {
        add(AnyDisposable(action))
    }

    /// Disposes every member, in the order they were added, and marks the composite disposed.
    public func dispose() {
        let members: [Disposable] = state.withValue { state in
            guard !state.disposed else { return [] }
            state.disposed = true
            defer { state.members = [:] }
            return state.members.sorted { $0.key < $1.key }.map(\.value)
        }
        for member in members { member.dispose() }
    }

    /// Adds `disposable` to `composite`.
    @discardableResult
    public static func += (composite: CompositeDisposable, disposable: Disposable?) -> Disposable? {
        composite.add(disposable)
    }

    /// Adds a cleanup closure to `composite`.
    @discardableResult
    public static func += (
        composite: CompositeDisposable, action: @escaping () -> Void
    ) -> Disposable? {
        composite.add(action)
    }
}
