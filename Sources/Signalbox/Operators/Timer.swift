import Foundation

extension SignalProducer where Value == Date, Error == Never {
    /// Sends the scheduler's current date every `interval` seconds, starting `interval`
    /// seconds after the run starts; it never completes.
    ///
    /// Each run has its own timer; disposing the run stops it.
    ///
    /// ```swift
    /// SignalProducer.timer(interval: 1, on: scheduler).take(first: 3)  // three ticks
    /// ```
    ///
    /// - Parameters:
    ///   - interval: Seconds between ticks; raised to `DateScheduler.minimumRepeatInterval`
    ///     if smaller or NaN; +∞ never ticks.
    ///   - scheduler: Runs the timer and delivers the ticks.
    ///   - leeway: Seconds the scheduler may defer each tick to save energy; NaN or negative
    ///     counts as zero.
    /// - Returns: A producer of tick dates.
    public static func timer(
        interval: TimeInterval, on scheduler: DateScheduler, leeway: TimeInterval = 0
    ) -> SignalProducer<Date, Never> {
        let interval = SchedulingTime.repeatInterval(interval)
        return SignalProducer { observer, lifetime in
            let first = scheduler.currentDate.addingTimeInterval(interval)
            lifetime += scheduler.schedule(after: first, interval: interval, leeway: leeway) {
                observer.send(value: scheduler.currentDate)
            }
        }
    }

    /// Sends the scheduler's current date every `interval` seconds, starting `interval`
    /// seconds after the run starts; it never completes. The same producer as
    /// `timer(interval:on:leeway:)`, ReactiveSwift's name for it, which replaces this one.
    /// (`interval(_:interval:on:)`, which paces the elements of a sequence, is
    /// ReactiveSwift's and stays.)
    ///
    /// - Parameters:
    ///   - interval: Seconds between ticks; raised to `DateScheduler.minimumRepeatInterval`
    ///     if smaller or NaN; +∞ never ticks.
    ///   - scheduler: Runs the timer and delivers the ticks.
    ///   - leeway: Seconds the scheduler may defer each tick to save energy; NaN or negative
    ///     counts as zero.
    /// - Returns: A producer of tick dates.
    @available(*, deprecated, renamed: "timer(interval:on:leeway:)")
    public static func interval(
        _ interval: TimeInterval, on scheduler: DateScheduler, leeway: TimeInterval = 0
    ) -> SignalProducer<Date, Never> {
        timer(interval: interval, on: scheduler, leeway: leeway)
    }
}
