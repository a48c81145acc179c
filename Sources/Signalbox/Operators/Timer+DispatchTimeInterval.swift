import Dispatch
import Foundation

extension SignalProducer where Value == Date, Error == Never {
    /// Sends the scheduler's current date every `interval`, starting `interval` after the
    /// run starts; it never completes. The `DispatchTimeInterval` spelling of
    /// `timer(interval:on:leeway:)`, whose contract it follows.
    ///
    /// ```swift
    /// SignalProducer.timer(interval: .seconds(1), on: scheduler).take(first: 3)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The time between ticks; raised to `DateScheduler.minimumRepeatInterval`
    ///     if shorter; `.never` never ticks.
    ///   - scheduler: Runs the timer and delivers the ticks.
    ///   - leeway: How much the scheduler may defer each tick; negative counts as zero.
    /// - Returns: A producer of tick dates.
    public static func timer(
        interval: DispatchTimeInterval, on scheduler: DateScheduler,
        leeway: DispatchTimeInterval = .seconds(0)
    ) -> SignalProducer<Date, Never> {
        timer(interval: interval.timeInterval, on: scheduler, leeway: leeway.timeInterval)
    }
}

extension SignalProducer where Error == Never {
    /// Sends the elements of `values` one by one, one every `interval` (the first
    /// `interval` after the run starts), and completes at the tick after the last element.
    ///
    /// Each run iterates the sequence afresh; disposing the run stops the timer. Values and
    /// the completion are delivered on `scheduler`.
    ///
    /// ```swift
    /// SignalProducer.interval("abc", interval: .seconds(1), on: scheduler)  // a, b, c
    /// ```
    ///
    /// - Parameters:
    ///   - values: The values to send; the sequence is iterated lazily, one element a tick.
    ///   - interval: The time between values; raised to
    ///     `DateScheduler.minimumRepeatInterval` if shorter; `.never` sends nothing.
    ///   - scheduler: Runs the timer and delivers the events.
    /// - Returns: A producer of the sequence's elements, paced by the timer.
    public static func interval<S: Sequence>(
        _ values: S, interval: DispatchTimeInterval, on scheduler: DateScheduler
    ) -> SignalProducer<Value, Never> where S.Element == Value {
        let seconds = SchedulingTime.repeatInterval(interval.timeInterval)
        return SignalProducer { observer, lifetime in
            var iterator = values.makeIterator()
            let first = SchedulingTime.date(scheduler.currentDate, after: seconds)
            lifetime += scheduler.schedule(after: first, interval: seconds, leeway: 0) {
                if let value = iterator.next() {
                    observer.send(value: value)
                } else {
                    observer.sendCompleted()
                }
            }
        }
    }
}
