import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The lock held across calls into user code: it recognises the thread holding it coming
/// back to it instead of deadlocking, and each stretch that holds it is a *delivery frame*
/// (see `DeliveryFrames`), inside which `Observation` is not told of changes.
///
/// Why: the serialising locks (an `Observer`'s, a property's, `Trampoline`'s) are held
/// across calls into user code, which may reach them again on the same thread. The check
/// costs nothing while the lock is free: `lockUnlessHeldByCurrentThread()` tries the lock
/// first and compares the holder with the current thread only when that fails.
///
/// The word is stored in the lock (a `LockWord`, parked on by its own address), so the
/// object holding the lock needs no second allocation. Taking it on the inlined path
/// compares the word with `frames.freeWord`: `LockWord.free` until `Observation` can be in
/// use in the process, then a value no word holds, so that every acquisition goes through
/// `lockOpeningFrame()`, which records the frame; the word then holds `LockWord.framed`
/// (held, with a frame to close), so that `unlock()` takes its out-of-line path, which
/// closes it. Until then the two paths cost what a plain lock does.
@usableFromInline
struct OwnedLock: ~Copyable, @unchecked Sendable {
    // Safety: `word` is driven by `LockWord`. `owner` records the holder: the holder stores
    // its identity right after taking the lock and clears it right before releasing it, so a
    // thread that finds its own identity there holds the lock; relaxed ordering suffices,
    // since a thread always sees its own latest store, and no other thread stores its
    // identity. `frames` is immortal (`DeliveryFrames.shared`).
    @usableFromInline let word = LockFreeAtomic<UInt32>(LockWord.free)
    @usableFromInline let owner = LockFreeAtomic<UInt>(0)
    @usableFromInline unowned(unsafe) let frames: DeliveryFrames

    @inlinable
    init() {
        frames = DeliveryFrames.shared
    }

    /// The word's address: it chooses the parking bucket and names the frame.
    @inlinable @inline(__always)
    var identity: UnsafeRawPointer {
        withUnsafePointer(to: word) { UnsafeRawPointer($0) }
    }

    /// Takes the lock, waiting for other threads; returns `false` without taking it if the
    /// current thread already holds it.
    @inlinable @inline(__always)
    func lockUnlessHeldByCurrentThread() -> Bool {
        let current = currentThreadIdentity()
        if !word.compareExchange(
            expected: frames.freeWord.load(ordering: .relaxed), desired: LockWord.held,
            successOrdering: .acquiring, failureOrdering: .relaxed
        ).exchanged {
            if owner.load(ordering: .relaxed) == current { return false }
            lockOpeningFrame()
        }
        owner.store(current, ordering: .relaxed)
        return true
    }

    /// Takes the lock if no thread (including this one) holds it.
    @inlinable @inline(__always)
    func tryLock() -> Bool {
        guard
            word.compareExchange(
                expected: frames.freeWord.load(ordering: .relaxed), desired: LockWord.held,
                successOrdering: .acquiring, failureOrdering: .relaxed
            ).exchanged
        else { return tryLockOpeningFrame() }
        owner.store(currentThreadIdentity(), ordering: .relaxed)
        return true
    }

    /// Releases the lock; only its holder may call it. Closing the thread's outermost
    /// delivery frame sends the `Observation` notifications held back inside it, after the
    /// word is released.
    @inlinable @inline(__always)
    func unlock() {
        owner.store(0, ordering: .relaxed)
        let previous = word.exchange(LockWord.free, ordering: .releasing)
        if previous != LockWord.held { unlocked(from: previous) }
    }

    /// Whether the current thread holds the lock.
    @inlinable
    var isHeldByCurrentThread: Bool {
        owner.load(ordering: .relaxed) == currentThreadIdentity()
    }

    /// The out-of-line path of the lock: another thread holds it, or frames are recorded.
    @usableFromInline @inline(never)
    func lockOpeningFrame() {
        LockWord.lock(word, identity: identity)
        guard frames.isArmed else { return }
        // A waiter may already have turned the word to "parked" (2): then the release takes
        // the out-of-line path anyway.
        _ = word.compareExchange(
            expected: LockWord.held, desired: LockWord.framed, ordering: .relaxed)
        frames.enter(identity)
    }

    /// The out-of-line path of `tryLock()`: the word is held, or frames are recorded.
    @usableFromInline @inline(never)
    func tryLockOpeningFrame() -> Bool {
        guard frames.isArmed,
            word.compareExchange(
                expected: LockWord.free, desired: LockWord.framed,
                successOrdering: .acquiring, failureOrdering: .relaxed
            ).exchanged
        else { return false }
        frames.enter(identity)
        owner.store(currentThreadIdentity(), ordering: .relaxed)
        return true
    }

    /// The out-of-line path of `unlock()`: wakes parked threads, closes the frame.
    @usableFromInline @inline(never)
    func unlocked(from previous: UInt32) {
        if previous == LockWord.parked { LockWord.wakeParked(identity: identity) }
        if frames.isArmed { frames.exit(identity) }
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
