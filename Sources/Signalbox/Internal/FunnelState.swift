import SignalboxLocks

/// What the holder of an `EventFunnel`'s turn knows: the events its own thread sent from
/// inside a delivery (delivered right after it, in order) and whether a terminal event was
/// delivered. A value type with no synchronisation of its own: only the holder of the turn
/// touches it, and `FunnelExplorationTests` drives this very type through every
/// interleaving of its senders' steps.
@usableFromInline
struct FunnelState<Value, Error: Swift.Error> {
    @usableFromInline var queued = FIFOQueue<Event<TaggedValue<Value>, Error>>()
    /// Set once a terminal event was delivered: later events are dropped.
    @usableFromInline var terminated = false

    @inlinable
    init() {}

    /// Whether events wait to be delivered by the holder before it gives up the turn.
    @inlinable
    var hasQueued: Bool { !queued.isEmpty }

    /// Queues an event sent on the holder's thread from inside a delivery.
    @inlinable
    mutating func queue(_ event: Event<TaggedValue<Value>, Error>) {
        queued.append(event)
    }

    /// The next queued event, oldest first.
    @inlinable
    mutating func nextQueued() -> Event<TaggedValue<Value>, Error>? {
        queued.popFirst()
    }

    /// Whether a value of the run `id` is delivered: nothing is after the terminal event, and
    /// given the id of the current run (`.latest`), only that run's values are.
    @inlinable @inline(__always)
    func admitsValue(from id: UInt64, current: UInt64?) -> Bool {
        guard !terminated else { return false }
        if let current, id != current { return false }
        return true
    }

    /// Whether a terminal event is delivered (only the first is); records that one was.
    @inlinable @inline(__always)
    mutating func admitTerminal() -> Bool {
        guard !terminated else { return false }
        terminated = true
        return true
    }
}
