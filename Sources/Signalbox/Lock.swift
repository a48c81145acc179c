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
        storage = LockStorage.make(detectingReentrancy: false)
    }

    /// Creates a lock that reports, instead of deadlocking, an attempt by the thread holding
    /// it to take it again: see `lockUnlessHeldByCurrentThread()`.
    ///
    /// Why: the serialising locks (an `Observer`'s, a property's) are held across calls into
    /// user code, which may come back to them on the same thread. An error-checking mutex
    /// knows its owner at no extra cost on the uncontended path.
    @usableFromInline
    init(detectingReentrancy: Bool) {
        storage = LockStorage.make(detectingReentrancy: detectingReentrancy)
    }

    @inlinable @inline(__always)
    func lock() {
        pthread_mutex_lock(storage.mutex)
    }

    @inlinable @inline(__always)
    func unlock() {
        pthread_mutex_unlock(storage.mutex)
    }

    /// Takes the lock, waiting for other threads; returns `false` without taking it if the
    /// current thread already holds it. Only for locks created with
    /// `init(detectingReentrancy: true)` (on any other lock, re-entry deadlocks).
    @inlinable @inline(__always)
    func lockUnlessHeldByCurrentThread() -> Bool {
        pthread_mutex_lock(storage.mutex) != EDEADLK
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
    static func make(detectingReentrancy: Bool) -> LockStorage {
        let buffer = LockStorage.create(minimumCapacity: 1) { _ in () }
        // `create` allocates an instance of the class it is called on.
        let storage = unsafeDowncast(buffer, to: LockStorage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            if detectingReentrancy {
                var attributes = pthread_mutexattr_t()
                _ = pthread_mutexattr_init(&attributes)
                _ = pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
                _ = pthread_mutex_init(mutex, &attributes)
                _ = pthread_mutexattr_destroy(&attributes)
            } else {
                _ = pthread_mutex_init(mutex, nil)
            }
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

/// A value and the mutex guarding it, in one heap block (a `ManagedBuffer` with the value as
/// its header and the mutex as its tail element).
///
/// Why a separate object: a `MutableProperty`'s producer keeps its cell, so that a run
/// started after the property deinitialised can still send the last value.
@usableFromInline
final class LockedCell<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    // The value (the header) is only touched inside `withLock`, under the mutex. (Not
    // `Sendable`: `ManagedBuffer` rules it out; its owners are `@unchecked Sendable`.)

    @usableFromInline
    static func make(_ value: Value) -> LockedCell<Value> {
        let buffer = create(minimumCapacity: 1) { _ in value }
        // `create` allocates an instance of the class it is called on.
        let cell = unsafeDowncast(buffer, to: LockedCell<Value>.self)
        cell.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            _ = pthread_mutex_init(mutex, nil)
        }
        return cell
    }

    /// Runs `body` on the value with the mutex held.
    @inlinable
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// The value, read under the mutex.
    @inlinable
    var value: Value {
        withLock { $0 }
    }

    deinit {
        withUnsafeMutablePointerToElements { mutex in
            _ = pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
        }
    }
}
