import Foundation

/// Something that runs work: now, on a queue, or in virtual time.
///
/// Operators that move events to another context (`observe(on:)`, `start(on:)`) take a
/// scheduler as a parameter, so that the same pipeline runs on a dispatch queue in an app
/// and on a `TestScheduler` in a test.
///
/// The action is not required to be `Sendable`: a scheduler runs each action exactly once
/// and the scheduling thread hands it over, which is the contract Combine's schedulers also
/// use. A scheduler that runs actions on several threads at once must not be passed to
/// operators that rely on serial delivery; every scheduler in this package is serial.
public protocol Scheduler: AnyObject, Sendable {
    /// Schedules `action` to run as soon as possible.
    ///
    /// - Parameter action: The work to run.
    /// - Returns: A disposable that cancels the action if it has not started, or `nil` if it
    ///   cannot be cancelled (for instance because it has already run).
    @discardableResult
    func schedule(_ action: @escaping () -> Void) -> Disposable?
}

/// A scheduler with a clock, for time-based operators such as `debounce` and `timeout`.
///
/// Every date and interval is accepted; none traps. The rules, which every scheduler in
/// this package and every time-based operator follow:
/// - A date in the past, −∞ or NaN means now: the action runs as soon as possible.
/// - A date after the scheduler's latest date (`QueueScheduler.latestDate`,
///   `TestScheduler.latestDate`), or +∞, never comes: the action is not kept and never
///   runs; the returned disposable can still be disposed.
/// - A NaN or negative delay (`schedule(afterDelay:)`, `delay`, `debounce`, `throttle`,
///   `timeout`) counts as zero; +∞ never comes.
/// - A repeat interval below `minimumRepeatInterval` (zero, negative, NaN) is raised to
///   it; +∞ (or an interval past the latest date) means the action runs once.
/// - A NaN or negative leeway counts as zero.
public protocol DateScheduler: Scheduler {
    /// The scheduler's notion of now. A `TestScheduler` reports virtual time.
    var currentDate: Date { get }

    /// Schedules `action` to run at `date` (as soon as possible if `date` is in the past or
    /// NaN; never if it is after the scheduler's latest date).
    ///
    /// - Parameters:
    ///   - date: When to run the action.
    ///   - action: The work to run.
    /// - Returns: A disposable that cancels the action.
    @discardableResult
    func schedule(after date: Date, action: @escaping () -> Void) -> Disposable?

    /// Schedules `action` to run at `date`, then every `interval` seconds until disposed.
    ///
    /// - Parameters:
    ///   - date: The first run.
    ///   - interval: Seconds between runs; raised to `minimumRepeatInterval` if smaller or
    ///     NaN; +∞ runs the action once.
    ///   - leeway: Seconds the scheduler may defer each run to save energy; NaN or negative
    ///     counts as zero.
    ///   - action: The work to run.
    /// - Returns: A disposable that stops the repetition.
    @discardableResult
    func schedule(
        after date: Date, interval: TimeInterval, leeway: TimeInterval,
        action: @escaping () -> Void
    ) -> Disposable?
}

extension DateScheduler {
    /// Schedules `action` to run `delay` seconds from the scheduler's `currentDate`.
    ///
    /// - Parameters:
    ///   - delay: Seconds from now; NaN or negative counts as zero, +∞ never comes.
    ///   - action: The work to run.
    /// - Returns: A disposable that cancels the action.
    @discardableResult
    public func schedule(afterDelay delay: TimeInterval, action: @escaping () -> Void)
        -> Disposable?
    {
        schedule(after: SchedulingTime.date(currentDate, after: delay), action: action)
    }

    /// Schedules a repeating action with no leeway.
    ///
    /// - Parameters:
    ///   - date: The first run.
    ///   - interval: Seconds between runs.
    ///   - action: The work to run.
    /// - Returns: A disposable that stops the repetition.
    @discardableResult
    public func schedule(
        after date: Date, interval: TimeInterval, action: @escaping () -> Void
    ) -> Disposable? {
        schedule(after: date, interval: interval, leeway: 0, action: action)
    }
}
