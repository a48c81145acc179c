/// Serialises the inputs of an operator fed by several sources, without holding a lock
/// while the operator runs.
///
/// Each `send` appends to a queue; the caller that finds nobody draining drains, handing
/// the inputs to `handler` one at a time, in the order they were appended, with no lock
/// held. An input sent from inside `handler` (a downstream observer that makes a source
/// send synchronously) or from another thread while a drain is running is queued and
/// delivered by that drain, so `send` never blocks on `handler` and never deadlocks.
///
/// Why not a serialising `Observer`: its callback runs under its lock, so a source that
/// sends a value from inside it deadlocks.
final class DrainQueue<Input>: @unchecked Sendable {
    // Safety: `pending` and `draining` are only touched while `lock` is held; `handler`
    // is only called by the one caller that set `draining`, so never concurrently.
    private let lock = Lock()
    @exclusivity(unchecked) private var pending = FIFOQueue<Input>()
    @exclusivity(unchecked) private var draining = false
    private let handler: (Input) -> Void

    /// Creates a queue delivering to `handler`.
    init(_ handler: @escaping (Input) -> Void) {
        self.handler = handler
    }

    /// Queues `input`, and delivers it (and whatever arrives meanwhile) unless another
    /// call is already delivering.
    func send(_ input: Input) {
        enqueue(input)
        drain()
    }

    /// Queues `input` without delivering it: for a caller that must queue while holding a
    /// lock of its own, and then calls `drain()` once it released it.
    func enqueue(_ input: Input) {
        lock.withLock { pending.append(input) }
    }

    /// Delivers what is queued, unless another call is already delivering (it then
    /// delivers it too).
    func drain() {
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
