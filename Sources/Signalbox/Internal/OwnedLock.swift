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
/// first and asks who holds it only when that fails. (Why not an error-checking
/// `pthread_mutex_t`: on glibc its lock and unlock cost about 30 instructions more than a
/// normal mutex's, on every value.)
@usableFromInline
struct OwnedLock: ~Copyable, @unchecked Sendable {
    // Safety: `mutex` is a pthread mutex. On glibc, a mutex records the kernel thread id of
    // its holder (0 when free), written by the holder only, which is what the slow path
    // reads. Elsewhere `owner` does that job: the holder stores its identity right after
    // taking the mutex and clears it right before releasing it, so a thread that finds its
    // own identity there holds the mutex; relaxed ordering suffices, since a thread always
    // sees its own latest store.
    @usableFromInline let mutex = Lock()
    #if !canImport(Glibc)
        @usableFromInline let owner = Atomic<UInt>(0)
    #endif

    @inlinable
    init() {}

    /// Takes the lock, waiting for other threads; returns `false` without taking it if the
    /// current thread already holds it.
    @inlinable @inline(__always)
    func lockUnlessHeldByCurrentThread() -> Bool {
        #if canImport(Glibc)
            // The slow path stays out of line, so that callers inline no more than before.
            return mutex.tryLock() || mutex.storage.lockUnlessHeldByCurrentThread()
        #else
            let current = currentThreadIdentity()
            if owner.load(ordering: .relaxed) == current { return false }
            mutex.lock()
            owner.store(current, ordering: .relaxed)
            return true
        #endif
    }

    /// Takes the lock if no thread (including this one) holds it.
    @inlinable @inline(__always)
    func tryLock() -> Bool {
        #if canImport(Glibc)
            return mutex.tryLock()
        #else
            guard mutex.tryLock() else { return false }
            owner.store(currentThreadIdentity(), ordering: .relaxed)
            return true
        #endif
    }

    /// Releases the lock; only its holder may call it.
    @inlinable @inline(__always)
    func unlock() {
        #if !canImport(Glibc)
            owner.store(0, ordering: .relaxed)
        #endif
        mutex.unlock()
    }
}

#if canImport(Glibc)
    extension LockStorage {
        /// The slow path of `OwnedLock.lockUnlessHeldByCurrentThread()` (the mutex was busy):
        /// returns `false` if the calling thread holds the mutex, else waits for it.
        ///
        /// glibc records the holder's thread id in every mutex it locks; the calling thread's
        /// id, which glibc does not otherwise export to Swift, is learnt by locking a mutex of
        /// its own.
        @usableFromInline @inline(never)
        func lockUnlessHeldByCurrentThread() -> Bool {
            var probe = pthread_mutex_t()
            _ = pthread_mutex_init(&probe, nil)
            _ = pthread_mutex_lock(&probe)
            let current = probe.__data.__owner
            _ = pthread_mutex_unlock(&probe)
            _ = pthread_mutex_destroy(&probe)
            if mutex.pointee.__data.__owner == current { return false }
            pthread_mutex_lock(mutex)
            return true
        }
    }
#else
    /// A number identifying the current thread, never 0, unique among running threads.
    @inlinable @inline(__always)
    func currentThreadIdentity() -> UInt {
        // `pthread_t` is a pointer on Darwin and musl.
        UInt(bitPattern: pthread_self())
    }
#endif
