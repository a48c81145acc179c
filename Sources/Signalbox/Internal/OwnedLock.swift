import SignalboxLocks
import Synchronization

/// The lock held across calls into user code: the package's lock (`LockWord`) plus the
/// identity of its holder, so that it recognises the thread holding it coming back to it
/// instead of deadlocking; each stretch that holds it is a *delivery frame* (see
/// `DeliveryFrames`), inside which `Observation` is not told of changes.
///
/// Why: the serialising locks (an `Observer`'s, a property's, `Trampoline`'s) are held
/// across calls into user code, which may reach them again on the same thread. The check
/// costs nothing while the lock is free: `lockUnlessHeldByCurrentThread()` tries the lock
/// first and compares the holder with the current thread only when that fails.
///
/// The word is stored in the lock, so the object holding the lock needs no second
/// allocation; its address (`identity`, see the address invariant of `LockWord`: an
/// `OwnedLock` is always a `let` of a class instance) chooses its parking bucket and names
/// its delivery frame. On Linux, taking it on the inlined path compares the word with
/// `frames.freeWord`: `LockWord.free` until `Observation` can be in use in the process, then
/// a value no word holds, so that every acquisition goes through `lockOpeningFrame()`, which
/// records the frame; the word then holds `OwnedLock.framed` (held, with a frame to close),
/// so that `unlock()` takes its out-of-line path, which closes it. Until then the two paths
/// cost what a plain lock does. On Darwin the word is an `os_unfair_lock`, whose value is
/// the platform's: the lock checks `frames.isArmed` instead, after taking the word.
@usableFromInline
struct OwnedLock: ~Copyable, @unchecked Sendable {
    // Safety: `word` is driven by `LockWord`. `owner` records the holder: the holder stores
    // its identity right after taking the lock and clears it right before releasing it, so a
    // thread that finds its own identity there holds the lock; relaxed ordering suffices,
    // since a thread always sees its own latest store, and no other thread stores its
    // identity. `frames` is immortal (`DeliveryFrames.shared`).
    @usableFromInline let word = Atomic<UInt32>(LockWord.free)
    @usableFromInline let owner = Atomic<UInt>(0)
    @usableFromInline unowned(unsafe) let frames: DeliveryFrames

    @inlinable
    init() {
        frames = DeliveryFrames.shared
    }

    /// The word's address: it chooses the parking bucket and names the frame.
    @inlinable @inline(__always)
    var identity: UnsafeRawPointer {
        LockWord.address(of: word)
    }

    /// Whether the current thread holds the lock.
    @inlinable
    var isHeldByCurrentThread: Bool {
        owner.load(ordering: .relaxed) == currentThreadIdentity()
    }

    #if canImport(Darwin)
        // NOT COMPILED on the Linux machines this package is developed and measured on.

        /// Takes the lock, waiting for other threads; returns `false` without taking it if
        /// the current thread already holds it.
        @inlinable @inline(__always)
        func lockUnlessHeldByCurrentThread() -> Bool {
            let current = currentThreadIdentity()
            if !LockWord.tryLock(word) {
                if owner.load(ordering: .relaxed) == current { return false }
                LockWord.lock(word)
            }
            owner.store(current, ordering: .relaxed)
            if frames.isArmed { frames.enter(identity) }
            return true
        }

        /// Takes the lock if no thread (including this one) holds it.
        @inlinable @inline(__always)
        func tryLock() -> Bool {
            guard LockWord.tryLock(word) else { return false }
            owner.store(currentThreadIdentity(), ordering: .relaxed)
            if frames.isArmed { frames.enter(identity) }
            return true
        }

        /// Releases the lock; only its holder may call it. Closing the thread's outermost
        /// delivery frame sends the `Observation` notifications held back inside it, after
        /// the word is released. (Closing a frame that was not recorded, because the frames
        /// were armed while the lock was held, does nothing.)
        @inlinable @inline(__always)
        func unlock() {
            owner.store(0, ordering: .relaxed)
            LockWord.unlock(word)
            if frames.isArmed { frames.exit(identity) }
        }
    #else
        /// The value of a held word whose release closes a delivery frame.
        @inlinable @inline(__always)
        static var framed: UInt32 { 3 }

        /// Takes the lock, waiting for other threads; returns `false` without taking it if
        /// the current thread already holds it.
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
        /// delivery frame sends the `Observation` notifications held back inside it, after
        /// the word is released.
        @inlinable @inline(__always)
        func unlock() {
            owner.store(0, ordering: .relaxed)
            let previous = word.exchange(LockWord.free, ordering: .releasing)
            if previous != LockWord.held { unlocked(from: previous) }
        }

        /// The out-of-line path of the lock: another thread holds it, or frames are
        /// recorded.
        @usableFromInline @inline(never)
        func lockOpeningFrame() {
            LockWord.lock(word)
            guard frames.isArmed else { return }
            // A waiter may already have turned the word to "parked" (2): then the release
            // takes the out-of-line path anyway.
            _ = word.compareExchange(
                expected: LockWord.held, desired: Self.framed, ordering: .relaxed)
            frames.enter(identity)
        }

        /// The out-of-line path of `tryLock()`: the word is held, or frames are recorded.
        @usableFromInline @inline(never)
        func tryLockOpeningFrame() -> Bool {
            guard frames.isArmed,
                word.compareExchange(
                    expected: LockWord.free, desired: Self.framed,
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
            if previous == LockWord.parked { LockWord.wakeParked(word) }
            if frames.isArmed { frames.exit(identity) }
        }
    #endif
}
