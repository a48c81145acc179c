import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The algorithm behind `Lock` and `LockedCell`: a mutual-exclusion lock in one 32-bit atomic
/// word, with threads that must wait parked on a shared table of condition variables.
///
/// Why not `pthread_mutex_t`: taking and releasing a glibc mutex costs about 55 instructions
/// (type checks, owner bookkeeping, two calls into libc) where the uncontended case needs one
/// compare-and-exchange and one exchange; a property read, a value's delivery and every
/// disposal take such a lock. The word also takes 4 bytes instead of a mutex's 40.
/// Why not `Synchronization.Mutex`: the thread sanitizer does not see its locking on Linux
/// (it reports races on data it guards), while the atomics below are compiled into this
/// module and are seen.
///
/// The word is 0 when free, 1 when held, 2 when held and a thread may be parked waiting for
/// it (3, held with a delivery frame to close, is `OwnedLock`'s: see `DeliveryFrames`). Taking the lock when free is one compare-and-exchange (acquiring); releasing it is one
/// exchange (releasing), followed by waking the parked threads only if the word was 2.
/// A thread that finds the lock held parks: under the mutex of the word's bucket it swaps 2
/// into the word until it reads 0 back (then it holds the lock), waiting on the bucket's
/// condition variable in between. A releaser that read 2 takes the same bucket mutex before
/// broadcasting, so it cannot broadcast between a waiter's swap and its wait: no wake-up is
/// lost. Words share buckets, so a broadcast may wake threads waiting for other words; they
/// swap, read a non-zero value, and wait again.
@usableFromInline
enum LockWord {
    /// The value of a free word.
    @inlinable @inline(__always)
    static var free: UInt32 { 0 }

    /// The value of a word held with no thread parked.
    @inlinable @inline(__always)
    static var held: UInt32 { 1 }

    /// The value of a held word that a thread may be parked on.
    @inlinable @inline(__always)
    static var parked: UInt32 { 2 }

    /// The value of an `OwnedLock`'s held word whose release closes a delivery frame.
    @inlinable @inline(__always)
    static var framed: UInt32 { 3 }

    /// Takes the lock, parking the calling thread while another thread holds it.
    ///
    /// - Parameters:
    ///   - word: The lock's word.
    ///   - identity: Any address that identifies the word while it lives (its owner's), to
    ///     choose a parking bucket.
    @inlinable @inline(__always)
    static func lock(_ word: borrowing LockFreeAtomic<UInt32>, identity: UnsafeRawPointer) {
        if !tryLock(word) { lockContended(word, identity: identity) }
    }

    /// Takes the lock if no thread holds it.
    @inlinable @inline(__always)
    static func tryLock(_ word: borrowing LockFreeAtomic<UInt32>) -> Bool {
        word.compareExchange(
            expected: 0, desired: 1, successOrdering: .acquiring, failureOrdering: .relaxed
        ).exchanged
    }

    /// Releases the lock; only its holder may call it.
    @inlinable @inline(__always)
    static func unlock(_ word: borrowing LockFreeAtomic<UInt32>, identity: UnsafeRawPointer) {
        if word.exchange(0, ordering: .releasing) == 2 { wakeParked(identity: identity) }
    }

    /// The slow path of `lock`: spins a little (the holder's critical sections are short),
    /// then parks until the word is free.
    @usableFromInline @inline(never)
    static func lockContended(_ word: borrowing LockFreeAtomic<UInt32>, identity: UnsafeRawPointer)
    {
        for _ in 0..<64 {
            if word.load(ordering: .relaxed) == 0, tryLock(word) { return }
        }
        let bucket = ParkingLot.shared.bucket(for: identity)
        pthread_mutex_lock(bucket.mutex)
        while word.exchange(2, ordering: .acquiring) != 0 {
            pthread_cond_wait(bucket.condition, bucket.mutex)
        }
        pthread_mutex_unlock(bucket.mutex)
    }

    /// Wakes the threads parked in the bucket of `identity` (a release found the word at 2).
    @usableFromInline @inline(never)
    static func wakeParked(identity: UnsafeRawPointer) {
        let bucket = ParkingLot.shared.bucket(for: identity)
        pthread_mutex_lock(bucket.mutex)
        pthread_cond_broadcast(bucket.condition)
        pthread_mutex_unlock(bucket.mutex)
    }
}

/// The table of mutexes and condition variables where threads wait for a `LockWord`: made
/// once, on the first contended lock, and never freed.
@usableFromInline
final class ParkingLot: @unchecked Sendable {
    // Safety: the mutexes and condition variables are made before `shared` is published and
    // are only used through pthread calls, which synchronise by themselves; the pointers never
    // change.

    /// One mutex and its condition variable.
    @usableFromInline
    struct Bucket {
        @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
        @usableFromInline let condition: UnsafeMutablePointer<pthread_cond_t>
    }

    /// A power of two, so that a bucket is chosen with a mask.
    static let bucketCount = 64

    @usableFromInline static let shared = ParkingLot()

    private let mutexes: UnsafeMutablePointer<pthread_mutex_t>
    private let conditions: UnsafeMutablePointer<pthread_cond_t>

    private init() {
        mutexes = .allocate(capacity: Self.bucketCount)
        conditions = .allocate(capacity: Self.bucketCount)
        for index in 0..<Self.bucketCount {
            (mutexes + index).initialize(to: pthread_mutex_t())
            _ = pthread_mutex_init(mutexes + index, nil)
            (conditions + index).initialize(to: pthread_cond_t())
            _ = pthread_cond_init(conditions + index, nil)
        }
    }

    /// The bucket for the word identified by `identity` (heap addresses: the low bits are
    /// alignment, so they are shifted out).
    @usableFromInline
    func bucket(for identity: UnsafeRawPointer) -> Bucket {
        let index =
            Int(truncatingIfNeeded: UInt(bitPattern: identity) >> 4) & (Self.bucketCount - 1)
        return Bucket(mutex: mutexes + index, condition: conditions + index)
    }
}
