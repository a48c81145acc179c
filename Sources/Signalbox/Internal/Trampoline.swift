import SignalboxLocks

/// Serialises calls to a handler without deadlocking on re-entrant calls.
///
/// Calls from other threads wait for the current one to return, as with an `Observer`. A
/// call made on the thread that is running the handler (the handler's own downstream,
/// reaching back) is queued instead, and runs right after the current call returns, on the
/// same thread and before any other thread gets its turn.
///
/// Why not an `Observer`: an operator that joins several sources (`combineLatest`, `zip`,
/// their collection forms, `sample`, `withLatest`) must accept an event from one source
/// while it is delivering another's, because its observer may end a source from inside its
/// callback, which ReactiveSwift allows. `EventFunnel` keeps the same rule for `flatMap`.
/// So a sender delivers its own input and those its own thread queues meanwhile, never
/// another thread's (`TheContracts.md`, "Joining sources").
final class Trampoline<Input>: @unchecked Sendable {
    // Safety: `handler` is only called, and `pending` only touched, by the thread holding
    // `lock`; a re-entrant caller is that thread (`lockUnlessHeldByCurrentThread` tells).
    private let lock = OwnedLock()
    private var pending = FIFOQueue<Input>()
    private let handler: (Input) -> Void

    /// Creates a trampoline calling `handler` with each input, one at a time, in order.
    init(_ handler: @escaping (Input) -> Void) {
        self.handler = handler
    }

    /// Calls the handler with `input`, or queues it if the current thread is in the handler.
    func send(_ input: Input) {
        guard lock.lockUnlessHeldByCurrentThread() else {
            pending.append(input)
            return
        }
        handler(input)
        while let next = pending.popFirst() {
            handler(next)
        }
        lock.unlock()
    }
}
