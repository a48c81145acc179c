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
@usableFromInline
final class Lock: @unchecked Sendable {
    // Safety: the only state is the heap-allocated pthread mutex, whose whole purpose is to
    // be shared between threads; it is never moved after `init`.
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @usableFromInline
    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable @inline(__always)
    func lock() {
        pthread_mutex_lock(mutex)
    }

    @inlinable @inline(__always)
    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Takes the lock if no thread (including this one) holds it.
    @inlinable @inline(__always)
    func tryLock() -> Bool {
        pthread_mutex_trylock(mutex) == 0
    }

    @inlinable @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value guarded by a `Lock`: every read and write goes through `withValue`.
@usableFromInline
final class Protected<Value>: @unchecked Sendable {
    // Safety: `storage` is only touched inside `lock.withLock`.
    @usableFromInline let lock = Lock()
    @usableFromInline var storage: Value

    @usableFromInline
    init(_ value: Value) {
        storage = value
    }

    @inlinable
    func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&storage) }
    }

    @inlinable
    var value: Value {
        lock.withLock { storage }
    }
}
