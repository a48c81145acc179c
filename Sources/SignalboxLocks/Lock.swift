import Synchronization

/// The package's lock: a mutual-exclusion lock stored inside the object it guards, in one
/// 32-bit word (`LockWord`: `os_unfair_lock` on Darwin, one compare-and-exchange to take and
/// one exchange to release elsewhere). It needs no allocation of its own.
///
/// Store it as a `let` of a class instance, next to the state it guards (the address
/// invariant of `LockWord`: the word's address names it while the object lives):
///
/// ```swift
/// final class Counter: @unchecked Sendable {
///     // Safety: `count` is only touched with `lock` held.
///     private let lock = Lock()
///     private var count = 0
///     func increment() { lock.withLock { count += 1 } }
/// }
/// ```
///
/// Not recursive, not fair. Keep critical sections short and never call out from inside
/// them: no user code, no events, no deinit that might take the same lock. (A lock held
/// across calls into user code is `OwnedLock`, in Signalbox; a value with its lock is
/// `Atomic`, in SignalboxAtomic.)
@usableFromInline
package struct Lock: ~Copyable, Sendable {
    /// The lock's word (see `LockWord`).
    @usableFromInline package let word = Atomic<UInt32>(LockWord.free)

    @inlinable
    package init() {}

    /// Takes the lock, waiting for the thread that holds it.
    @inlinable @inline(__always)
    package func lock() {
        LockWord.lock(word)
    }

    /// Releases the lock; only its holder may call it.
    @inlinable @inline(__always)
    package func unlock() {
        LockWord.unlock(word)
    }

    /// Takes the lock if no thread (including this one) holds it.
    @inlinable @inline(__always)
    package func tryLock() -> Bool {
        LockWord.tryLock(word)
    }

    /// Runs `body` with the lock held.
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
