import Synchronization

/// A mutual-exclusion lock stored inside the object it guards: one `LockWord`, no
/// allocation of its own, one atomic operation to take it and one to release it when nobody
/// waits.
///
/// Why not `Lock`: a `Lock` is a heap block of its own. Every run of a producer owns a lock
/// (in its lifetime's `CompositeDisposable`), so allocating, initialising and freeing that
/// block was about a tenth of starting and ending a run.
///
/// Every call names the owner object (the one that stores the lock), whose address chooses
/// the parking bucket; it must be the same object for every call on a given lock. Only for
/// short critical sections that never call out: no user code, no events, no deinit that
/// might take the same lock.
@usableFromInline
struct EmbeddedLock: ~Copyable, @unchecked Sendable {
    // Safety: the only state is `state`, an atomic word driven by `LockWord`.

    /// `LockWord`'s states: 0 free, 1 held, 2 held with a thread perhaps parked.
    @usableFromInline let state = Atomic<UInt32>(LockWord.free)

    @inlinable
    init() {}

    /// Takes the lock, waiting for the thread that holds it.
    @inlinable @inline(__always)
    func lock(in owner: AnyObject) {
        LockWord.lock(state, identity: UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque()))
    }

    /// Releases the lock; only its holder may call it.
    @inlinable @inline(__always)
    func unlock(in owner: AnyObject) {
        LockWord.unlock(
            state, identity: UnsafeRawPointer(Unmanaged.passUnretained(owner).toOpaque()))
    }

    /// Runs `body` with the lock held.
    @inlinable @inline(__always)
    func withLock<Result>(in owner: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        lock(in: owner)
        defer { unlock(in: owner) }
        return try body()
    }
}
