import Synchronization

/// Lets one thread at a time tell Swift's `Observation` that a property changed, without
/// ever making a thread wait for another.
///
/// Why one at a time: `ObservationRegistrar` fed concurrent `willSet`/`didSet` pairs for one
/// subject, with a change handler that tracks the subject again (what a long-lived view or a
/// re-arming loop does), runs away: threads spin inside the registrar and memory grows
/// without end (a bare `ObservationRegistrar` does it too; `ObservationTests` shows it). So
/// a property's notifications go through this gate, one *round* (a `willSet`/`didSet` pair)
/// at a time.
///
/// Why never wait: a change handler may wait for another thread (one that hops
/// synchronously to the main queue), and that thread may be the one writing. So a write
/// asks for a round (`pending`), then:
/// - if the gate is free, it takes it and runs rounds, on its own thread, while rounds are
///   asked for, then lets go (and checks once more for a request that came as it let go);
/// - if another thread holds the gate, it returns at once: that thread runs the round
///   before letting go (it reads the value then, so the latest value is what its handlers
///   see). The handler may thus run on the other thread, after this write returned.
///
/// `pending` and `held` are read and written sequentially consistently, so a request made
/// while the holder lets go is either seen by the holder's last check or finds the gate
/// free.
struct ObservationGate: ~Copyable, @unchecked Sendable {
    // Safety: both fields are atomics.
    let held = LockFreeAtomic<Bool>(false)
    let pending = LockFreeAtomic<Bool>(false)

    init() {}

    /// Runs `round` (one `willSet`/`didSet` pair) for a write, as described above.
    ///
    /// - Parameter round: Tells `Observation` of the change; it runs the change handlers.
    func notify(_ round: () -> Void) {
        pending.store(true, ordering: .sequentiallyConsistent)
        repeat {
            guard tryEnter() else { return }  // The holder runs the round.
            while pending.load(ordering: .sequentiallyConsistent) {
                pending.store(false, ordering: .sequentiallyConsistent)
                round()
            }
            held.store(false, ordering: .sequentiallyConsistent)
            // A request made after the last check, while the gate was still held: run it
            // unless another thread has taken the gate (then that thread runs it).
        } while pending.load(ordering: .sequentiallyConsistent)
    }

    private func tryEnter() -> Bool {
        // Sequentially consistent, the load too: a request stored just before it must not
        // read a stale "held" while the holder, letting go, reads a stale "no request".
        !held.load(ordering: .sequentiallyConsistent)
            && held.compareExchange(
                expected: false, desired: true, ordering: .sequentiallyConsistent
            ).exchanged
    }
}
