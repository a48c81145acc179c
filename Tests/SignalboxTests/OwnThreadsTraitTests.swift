import Foundation
import TestThreads
import Testing

/// Counts arrivals and lets every arrival wait (bounded) until `count` have arrived.
private final class Barrier: @unchecked Sendable {
    // Safety: `arrived` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var arrived = 0
    private let count: Int

    init(count: Int) { self.count = count }

    /// Arrives, then waits until all have arrived or `seconds` passed; whether all did.
    func arriveAndWait(seconds: Double) -> Bool {
        condition.withLock {
            arrived += 1
            condition.broadcast()
            let deadline = Date().addingTimeInterval(seconds)
            while arrived < count, condition.wait(until: deadline) {}
            return arrived >= count
        }
    }
}

/// As many test cases as the cooperative pool has threads (one per core).
private let blockers = ProcessInfo.processInfo.activeProcessorCount
private let barrier = Barrier(count: blockers)

@Suite("the .ownThreads trait: tests that block leave the cooperative pool free", .ownThreads)
struct OwnThreadsTraitTests {
    /// Each case waits until all are waiting, then blocks until a task it starts has run. On
    /// the cooperative pool these cases would hold every thread it has, and no task could
    /// run: the case that once made the pool's other users (async sequences, `Task`s) wait
    /// for a minute.
    @Test(
        "while as many tests block as the pool has threads, a task still runs",
        arguments: 0..<blockers)
    func taskRunsWhileTestsBlock(index: Int) {
        #expect(barrier.arriveAndWait(seconds: 60))
        let ran = DispatchSemaphore(value: 0)
        Task.detached { ran.signal() }
        #expect(ran.wait(timeout: .now() + 30) == .success)
    }
}
