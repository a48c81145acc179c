import SignalboxLocks
import Synchronization

/// Delivers the events of several senders to one receiver, one at a time, without a lock
/// on the way of a value that meets no other sender.
///
/// The output of `flatMap` is fed by every inner run, on whatever threads they send. A
/// serialising `Observer` would do, but it takes a mutex for every value (about 60
/// instructions of W4's 170 per inner value) and stops the program when a value comes back
/// from inside its own callback. Here the right to deliver (the *turn*) is taken by moving
/// `claims` from 0 to 1; a sender that finds the turn taken queues its event, counts it in
/// `claims`, and returns at once: the holder of the turn delivers it before giving the turn
/// up. So a lone sender pays two atomic operations per value, senders never block on each
/// other, and an event sent from inside the receiver (by a downstream that makes an inner
/// source send) is delivered right after the current one instead of deadlocking.
///
/// Each value carries the id of the inner run that sent it; given the `current` id of a
/// `.latest` flattener, the funnel drops a value whose run is no longer current when its
/// turn to be delivered comes (the check and the delivery happen in the same turn).
///
/// Contracts: the receiver is never called twice at once; events are delivered in the
/// order their senders queued them (each sender's own events in the order it sent them);
/// after the first terminal event nothing more is delivered and the receiver is released.
/// A sender's event may be delivered by another thread after `send` returned, but by the
/// time every sender has returned, every event has been delivered.
@usableFromInline
final class EventFunnel<Value, Error: Swift.Error>: @unchecked Sendable {
    // Safety: `pending` is only touched while `lock` is held. `terminated` and `owner` (and
    // the receiver `callback` points to) are only used by the thread holding the turn. The
    // turn is taken by a compare-exchange of `claims` from 0 (acquiring) or by the increment
    // that found 0, and given up by the decrement that reaches 0 (acquiring and releasing),
    // so consecutive holders are ordered by those atomic operations.

    /// How many events are being delivered or wait for the holder of the turn: each event
    /// in `pending` was appended before it was counted here, so a holder that decrements to
    /// a positive number always finds one to take.
    @usableFromInline let claims = Atomic<Int>(0)
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var pending = FIFOQueue<
        Event<TaggedValue<Value>, Error>
    >()
    /// Set once a terminal event was delivered: later events are dropped.
    @usableFromInline @exclusivity(unchecked) var terminated = false
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

    /// Sends a value of the run `id`: delivered now if nobody else is delivering, otherwise
    /// queued for the one who is.
    @inlinable
    func send(value: Value, from id: UInt64) {
        if claims.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            deliver(value, from: id)
            endTurn()
        } else {
            enqueue(.value(TaggedValue(id: id, value: value)))
        }
    }

    /// Sends a terminal event; see `send(value:from:)`.
    @inlinable
    func send(terminal event: Event<Value, Error>) {
        let tagged = event.map { TaggedValue(id: 0, value: $0) }
        if claims.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            deliver(tagged)
            endTurn()
        } else {
            enqueue(tagged)
        }
    }

    @inlinable
    func sendCompleted() { send(terminal: .completed) }

    @inlinable
    func sendInterrupted() { send(terminal: .interrupted) }

    /// Gives up the turn, unless events were queued meanwhile: then delivers them first.
    @inlinable @inline(__always)
    func endTurn() {
        if claims.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue > 0 { drain() }
    }

    /// Delivers one value; called only by the holder of the turn.
    @inlinable @inline(__always)
    func deliver(_ value: Value, from id: UInt64) {
        guard !terminated else { return }
        if let current, id != current.id.load(ordering: .acquiring) { return }
        callback._withUnsafeGuaranteedRef { $0.value(value) }
    }

    /// Delivers one event; called only by the holder of the turn.
    @inlinable
    func deliver(_ event: Event<TaggedValue<Value>, Error>) {
        switch event {
        case .value(let tagged): return deliver(tagged.value, from: tagged.id)
        case .failed(let error): deliverTerminal(.failed(error))
        case .completed: deliverTerminal(.completed)
        case .interrupted: deliverTerminal(.interrupted)
        }
    }

    @inlinable
    func deliverTerminal(_ event: Event<Value, Error>) {
        guard !terminated else { return }
        terminated = true
        callback._withUnsafeGuaranteedRef { $0.terminal(event) }
        // Released last: what the receiver captured may send into this funnel as it goes
        // (queued, then dropped).
        owner = nil
    }

    /// Queues `event` and counts it; whoever holds the turn delivers it (this caller, if
    /// nobody did).
    @usableFromInline
    func enqueue(_ event: Event<TaggedValue<Value>, Error>) {
        lock.withLock { pending.append(event) }
        if claims.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 { drain() }
    }

    /// Delivers queued events until none is counted any more; called by the holder of the
    /// turn, with at least one counted event in `pending`.
    @usableFromInline
    func drain() {
        repeat {
            if let next = lock.withLock({ pending.popFirst() }) { deliver(next) }
        } while claims.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue > 0
    }
}
