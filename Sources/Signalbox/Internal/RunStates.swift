import Synchronization

/// Where an `Observer` is in delivering its terminal event, stored as its raw value in the
/// observer's `Atomic<UInt8>` (the hot path compares raw values: no conversion per event).
@usableFromInline
enum TerminalState: UInt8 {
    /// No terminal event yet: values are delivered.
    case open = 0
    /// A sender won the compare-exchange and is storing its terminal event.
    case accepted = 1
    /// The terminal event is stored and waits for the lock to be delivered.
    case stored = 2
    /// The terminal event was delivered and the callback released.
    case delivered = 3
}

/// How one run of a sequence producer ended, stored as its raw value in the run's
/// `Atomic<UInt8>`.
@usableFromInline
enum SequenceRunPhase: UInt8 {
    /// The loop is sending values.
    case running = 0
    /// The run was disposed: the loop stops and delivers `.interrupted`.
    case interrupted = 1
    /// The loop reached the end first and delivers `.completed`.
    case finished = 2
}

/// The state of one run of a sequence producer: whether it was interrupted, and who got to
/// the end first (the loop, or the interrupter).
@usableFromInline
final class SequenceRunState: Sendable {
    /// A `SequenceRunPhase` raw value.
    @usableFromInline let state = LockFreeAtomic<UInt8>(SequenceRunPhase.running.rawValue)

    @usableFromInline
    init() {}

    @inlinable
    var isInterrupted: Bool {
        state.load(ordering: .acquiring) == SequenceRunPhase.interrupted.rawValue
    }

    /// Asks the loop to stop; it then delivers `.interrupted` itself.
    @usableFromInline
    func interrupt() {
        _ = state.compareExchange(
            expected: SequenceRunPhase.running.rawValue,
            desired: SequenceRunPhase.interrupted.rawValue, ordering: .acquiringAndReleasing)
    }

    /// Marks the loop finished; `false` if it was interrupted first.
    @inlinable
    func finish() -> Bool {
        state.compareExchange(
            expected: SequenceRunPhase.running.rawValue,
            desired: SequenceRunPhase.finished.rawValue, ordering: .acquiringAndReleasing
        ).exchanged
    }
}
