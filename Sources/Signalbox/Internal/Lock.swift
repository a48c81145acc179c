#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A non-recursive mutual-exclusion lock over `pthread_mutex_t`.
///
/// Why not `NSLock`: it allocates an Objective-C style object and adds a message send per
/// call on Darwin, and the hot path of every `Observer` takes one of these. Why not
/// `Synchronization.Mutex`: the serialising observer needs `tryLock()` and a lock that is
/// held across a call into user code, which `Mutex`'s closure-only API does not offer.
///
/// A `Lock` is a reference to one heap block holding the mutex (a `ManagedBuffer` with the
/// mutex as its tail element), so creating one costs a single allocation and copies of the
/// struct share the same mutex. Runs, observers and disposables create several locks each,
/// which made the lock's second allocation show up in subscribe-heavy workloads.
@usableFromInline
struct Lock: @unchecked Sendable {
    // Safety: the only state is the pthread mutex in `storage`, whose whole purpose is to be
    // shared between threads; it lives in the buffer's tail storage and never moves.
    @usableFromInline let storage: LockStorage

    @usableFromInline
    init() {
        storage = LockStorage.make()
    }

    @inlinable @inline(__always)
    func lock() {
        pthread_mutex_lock(storage.mutex)
    }

    @inlinable @inline(__always)
    func unlock() {
        pthread_mutex_unlock(storage.mutex)
    }

    /// Takes the lock if no thread (including this one) holds it.
    @inlinable @inline(__always)
    func tryLock() -> Bool {
        pthread_mutex_trylock(storage.mutex) == 0
    }

    @inlinable @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(storage.mutex)
        defer { pthread_mutex_unlock(storage.mutex) }
        return try body()
    }
}

/// The heap block of a `Lock`: an object header followed by the `pthread_mutex_t`.
@usableFromInline
final class LockStorage: ManagedBuffer<Void, pthread_mutex_t> {
    @usableFromInline
    static func make() -> LockStorage {
        let buffer = LockStorage.create(minimumCapacity: 1) { _ in () }
        // `create` allocates an instance of the class it is called on.
        let storage = unsafeDowncast(buffer, to: LockStorage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            _ = pthread_mutex_init(mutex, nil)
        }
        return storage
    }

    /// The mutex; its address is stable for the life of the storage.
    @inlinable
    var mutex: UnsafeMutablePointer<pthread_mutex_t> {
        withUnsafeMutablePointerToElements { $0 }
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in
            _ = pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
        }
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
