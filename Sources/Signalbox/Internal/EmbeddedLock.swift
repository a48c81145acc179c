import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A mutual-exclusion lock stored inside the object it guards: one byte, no allocation of
/// its own, one atomic operation to take it and one to release it when nobody waits.
///
/// Why not `Lock`: every `Lock` is a heap block holding a `pthread_mutex_t`, created and
/// destroyed with its owner. Every run of a producer owns one (in its lifetime's
/// `CompositeDisposable`), so that block, its initialisation and its teardown were about a
/// tenth of starting and ending a run. Why not `Synchronization.Mutex`: the thread
/// sanitizer does not see it on Linux. This lock is made of atomic operations, which the
/// sanitizer does see, and of a pthread mutex and condition variable on the slow path.
///
/// Waiting: a thread that finds the lock taken spins briefly (the holders of these locks
/// never call out, so they let go within a few hundred instructions), then marks the lock
/// contended and sleeps on one of a fixed set of condition variables shared by all
/// embedded locks (`ParkingSlot`), chosen by the owner's identity. The releasing thread
/// sees the mark and wakes the sleepers of that slot, who try again. Only for short
/// critical sections that never call out: no user code, no events, no deinit that might
/// take the same lock.
///
/// Every call names the owner object (the one that stores the lock), which chooses the
/// parking slot; it must be the same object for every call on a given lock.
@usableFromInline
struct EmbeddedLock: ~Copyable, @unchecked Sendable {
    // Safety: the only state is `state`, an atomic; the slow path's pthread objects live
    // in `ParkingSlot`, which guards its own.

    /// 0: free; 1: held; 2: held, and a thread may be sleeping on it.
    @usableFromInline let state = Atomic<UInt8>(0)

    @inlinable
    init() {}

    /// Takes the lock, waiting for the thread that holds it.
    @inlinable @inline(__always)
    func lock(in owner: AnyObject) {
        if !state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            lockSlowly(in: owner)
        }
    }

    /// Releases the lock; only its holder may call it.
    @inlinable @inline(__always)
    func unlock(in owner: AnyObject) {
        if state.exchange(0, ordering: .releasing) == 2 { wakeSleepers(of: owner) }
    }

    /// Runs `body` with the lock held.
    @inlinable @inline(__always)
    func withLock<Result>(in owner: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        lock(in: owner)
        defer { unlock(in: owner) }
        return try body()
    }

    @usableFromInline @inline(never)
    func lockSlowly(in owner: AnyObject) {
        for _ in 0..<100 {
            if state.load(ordering: .relaxed) == 0,
                state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
            {
                return
            }
        }
        let slot = ParkingSlot.slot(for: owner)
        pthread_mutex_lock(slot.mutex)
        // Marked contended before sleeping, under the slot's mutex, so that the holder's
        // release (which takes that mutex to wake sleepers) cannot slip in between.
        while state.exchange(2, ordering: .acquiring) != 0 {
            pthread_cond_wait(slot.condition, slot.mutex)
        }
        pthread_mutex_unlock(slot.mutex)
    }

    @usableFromInline @inline(never)
    func wakeSleepers(of owner: AnyObject) {
        let slot = ParkingSlot.slot(for: owner)
        pthread_mutex_lock(slot.mutex)
        pthread_cond_broadcast(slot.condition)
        pthread_mutex_unlock(slot.mutex)
    }
}

/// Where threads waiting for an `EmbeddedLock` sleep: a pthread mutex and condition
/// variable, one of a fixed set shared by every embedded lock, never freed.
@usableFromInline
final class ParkingSlot: @unchecked Sendable {
    // Safety: `mutex` and `condition` point to pthread objects made for sharing between
    // threads, initialised once here and never moved or destroyed.
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    let condition: UnsafeMutablePointer<pthread_cond_t>

    private init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        _ = pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        _ = pthread_cond_init(condition, nil)
    }

    private static let slots: [ParkingSlot] = (0..<64).map { _ in ParkingSlot() }

    /// The slot of the locks stored in `owner`.
    static func slot(for owner: AnyObject) -> ParkingSlot {
        let hash = UInt(bitPattern: ObjectIdentifier(owner).hashValue)
        // Objects are 16-byte aligned: the low bits say nothing.
        return slots[Int((hash >> 4) % UInt(slots.count))]
    }
}
