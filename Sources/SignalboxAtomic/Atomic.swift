import SignalboxLocks

/// A value behind a lock: ReactiveSwift's `Atomic`, for app code that shares a variable
/// between threads. It is also the package's own locked-value box: every module of
/// Signalbox and its tests keep shared state in it.
///
/// The lock is stored in the box (one allocation for both): on Darwin the platform's
/// `os_unfair_lock`, which lends a waiting thread's priority to the holder, elsewhere a lock
/// in one atomic word. Every access takes the lock, so each read, write or `modify` sees a whole value and no
/// update is lost. The closures passed to `modify` and `withValue` run with the lock held,
/// on the calling thread: keep them short, and never touch the same `Atomic` from inside
/// them (the lock is not recursive, so that deadlocks).
///
/// It lives in its own module, re-exported by `Signalbox`, because the standard library's
/// `Synchronization.Atomic` (a lock-free, non-copyable integer) has the same name: a file
/// that imports both `Signalbox` and `Synchronization` spells that one
/// `Synchronization.Atomic`.
///
/// ```swift
/// let count = Atomic(0)
/// count.modify { $0 += 1 }
/// print(count.value)  // Prints: 1
/// ```
public final class Atomic<Value> {
    // Safety: `storage` is only read or written between `lock.lock()` and `lock.unlock()`
    // (so the runtime's exclusivity checks are left out: they would cost more than the lock).
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var storage: Value

    /// Creates a box holding `value`.
    ///
    /// - Parameter value: The initial value.
    @inlinable
    public init(_ value: Value) {
        storage = value
    }

    /// The value. Reading and writing each take the lock; a read followed by a write is
    /// two steps (use `modify` to update from the current value).
    @inlinable
    public var value: Value {
        get { withValue { $0 } }
        set { swap(newValue) }
    }

    /// Updates the value in place with the lock held.
    ///
    /// - Parameter action: Changes the value; runs on the calling thread, with the lock held.
    /// - Returns: What `action` returns.
    /// - Throws: What `action` throws; the value keeps the changes made before the throw.
    @inlinable @discardableResult
    public func modify<Result>(_ action: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try action(&storage)
    }

    /// Reads the value with the lock held.
    ///
    /// - Parameter action: Uses the value; runs on the calling thread, with the lock held.
    /// - Returns: What `action` returns.
    /// - Throws: What `action` throws.
    @inlinable @discardableResult
    public func withValue<Result>(_ action: (Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try action(storage)
    }

    /// Replaces the value.
    ///
    /// - Parameter newValue: The new value.
    /// - Returns: The value it replaced.
    @inlinable @discardableResult
    public func swap(_ newValue: Value) -> Value {
        modify { value in
            let old = value
            value = newValue
            return old
        }
    }
}

// Safety: every access to the value goes through `lock` (see `storage`), and the value
// itself crosses threads only if it is `Sendable`.
extension Atomic: @unchecked Sendable where Value: Sendable {}
