import Foundation

/// `throttle`'s state machine: the newest value not sent yet, and the date for which the
/// last value sent was scheduled. A value type with no lock and no scheduler:
/// `Transforms.throttle` keeps it in an `Atomic` and performs what its transitions return
/// (schedule the delivery, send a value), outside the lock.
struct ThrottleState<Value> {
    private var pending: Value?
    private var previous: Date?

    /// A value arrived at `now`: it replaces the one held back.
    ///
    /// ReactiveSwift's rule: deliver now if no value was sent yet or the last one was
    /// scheduled in the future (a clock set back), else `interval` after the last one (and
    /// not before now).
    ///
    /// - Returns: The date to (re)schedule the delivery of the held value for.
    mutating func hold(_ value: Value, at now: Date, interval: TimeInterval) -> Date {
        pending = value
        guard let previous, previous <= now else { return now }
        return max(now, SchedulingTime.date(previous, after: interval))
    }

    /// The delivery scheduled for `date` runs.
    ///
    /// - Returns: The value to send, or `nil` if there is none (an earlier delivery sent it).
    mutating func fire(scheduledFor date: Date) -> Value? {
        guard let value = pending else { return nil }
        pending = nil
        previous = date
        return value
    }
}
