import Dispatch
import Foundation

extension TestScheduler {
    /// Runs every action due now; the `async` form of `advance()`, for tests whose code under
    /// test waits on the scheduler from a task (`sleep(for:)`, `timer(interval:)`).
    ///
    /// As in ReactiveSwift, the `async` forms run on the main actor, and the actions with
    /// them: before each action, and once more before the clock settles, the main actor lets
    /// the jobs queued on it run (it is a first-in, first-out executor), so a task the test
    /// started on the main actor (an `async` test's `Task { … }`) reaches its wait before the
    /// clock moves: its `sleep` schedules the wake-up on the caller's actor, before it
    /// suspends. That is deterministic. A task on another executor is not ordered with the
    /// clock (the scheduler also lets the shared pool run a few jobs, a best effort): wait
    /// for its wait before moving the clock:
    ///
    /// ```swift
    /// let task = Task.detached { try await scheduler.sleep(for: .seconds(5)) }
    /// while scheduler.pendingActionCount == 0 { await Task.yield() }
    /// await scheduler.advance(by: .seconds(5))
    /// ```
    @MainActor
    public func advance() async {
        await advance(to: currentDate)
    }

    /// Moves the clock forward by `interval` seconds, letting other tasks run before each
    /// action; see `advance(by:)`.
    ///
    /// - Parameter interval: Seconds of virtual time to pass; NaN or negative counts as
    ///   zero.
    @MainActor
    public func advance(by interval: TimeInterval) async {
        await advance(to: SchedulingTime.date(currentDate, after: max(0, interval)))
    }

    /// Moves the clock forward by `interval`, letting other tasks run before each action;
    /// see `advance(by:)`.
    ///
    /// - Parameter interval: Virtual time to pass; negative counts as zero.
    @MainActor
    public func advance(by interval: DispatchTimeInterval) async {
        await advance(by: interval.timeInterval)
    }

    /// Moves the clock to `date`, running every action due by then in date order, and
    /// letting other tasks run (so that they can schedule their waits) before each action
    /// and before the clock settles; see `advance(to:)`.
    ///
    /// - Parameter date: The new virtual date; an earlier (or NaN) date than now leaves
    ///   the clock, a date after `latestDate` counts as `latestDate`.
    @MainActor
    public func advance(to date: Date) async {
        let target =
            date.timeIntervalSinceReferenceDate.isNaN ? currentDate : min(date, Self.latestDate)
        repeat {
            await Self.letOtherTasksRun()
        } while runNextAction(dueBy: target)
        moveClock(to: target)
    }

    /// Runs every scheduled action, letting other tasks run before each, then moves the
    /// clock to `latestDate`, as ReactiveSwift's does; see `run(leavingClockAtLastAction:)`.
    ///
    /// - Parameter leavingClockAtLastAction: Pass `true` to leave the clock at the date of
    ///   the last action run instead.
    @MainActor
    public func run(leavingClockAtLastAction: Bool = false) async {
        repeat {
            await Self.letOtherTasksRun()
        } while runNextAction(dueBy: Self.latestDate)
        if !leavingClockAtLastAction { moveClock(to: Self.latestDate) }
    }

    /// Lets the jobs queued on the main actor run, and gives the shared pool turns: each
    /// round waits for a job of the pool (the main actor is free meanwhile), then yields the
    /// main actor itself, so that a job that reached it from the pool meanwhile (a task
    /// resumed there, hopping back to the main actor) runs before the clock moves.
    @MainActor
    private static func letOtherTasksRun() async {
        for _ in 0..<10 {
            await Task.detached(priority: .background) { await Task.yield() }.value
            await Task.yield()
        }
    }
}
