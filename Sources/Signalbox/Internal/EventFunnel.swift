import SignalboxLocks
import Synchronization

/// Delivers the events of several senders to one receiver, one at a time: the output of
/// `flatMap`, fed by every inner run on whatever threads they send.
///
/// The rule (ReactiveSwift's, and `Trampoline`'s): the right to deliver, the *turn*, is an
/// `OwnedLock`. A sender takes it, delivers its own event, and gives it up; a sender on
/// another thread waits for it. A sender on the thread that holds the turn (the receiver,
/// or something it called, making an inner source send) cannot wait for itself: its event
/// is queued in `state` and delivered by that same thread right after the delivery in
/// progress returns, before the turn is given up.
///
/// Contracts (`TheContracts.md`, "Joining sources"):
/// - the receiver is never called twice at once;
/// - each sender's events are delivered in the order it sent them, and a `send` that
///   returned has been delivered (or dropped by the rules below): nothing is lost;
/// - after the first terminal event nothing more is delivered and the receiver is released;
/// - a `send` delivers its own event and those sent on its own thread from inside that
///   delivery, never another thread's: its work is bounded by what its own delivery causes;
/// - given the `current` id of a `.latest` flattener, a value of a run that is no longer
///   current when its turn comes is dropped (the check and the delivery are in the same turn),
///   so a value whose `send` returned before the outer stream moved on was delivered.
///
/// Why not the lock-free funnel this replaced (a counter of claims beside a locked queue,
/// senders that never waited): a drainer could spend a counted event's claim on one queued
/// but not yet counted and leave with the counted one still queued, so another sender's
/// next event went first (order inverted) or ended the funnel (the queued one lost), and a
/// sender kept delivering others' events for as long as they sent.
/// `FunnelExplorationTests` finds both in that design's model and none in this one's.
@usableFromInline
final class EventFunnel<Value, Error: Swift.Error>: @unchecked Sendable {
    // Safety: `state` and `owner` (and the receiver `callback` points to) are only used by
    // the thread holding `turn`; a sender that finds the turn held by its own thread (the
    // only one that can touch `state` then) queues into `state` itself.
    @usableFromInline let turn = OwnedLock()
    @usableFromInline @exclusivity(unchecked) var state = FunnelState<Value, Error>()
    /// Keeps the receiver alive until the terminal event has been delivered.
    @usableFromInline @exclusivity(unchecked) var owner: Receiver?
    /// The receiver, reached without reference counting on the way of a value.
    @usableFromInline let callback: Unmanaged<Receiver>
    /// The id of the only run whose values are delivered, or `nil` to deliver every value.
    @usableFromInline let current: CurrentInner?

    /// The receiving end: its value path and its path for terminal events.
    @usableFromInline
    final class Receiver {
        @usableFromInline let value: (Value) -> Void
        @usableFromInline let terminal: (Event<Value, Error>) -> Void

        @inlinable
        init(value: @escaping (Value) -> Void, terminal: @escaping (Event<Value, Error>) -> Void) {
            self.value = value
            self.terminal = terminal
        }
    }

    /// Creates a funnel into `value` (for values) and `terminal` (for the terminal event),
    /// delivering only the values of the run `current` names if it is given.
    @inlinable
    init(
        current: CurrentInner?, value: @escaping (Value) -> Void,
        terminal: @escaping (Event<Value, Error>) -> Void
    ) {
        let receiver = Receiver(value: value, terminal: terminal)
        owner = receiver
        callback = Unmanaged.passUnretained(receiver)
        self.current = current
    }

    /// Sends a value of the run `id`: delivered before this returns, after the delivery in
    /// progress on another thread if there is one; queued behind the current delivery if this
    /// thread is making it.
    @inlinable
    func send(value: Value, from id: UInt64) {
        guard turn.lockUnlessHeldByCurrentThread() else {
            return state.queue(.value(TaggedValue(id: id, value: value)))
        }
        deliver(value, from: id)
        endTurn()
    }

    /// Sends a terminal event; see `send(value:from:)`.
    @inlinable
    func send(terminal event: Event<Value, Error>) {
        guard turn.lockUnlessHeldByCurrentThread() else {
            return state.queue(event.map { TaggedValue(id: 0, value: $0) })
        }
        deliverTerminal(event)
        endTurn()
    }

    @inlinable
    func sendCompleted() { send(terminal: .completed) }

    @inlinable
    func sendInterrupted() { send(terminal: .interrupted) }

    /// Delivers what this thread queued from inside its deliveries, then gives up the turn.
    @inlinable @inline(__always)
    func endTurn() {
        if state.hasQueued { deliverQueued() }
        turn.unlock()
    }

    /// Delivers one value; called only by the holder of the turn.
    @inlinable @inline(__always)
    func deliver(_ value: Value, from id: UInt64) {
        guard state.admitsValue(from: id, current: current?.id.load(ordering: .acquiring))
        else { return }
        callback._withUnsafeGuaranteedRef { $0.value(value) }
    }

    @inlinable
    func deliverTerminal(_ event: Event<Value, Error>) {
        guard state.admitTerminal() else { return }
        callback._withUnsafeGuaranteedRef { $0.terminal(event) }
        // Released last: what the receiver captured may send into this funnel as it goes
        // (queued, then dropped).
        owner = nil
    }

    /// Delivers the events queued by this thread while it held the turn, in order,
    /// including those queued while delivering them.
    @usableFromInline
    func deliverQueued() {
        while let next = state.nextQueued() {
            switch next {
            case .value(let tagged): deliver(tagged.value, from: tagged.id)
            case .failed(let error): deliverTerminal(.failed(error))
            case .completed: deliverTerminal(.completed)
            case .interrupted: deliverTerminal(.interrupted)
            }
        }
    }
}
