import Dispatch
import Foundation

extension TestScheduler {
    /// Runs every action due now, letting other tasks run first; the `async` form of
    /// `advance()`, for tests whose code under test waits on the scheduler from a task
    /// (`sleep(for:)`, `timer(interval:)`).
    ///
    /// Letting other tasks run is a best effort (a few yields), not a guarantee: on a busy
    /// thread pool a task may not have scheduled its wait yet when the clock moves, and its
    /// wait then starts from the new date. Where that matters, wait for the wait itself
    /// before moving the clock:
    ///
    /// ```swift
    /// let task = Task { try await scheduler.sleep(for: .seconds(5)) }
    /// while scheduler.pendingActionCount == 0 { await Task.yield() }
    /// await scheduler.advance(by: .seconds(5))
    /// ```
    public func advance() async {
        await advance(to: currentDate)
    }

    /// Moves the clock forward by `interval` seconds, letting other tasks run before each
    /// action; see `advance(by:)`.
    ///
    /// - Parameter interval: Seconds of virtual time to pass; NaN or negative counts as
    ///   zero.
    public func advance(by interval: TimeInterval) async {
        await advance(to: SchedulingTime.date(currentDate, after: max(0, interval)))
    }

    /// Moves the clock forward by `interval`, letting other tasks run before each action;
    /// see `advance(by:)`.
    ///
    /// - Parameter interval: Virtual time to pass; negative counts as zero.
    public func advance(by interval: DispatchTimeInterval) async {
        await advance(by: interval.timeInterval)
    }

    /// Moves the clock to `date`, running every action due by then in date order, and
    /// letting other tasks run (so that they can schedule their waits) before each action
    /// and before the clock settles; see `advance(to:)`.
    ///
    /// - Parameter date: The new virtual date; an earlier (or NaN) date than now leaves
    ///   the clock, a date after `latestDate` counts as `latestDate`.
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
    public func run(leavingClockAtLastAction: Bool = false) async {
        repeat {
            await Self.letOtherTasksRun()
        } while runNextAction(dueBy: Self.latestDate)
        if !leavingClockAtLastAction { moveClock(to: Self.latestDate) }
    }

    /// Gives tasks started by the test a chance to reach their next suspension point.
    private static func letOtherTasksRun() async {
        for _ in 0..<10 {
            await Task.detached(priority: .background) { await Task.yield() }.value
        }
    }
}
