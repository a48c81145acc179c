/// Serialises the inputs of something fed by several sources, without holding a lock while
/// it handles them and without ever making a sender wait.
///
/// Each `send` appends to a queue; the caller that finds nobody draining drains, handing
/// the inputs to `handler` one at a time, in the order they were appended, with no lock
/// held. An input sent from inside `handler` (a downstream observer that makes a source
/// send synchronously) or from another thread while a drain is running is queued and
/// delivered by that drain, so `send` never blocks on `handler` and never deadlocks; the
/// input may thus be handled on the draining thread, after `send` returned.
///
/// Why not a serialising `Observer` (or `Trampoline`, in Signalbox): its callback runs
/// under its lock, so a source that sends from inside it on another thread waits for it,
/// and one that the callback waits for deadlocks. The price: the sender that finds the
/// queue idle delivers everything other threads queue meanwhile, so its work is bounded
/// only by theirs. The operators that join sources therefore use `Trampoline` (the
/// contract of `TheContracts.md`, "Joining sources"); users of this queue are the ones whose
/// sender must never wait (`take(untilReplacement:)`, `throttle(while:)`, `replayLazily`,
/// the re-entrant unserialised pipe) and the view models' reducer store.
@usableFromInline
package final class DrainQueue<Input>: @unchecked Sendable {
    // Safety: `pending` and `draining` are only touched while `lock` is held; `handler`
    // is only called by the one caller that set `draining`, so never concurrently.
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var pending = FIFOQueue<Input>()
    @usableFromInline @exclusivity(unchecked) var draining = false
    @usableFromInline let handler: (Input) -> Void

    /// Creates a queue delivering to `handler`.
    @inlinable
    package init(_ handler: @escaping (Input) -> Void) {
        self.handler = handler
    }

    /// Queues `input`, and delivers it (and whatever arrives meanwhile) unless another
    /// call is already delivering.
    @inlinable
    package func send(_ input: Input) {
        enqueue(input)
        drain()
    }

    /// Queues `input` without delivering it: for a caller that must queue while holding a
    /// lock of its own, and then calls `drain()` once it released it.
    @inlinable
    package func enqueue(_ input: Input) {
        lock.withLock { pending.append(input) }
    }

    /// Delivers what is queued, unless another call is already delivering (it then
    /// delivers it too).
    @inlinable
    package func drain() {
        lock.lock()
        guard !draining else { return lock.unlock() }
        draining = true
        while let next = pending.popFirst() {
            lock.unlock()
            handler(next)
            lock.lock()
        }
        draining = false
        lock.unlock()
    }
}
