import Synchronization

/// The package's one lock algorithm, on a 32-bit atomic word that lives at a stable address:
/// on Darwin the platform's `os_unfair_lock`, elsewhere a lock written here, with the threads
/// that must wait parked on a shared table of condition variables (`ParkingLot`).
///
/// Why `os_unfair_lock` on Darwin: it lends the waiter's priority to the holder (priority
/// inheritance). The UI reads properties on the main thread while searches run at
/// `.utility`; with a lock that parks on condition variables, a main thread waiting for a
/// utility thread that holds the lock waits as long as the scheduler leaves that thread
/// runnable. Why not the platform's mutex elsewhere: taking and releasing a glibc mutex costs
/// about 55 instructions (type checks, owner bookkeeping, two calls into libc) where the
/// uncontended case needs one compare-and-exchange and one exchange; a property read, a
/// value's delivery and every disposal take such a lock. The word also takes 4 bytes
/// instead of a mutex's 40. Why not `Synchronization.Mutex`: its closure-only API cannot
/// hold the lock across a call into user code (what `OwnedLock` does), and the thread
/// sanitizer does not see its locking on Linux (it reports races on data it guards), while
/// the atomics below are compiled into the caller and are seen.
///
/// **The address invariant.** The word is an `Atomic<UInt32>` stored in the object whose
/// state it guards: a `let` property of a class instance (through `Lock` or `OwnedLock`),
/// never a local, a global, a copy or an element of a growable collection. So it stays at
/// one address from the object's initialisation to its deinitialisation, and its address
/// (`address(of:)`) may leave the borrow that produced it: it chooses the word's parking
/// bucket, names a delivery frame (`OwnedLock`), and is the `os_unfair_lock` on Darwin, for
/// as long as the object lives, and it is never dereferenced once the object is gone. (The
/// standard library's `Atomic` has a raw layout: it is never moved or copied while
/// borrowed, so the address is that of the storage itself, not of a temporary.)
///
/// Linux (and any platform without Darwin): the word is 0 when free, 1 when held, 2 when
/// held and a thread may be parked waiting for it (values above 2 are the owner type's: 3,
/// held with a delivery frame to close, is `OwnedLock`'s). Taking the lock when free is one
/// compare-and-exchange (acquiring); releasing it is one exchange (releasing), followed by
/// waking the parked threads only if the word was 2. A thread that finds the lock held spins
/// briefly, then parks: under the mutex of the word's bucket it swaps 2 into the word until
/// it reads 0 back (then it holds the lock), waiting on the bucket's condition variable in
/// between. A releaser that read 2 takes the same bucket mutex before broadcasting, so it
/// cannot broadcast between a waiter's swap and its wait: no wake-up is lost. Words share
/// buckets, so a broadcast may wake threads waiting for other words; they swap, read a
/// non-zero value, and wait again.
///
/// Darwin: the word is the `os_unfair_lock` itself (its initial value, 0, is
/// `OS_UNFAIR_LOCK_INIT`), and only `os_unfair_lock_lock`, `_trylock` and `_unlock` touch it
/// after initialisation; its value then means what the platform makes it mean.
@usableFromInline
package enum LockWord {
    /// The value of a free word (also `OS_UNFAIR_LOCK_INIT`).
    @inlinable @inline(__always)
    package static var free: UInt32 { 0 }

    /// The value of a word held with no thread parked (not on Darwin).
    @inlinable @inline(__always)
    package static var held: UInt32 { 1 }

    /// The value of a held word that a thread may be parked on (not on Darwin).
    @inlinable @inline(__always)
    package static var parked: UInt32 { 2 }

    /// The address of `word`, which outlives this call by the invariant above: valid, and
    /// the same, for as long as the object storing the word lives.
    @inlinable @inline(__always)
    package static func address(of word: borrowing Atomic<UInt32>) -> UnsafeRawPointer {
        withUnsafePointer(to: word) { UnsafeRawPointer($0) }
    }

    #if canImport(Darwin)
        // NOT COMPILED on the Linux machines this package is developed and measured on: the
        // Darwin branch is kept to these three calls of the documented `os_unfair_lock` API.

        /// The word as the `os_unfair_lock` it is on Darwin (see the address invariant).
        @inlinable @inline(__always)
        package static func unfairLock(_ word: borrowing Atomic<UInt32>) -> os_unfair_lock_t {
            UnsafeMutableRawPointer(mutating: address(of: word))
                .assumingMemoryBound(to: os_unfair_lock.self)
        }

        /// Takes the lock, waiting (with priority inheritance) while another thread holds it.
        @inlinable @inline(__always)
        package static func lock(_ word: borrowing Atomic<UInt32>) {
            os_unfair_lock_lock(unfairLock(word))
        }

        /// Takes the lock if no thread holds it.
        @inlinable @inline(__always)
        package static func tryLock(_ word: borrowing Atomic<UInt32>) -> Bool {
            os_unfair_lock_trylock(unfairLock(word))
        }

        /// Releases the lock; only its holder may call it.
        @inlinable @inline(__always)
        package static func unlock(_ word: borrowing Atomic<UInt32>) {
            os_unfair_lock_unlock(unfairLock(word))
        }
    #else
        /// Takes the lock, parking the calling thread while another thread holds it.
        @inlinable @inline(__always)
        package static func lock(_ word: borrowing Atomic<UInt32>) {
            if !tryLock(word) { lockContended(word) }
        }

        /// Takes the lock if no thread holds it.
        @inlinable @inline(__always)
        package static func tryLock(_ word: borrowing Atomic<UInt32>) -> Bool {
            word.compareExchange(
                expected: free, desired: held, successOrdering: .acquiring,
                failureOrdering: .relaxed
            ).exchanged
        }

        /// Releases the lock; only its holder may call it.
        @inlinable @inline(__always)
        package static func unlock(_ word: borrowing Atomic<UInt32>) {
            if word.exchange(free, ordering: .releasing) == parked { wakeParked(word) }
        }

        /// The slow path of `lock`: spins a little (the holder's critical sections are
        /// short), then parks until the word is free.
        @usableFromInline @inline(never)
        package static func lockContended(_ word: borrowing Atomic<UInt32>) {
            for _ in 0..<64 {
                if word.load(ordering: .relaxed) == free, tryLock(word) { return }
            }
            let bucket = ParkingLot.shared.bucket(for: address(of: word))
            pthread_mutex_lock(bucket.mutex)
            while word.exchange(parked, ordering: .acquiring) != free {
                pthread_cond_wait(bucket.condition, bucket.mutex)
            }
            pthread_mutex_unlock(bucket.mutex)
        }

        /// Wakes the threads parked in the bucket of `word` (a release found it at 2).
        @usableFromInline @inline(never)
        package static func wakeParked(_ word: borrowing Atomic<UInt32>) {
            let bucket = ParkingLot.shared.bucket(for: address(of: word))
            pthread_mutex_lock(bucket.mutex)
            pthread_cond_broadcast(bucket.condition)
            pthread_mutex_unlock(bucket.mutex)
        }
    #endif
}
