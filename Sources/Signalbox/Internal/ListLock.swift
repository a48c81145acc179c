import Synchronization

/// The lock of a signal's list of observers (`SignalCore.lock`): a `LockWord` stored in the
/// core, so taking and releasing it is a handful of inline instructions where a
/// `pthread_mutex_t` costs two calls and about 55 instructions, paid per value by every
/// signal that is not sealed.
///
/// It may only guard critical sections that are short and never call out (to user code, to
/// another lock): `SignalCore` holds it to append, vacate or compact its list, or to take a
/// snapshot of it. The word's own address chooses its parking bucket (it lives in the core,
/// a class, so it never moves).
@usableFromInline
struct ListLock: ~Copyable, @unchecked Sendable {
    // Safety: the only state is `word`, an atomic driven by `LockWord`.
    @usableFromInline let word = Atomic<UInt32>(LockWord.free)

    @inlinable
    init() {}

    /// The word's address, which chooses the parking bucket.
    @inlinable @inline(__always)
    var identity: UnsafeRawPointer {
        withUnsafePointer(to: word) { UnsafeRawPointer($0) }
    }

    @inlinable @inline(__always)
    func lock() {
        if !LockWord.tryLock(word) { LockWord.lockContended(word, identity: identity) }
    }

    @inlinable @inline(__always)
    func unlock() {
        LockWord.unlock(word, identity: identity)
    }

    @inlinable @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
