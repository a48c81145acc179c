import Synchronization

/// A mutual-exclusion lock stored inside the object it guards: one `LockWord`, no
/// allocation of its own, one atomic operation to take it and one to release it when nobody
/// waits. The word's own address (stable: it lives in a class instance) chooses its parking
/// bucket.
///
/// Why not `Lock`: a `Lock` is a heap block of its own. Every run of a producer owns a lock
/// (in its lifetime's `CompositeDisposable`), and every signal one for its list of
/// observers, so allocating, initialising and freeing that block was about a tenth of
/// starting and ending a run.
///
/// Only for short critical sections that never call out: no user code, no events, no
/// deinit that might take the same lock. (`SignalCore`, `CompositeDisposable`, `Flattener`,
/// `EventFunnel`.)
@usableFromInline
struct EmbeddedLock: ~Copyable, @unchecked Sendable {
    // Safety: the only state is `state`, an atomic word driven by `LockWord`.

    /// `LockWord`'s states: 0 free, 1 held, 2 held with a thread perhaps parked.
    @usableFromInline let state = LockFreeAtomic<UInt32>(LockWord.free)

    @inlinable
    init() {}

    /// The word's address, which chooses the parking bucket.
    @inlinable @inline(__always)
    var identity: UnsafeRawPointer {
        withUnsafePointer(to: state) { UnsafeRawPointer($0) }
    }

    /// Takes the lock, waiting for the thread that holds it.
    @inlinable @inline(__always)
    func lock() {
        if !LockWord.tryLock(state) { LockWord.lockContended(state, identity: identity) }
    }

    /// Releases the lock; only its holder may call it.
    @inlinable @inline(__always)
    func unlock() {
        LockWord.unlock(state, identity: identity)
    }

    /// Runs `body` with the lock held.
    @inlinable @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
