import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A `Lock` that recognises the thread holding it coming back to it, instead of deadlocking.
///
/// Why: the serialising locks (an `Observer`'s, a property's, `Trampoline`'s) are held
/// across calls into user code, which may reach them again on the same thread. The check
/// costs nothing while the lock is free: `lockUnlessHeldByCurrentThread()` tries the lock
/// first and compares the holder with the current thread only when that fails.
@usableFromInline
struct OwnedLock: ~Copyable, @unchecked Sendable {
    // Safety: `mutex` is a `Lock`. `owner` records the holder: the holder stores its identity
    // right after taking the lock and clears it right before releasing it, so a thread that
    // finds its own identity there holds the lock; relaxed ordering suffices, since a thread
    // always sees its own latest store, and no other thread stores its identity.
    @usableFromInline let mutex = Lock()
    @usableFromInline let owner = Atomic<UInt>(0)

    @inlinable
    init() {}

    /// Takes the lock, waiting for other threads; returns `false` without taking it if the
    /// current thread already holds it.
    @inlinable @inline(__always)
    func lockUnlessHeldByCurrentThread() -> Bool {
        let current = currentThreadIdentity()
        if !mutex.tryLock() {
            if owner.load(ordering: .relaxed) == current { return false }
            mutex.lock()
        }
        owner.store(current, ordering: .relaxed)
        return true
    }

    /// Takes the lock if no thread (including this one) holds it.
    @inlinable @inline(__always)
    func tryLock() -> Bool {
        guard mutex.tryLock() else { return false }
        owner.store(currentThreadIdentity(), ordering: .relaxed)
        return true
    }

    /// Releases the lock; only its holder may call it.
    @inlinable @inline(__always)
    func unlock() {
        owner.store(0, ordering: .relaxed)
        mutex.unlock()
    }
}

/// A number identifying the current thread, never 0, unique among running threads.
@inlinable @inline(__always)
func currentThreadIdentity() -> UInt {
    // `pthread_t` is an integer on glibc and a pointer on Darwin and musl.
    #if canImport(Glibc)
        UInt(pthread_self())
    #else
        UInt(bitPattern: pthread_self())
    #endif
}
