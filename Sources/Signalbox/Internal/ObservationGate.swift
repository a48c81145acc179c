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
/// - A write made outside any change handler waits for the gate, then runs a round itself,
///   on its own thread: when it returns, every tracking armed before it was notified.
/// - A write made from inside a change handler (of any property) never waits, so handlers
///   writing each other's properties on two threads cannot deadlock: it asks for a round
///   (`pending`) and runs it itself if the gate is free; otherwise the thread holding the
///   gate runs one more round before it lets go.
///
/// The word uses `LockWord`'s states (0 free, 1 held, 2 held with waiters parked); the
/// `pending` flag and the word are read and written sequentially consistently, so a request
/// made while the holder lets go is either seen by the holder's last check or finds the gate
/// free.
@usableFromInline
struct ObservationGate: ~Copyable, @unchecked Sendable {
    // Safety: both fields are atomics; waiting threads park through `LockWord`.
    @usableFromInline let word = Atomic<UInt32>(LockWord.free)
    @usableFromInline let pending = Atomic<Bool>(false)

    @usableFromInline
    init() {}

    /// Runs `round` (one `willSet`/`didSet` pair) for a write, as described above.
    ///
    /// - Parameters:
    ///   - identity: The property's address (chooses the parking bucket).
    ///   - round: Tells `Observation` of the change; it runs the change handlers.
    @usableFromInline
    func notify(identity: UnsafeRawPointer, _ round: () -> Void) {
        if ChangeHandlerThread.isInside {
            pending.store(true, ordering: .sequentiallyConsistent)
            guard tryEnter() else { return }
        } else {
            if !tryEnter() { LockWord.lockContended(word, identity: identity) }
            pending.store(true, ordering: .sequentiallyConsistent)
        }
        repeat {
            let outer = ChangeHandlerThread.enter()
            while pending.load(ordering: .sequentiallyConsistent) {
                pending.store(false, ordering: .sequentiallyConsistent)
                round()
            }
            ChangeHandlerThread.leave(restoring: outer)
            if word.exchange(LockWord.free, ordering: .sequentiallyConsistent) == 2 {
                LockWord.wakeParked(identity: identity)
            }
            // A request made after the last check, while the gate was still held: run it
            // unless another thread has taken the gate (then that thread runs it).
        } while pending.load(ordering: .sequentiallyConsistent) && tryEnter()
    }

    private func tryEnter() -> Bool {
        word.compareExchange(
            expected: LockWord.free, desired: 1, successOrdering: .sequentiallyConsistent,
            failureOrdering: .sequentiallyConsistent
        ).exchanged
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
