import Dispatch
import Foundation

// ReactiveSwift's schedulers take `DispatchTimeInterval` where Signalbox's take seconds
// (`TimeInterval`); these overloads accept both spellings and follow the `DateScheduler`
// rules for the seconds they stand for (`.never` is +∞: a delay that never comes, a repeat
// that runs once).

extension DateScheduler {
    /// Schedules `action` to run `delay` after the scheduler's `currentDate`.
    ///
    /// - Parameters:
    ///   - delay: How long from now; negative counts as zero, `.never` never comes.
    ///   - action: The work to run.
    /// - Returns: A disposable that cancels the action.
    @discardableResult
    public func schedule(after delay: DispatchTimeInterval, action: @escaping () -> Void)
        -> Disposable?
    {
        schedule(afterDelay: delay.timeInterval, action: action)
    }

    /// Schedules `action` to run at `date`, then every `interval` until disposed.
    ///
    /// - Parameters:
    ///   - date: The first run.
    ///   - interval: The time between runs; raised to `minimumRepeatInterval` if shorter;
    ///     `.never` runs the action once.
    ///   - leeway: How much the scheduler may defer each run to save energy; negative
    ///     counts as zero.
    ///   - action: The work to run.
    /// - Returns: A disposable that stops the repetition.
    @discardableResult
    public func schedule(
        after date: Date, interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval = .seconds(0), action: @escaping () -> Void
    ) -> Disposable? {
        schedule(
            after: date, interval: interval.timeInterval, leeway: leeway.timeInterval,
            action: action)
    }

    /// Schedules `action` to run `delay` after the scheduler's `currentDate`, then every
    /// `interval` until disposed.
    ///
    /// - Parameters:
    ///   - delay: How long from now until the first run; negative counts as zero.
    ///   - interval: The time between runs; raised to `minimumRepeatInterval` if shorter;
    ///     `.never` runs the action once.
    ///   - leeway: How much the scheduler may defer each run; negative counts as zero.
    ///   - action: The work to run.
    /// - Returns: A disposable that stops the repetition.
    @discardableResult
    public func schedule(
        after delay: DispatchTimeInterval, interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval = .seconds(0), action: @escaping () -> Void
    ) -> Disposable? {
        let first = SchedulingTime.date(currentDate, after: max(0, delay.timeInterval))
        return schedule(
            after: first, interval: interval.timeInterval, leeway: leeway.timeInterval,
            action: action)
    }
}

extension TestScheduler {
    /// Moves the clock forward by `interval`, running every action due by then; see
    /// `advance(by:)` taking seconds.
    ///
    /// - Parameter interval: Virtual time to pass; negative counts as zero, `.never` runs
    ///   everything that can run and stops the clock at `latestDate`.
    public func advance(by interval: DispatchTimeInterval) {
        advance(by: interval.timeInterval)
    }

    /// Moves the clock back by `interval` without running anything; see `rewind(by:)`
    /// taking seconds.
    ///
    /// - Parameter interval: Virtual time to go back; negative counts as zero.
    public func rewind(by interval: DispatchTimeInterval) {
        rewind(by: interval.timeInterval)
    }
}
