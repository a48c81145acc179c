import Dispatch
import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Lets one thread at a time tell Swift's `Observation` that a property changed.
///
/// Why: `ObservationRegistrar` fed concurrent `willSet`/`didSet` pairs for one subject, with
/// a change handler that tracks the subject again (what a long-lived view or a re-arming
/// loop does), runs away: threads spin inside the registrar and memory grows without end (a
/// bare `ObservationRegistrar` does it too; `ObservationTests` shows it). So a property's
/// notifications go through this gate, one *round* (a `willSet`/`didSet` pair) at a time.
///
/// A write first asks for a round (`pending`), then:
/// - if the gate is free, it takes it and runs rounds, on its own thread, while rounds are
///   asked for, then lets go (and checks once more for a request that came as it let go);
/// - if another thread holds the gate, that thread will run the round before letting go. A
///   write made from inside a change handler (of any property) returns at once. Any other
///   write waits, spinning and yielding, until it can take the gate (by then its round has
///   run), so that when it returns every tracking armed before it was notified — for at most
///   `patience`: if the holder is stuck (its handler waits for something this thread holds,
///   such as a reactive delivery in progress), the write leaves its round to the holder and
///   returns, so the gate can never deadlock.
///
/// `pending` and the word are read and written sequentially consistently, so a request made
/// while the holder lets go is either seen by the holder's last check or finds the gate free.
@usableFromInline
struct ObservationGate: ~Copyable, @unchecked Sendable {
    // Safety: both fields are atomics.
    @usableFromInline let held = Atomic<Bool>(false)
    @usableFromInline let pending = Atomic<Bool>(false)

    /// How long a write waits for another thread's round before leaving its own to it.
    static let patience: UInt64 = 50_000_000  // nanoseconds

    @usableFromInline
    init() {}

    /// Runs `round` (one `willSet`/`didSet` pair) for a write, as described above.
    ///
    /// - Parameter round: Tells `Observation` of the change; it runs the change handlers.
    @usableFromInline
    func notify(_ round: () -> Void) {
        pending.store(true, ordering: .sequentiallyConsistent)
        if !tryEnter() {
            if ChangeHandlerThread.isInside || !waitToEnter() { return }
        }
        repeat {
            let outer = ChangeHandlerThread.enter()
            while pending.load(ordering: .sequentiallyConsistent) {
                pending.store(false, ordering: .sequentiallyConsistent)
                round()
            }
            ChangeHandlerThread.leave(restoring: outer)
            held.store(false, ordering: .sequentiallyConsistent)
            // A request made after the last check, while the gate was still held: run it
            // unless another thread has taken the gate (then that thread runs it).
        } while pending.load(ordering: .sequentiallyConsistent) && tryEnter()
    }

    private func tryEnter() -> Bool {
        // Sequentially consistent, the load too: a request stored just before it must not
        // read a stale "held" while the holder, letting go, reads a stale "no request".
        !held.load(ordering: .sequentiallyConsistent)
            && held.compareExchange(
                expected: false, desired: true, ordering: .sequentiallyConsistent
            ).exchanged
    }

    /// Spins, then yields, until the gate is taken; `false` after `patience`.
    private func waitToEnter() -> Bool {
        var attempts = 0
        var start: UInt64 = 0
        while !tryEnter() {
            attempts += 1
            if attempts < 64 { continue }
            let now = DispatchTime.now().uptimeNanoseconds
            if start == 0 {
                start = now
            } else if now &- start > Self.patience {
                return false
            }
            _ = sched_yield()
        }
        return true
    }
}

/// Whether the current thread is running `Observation` change handlers for a property (a
/// thread-specific marker, set while a gate's rounds run).
enum ChangeHandlerThread {
    /// The thread-specific key; made once.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        _ = pthread_key_create(&key, nil)
        return key
    }()

    /// Any non-nil pointer: the marker's value while inside (made on use: a pointer is not
    /// `Sendable`, so it cannot be a stored static).
    private static var marker: UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: 1)
    }

    /// Whether the current thread is inside a gate's rounds.
    static var isInside: Bool {
        pthread_getspecific(key) != nil
    }

    /// Marks the current thread as inside; returns the marker to restore.
    static func enter() -> UnsafeMutableRawPointer? {
        let outer = pthread_getspecific(key)
        _ = pthread_setspecific(key, marker)
        return outer
    }

    /// Restores the marker `enter()` returned.
    static func leave(restoring outer: UnsafeMutableRawPointer?) {
        _ = pthread_setspecific(key, outer)
    }
}
