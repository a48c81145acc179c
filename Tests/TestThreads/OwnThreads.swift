import Foundation
import Testing

/// A suite trait: each test of the suite runs on `TestThreadPool`'s threads, never on a
/// thread of Swift's cooperative pool.
///
/// Most tests of this package block the thread they run on: they wait, with a bound, for
/// other threads, a loopback server or a child process, or they compute for seconds. Swift
/// Testing runs a test that is not `async` on a thread of the cooperative pool, which has
/// one thread per core (two on CI). Two such tests held the whole pool for a minute under
/// the thread sanitizer, and every test that needs the pool (an async sequence's task, a
/// `Task`, any `await`) waited with them: tests of `SignalProducer(asyncSequence:)` failed
/// their own 60 s bound (CI, stop 42). A suite that blocks or computes for long carries this
/// trait, and the cooperative pool stays free for the suites that need it.
///
/// It is a task executor preference for the test's task: the test's body, and its
/// continuations after each `await`, run on `TestThreadPool.shared`. Main-actor tests still
/// run on the main actor; unstructured tasks a test starts do not inherit the preference and
/// run on the cooperative pool, as they do in the field.
public struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope runs no test body: only its test cases move.
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(TestThreadPool.shared) {
            try await function()
        }
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// Runs each test of the suite on `TestThreadPool`'s threads, off the cooperative pool
    /// (see `OwnThreadsTrait`).
    public static var ownThreads: Self { OwnThreadsTrait() }
}

/// A task executor of a few threads of its own, for tests that block.
///
/// It has as many threads as the machine has cores (at least 2), like the cooperative pool
/// these tests used to run on: at most that many of them block or compute at once, so a
/// test with a time bound keeps the share of the machine it had (with Swift Testing's own
/// bound of twice the cores, four time-bound tests at once under the thread sanitizer ran
/// past their bounds). Jobs run first in, first out.
public final class TestThreadPool: TaskExecutor, @unchecked Sendable {
    // Safety: `jobs`, `head`, `idle` and `threads` are only touched with `condition` locked.

    /// The pool every `.ownThreads` suite shares.
    public static let shared = TestThreadPool(
        width: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    /// The index of the next job to run in `jobs`.
    private var head = 0
    /// Workers waiting for a job.
    private var idle = 0
    /// Workers started (they run for the rest of the process).
    private var threads = 0
    private let width: Int

    /// A pool that starts up to `width` threads, as jobs arrive.
    public init(width: Int) {
        self.width = max(1, width)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            if idle > 0 { condition.signal() }
            // A worker for every waiting job, up to the width.
            if jobs.count - head > idle, threads < width {
                threads += 1
                let thread = Thread { [self] in work() }
                // As large as a cooperative thread's (8 MiB, the default pthread stack):
                // debug builds of long operator chains recurse deeply.
                thread.stackSize = 8 << 20
                thread.start()
            }
        }
    }

    /// A worker: runs jobs as they come.
    private func work() {
        let executor = asUnownedTaskExecutor()
        while true {
            let job = condition.withLock {
                idle += 1
                while head == jobs.count { condition.wait() }
                idle -= 1
                let job = jobs[head]
                head += 1
                if head == jobs.count {
                    jobs.removeAll(keepingCapacity: true)
                    head = 0
                }
                return job
            }
            job.runSynchronously(on: executor)
        }
    }
}
