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
    @usableFromInline @exclusivity(unchecked) var pending = FIFOQueue<Event<Value, Error>>()
    /// Set once a terminal event was delivered: later events are dropped.
    @usableFromInline @exclusivity(unchecked) var terminated = false
    /// Keeps the receiver alive until the terminal event has been delivered.
    @usableFromInline @exclusivity(unchecked) var owner: Receiver?
    /// The receiver, reached without reference counting on the way of a value.
    @usableFromInline let callback: Unmanaged<Receiver>

    /// The receiving end: its value path and its event path (which takes values too).
    @usableFromInline
    final class Receiver {
        @usableFromInline let value: (Value) -> Void
        @usableFromInline let event: (Event<Value, Error>) -> Void

        @inlinable
        init(value: @escaping (Value) -> Void, event: @escaping (Event<Value, Error>) -> Void) {
            self.value = value
            self.event = event
        }
    }

    /// Creates a funnel into `value` (for values) and `event` (for terminal events).
    @inlinable
    init(value: @escaping (Value) -> Void, event: @escaping (Event<Value, Error>) -> Void) {
        let receiver = Receiver(value: value, event: event)
        owner = receiver
        callback = Unmanaged.passUnretained(receiver)
    }

    /// Sends a value: delivered now if nobody else is delivering, otherwise queued for the
    /// one who is.
    @inlinable
    func send(value: Value) {
        if claims.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            if !terminated { callback._withUnsafeGuaranteedRef { $0.value(value) } }
            endTurn()
        } else {
            enqueue(.value(value))
        }
    }

    /// Sends any event; see `send(value:)`.
    @inlinable
    func send(_ event: Event<Value, Error>) {
        if claims.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            deliver(event)
            endTurn()
        } else {
            enqueue(event)
        }
    }

    @inlinable
    func sendCompleted() { send(.completed) }

    @inlinable
    func sendInterrupted() { send(.interrupted) }

    /// Gives up the turn, unless events were queued meanwhile: then delivers them first.
    @inlinable @inline(__always)
    func endTurn() {
        if claims.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue > 0 { drain() }
    }

    /// Delivers one event; called only by the holder of the turn.
    @inlinable
    func deliver(_ event: Event<Value, Error>) {
        guard !terminated else { return }
        if case .value(let value) = event {
            callback._withUnsafeGuaranteedRef { $0.value(value) }
            return
        }
        terminated = true
        callback._withUnsafeGuaranteedRef { $0.event(event) }
        // Released last: what the receiver captured may send into this funnel as it goes
        // (queued, then dropped).
        owner = nil
    }

    /// Queues `event` and counts it; whoever holds the turn delivers it (this caller, if
    /// nobody did).
    @usableFromInline
    func enqueue(_ event: Event<Value, Error>) {
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
