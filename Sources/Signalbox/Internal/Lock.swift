import Synchronization

/// A non-recursive mutual-exclusion lock in one atomic word (see `LockWord`).
///
/// Why not `NSLock`: it allocates an Objective-C style object and adds a message send per
/// call on Darwin, and the hot path of every `Observer` takes one of these. Why not
/// `Synchronization.Mutex`: the serialising observer needs `tryLock()` and a lock that is
/// held across a call into user code, which `Mutex`'s closure-only API does not offer, and
/// the thread sanitizer does not see `Mutex` on Linux.
///
/// A `Lock` is a reference to one small heap block holding the word, so copies of the
/// struct share the same lock.
@usableFromInline
struct Lock: @unchecked Sendable {
    // Safety: the only state is the atomic word in `storage`, whose whole purpose is to be
    // shared between threads.
    @usableFromInline let storage: LockStorage

    @usableFromInline
    init() {
        storage = LockStorage()
    }

    @inlinable @inline(__always)
    func lock() {
        LockWord.lock(storage.word, identity: storage.identity)
    }

    @inlinable @inline(__always)
    func unlock() {
        LockWord.unlock(storage.word, identity: storage.identity)
    }

    /// Takes the lock if no thread (including this one) holds it.
    @inlinable @inline(__always)
    func tryLock() -> Bool {
        LockWord.tryLock(storage.word)
    }

    @inlinable @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// The heap block of a `Lock`: an object header followed by the lock's word.
@usableFromInline
final class LockStorage {
    /// 0 free, 1 held, 2 held with threads perhaps parked (see `LockWord`).
    @usableFromInline let word = LockFreeAtomic<UInt32>(LockWord.free)

    @usableFromInline
    init() {}

    /// The block's address, which chooses the parking bucket of its word.
    @inlinable
    var identity: UnsafeRawPointer {
        UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    }
}

/// A value guarded by a `Lock`: every read and write goes through `withValue`.
///
/// The one lock box of the package for state off the hot path (disposables, schedulers'
/// bookkeeping, the model layer's caches and task tables, the test stubs): `package`, so
/// every module of this package uses it and none of them exports it. Keep the work inside
/// `withValue` short, and never call out to user code or send events from inside it.
@usableFromInline
package final class Protected<Value>: @unchecked Sendable {
    // Safety: `storage` is only touched inside `lock.withLock`.
    @usableFromInline let lock = Lock()
    @usableFromInline var storage: Value

    /// Creates a box holding `value`.
    @inlinable
    package init(_ value: Value) {
        storage = value
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    package func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&storage) }
    }

    /// A copy of the value.
    @inlinable
    package var value: Value {
        lock.withLock { storage }
    }
}
