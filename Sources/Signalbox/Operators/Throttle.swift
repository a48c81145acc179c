import Foundation

extension Transforms {
    /// Sends at most one value per `interval`: the first at once, later ones at the end of
    /// each interval (the newest value of that interval).
    static func throttle<V, E>(
        _ interval: TimeInterval, on scheduler: DateScheduler
    ) -> EventTransform<V, E, V, E> {
        holdingBack(on: scheduler) { output, timer in
            // `lastSent` is when the last value was delivered; `scheduled` tells whether a
            // delivery of `pending` is already on the scheduler.
            let state = Protected<(pending: V?, lastSent: Date?, scheduled: Bool)>(
                (nil, nil, false))
            let takeHeld = { () -> V? in
                state.withValue { state -> V? in
                    defer {
                        state.pending = nil
                        state.scheduled = false
                    }
                    if state.pending != nil { state.lastSent = scheduler.currentDate }
                    return state.pending
                }
            }
            let hold = { (value: V) in
                let date = state.withValue { state -> Date? in
                    state.pending = value
                    if state.scheduled { return nil }
                    state.scheduled = true
                    let now = scheduler.currentDate
                    guard let lastSent = state.lastSent else { return now }
                    return max(now, SchedulingTime.date(lastSent, after: interval))
                }
                if let date {
                    timer.inner = scheduler.schedule(after: date) {
                        if let due = takeHeld() { output.send(value: due) }
                    }
                }
            }
            return (hold, takeHeld)
        }
    }
}

extension SignalProducer {
    /// Sends at most one value per `interval` seconds.
    ///
    /// The first value is sent at once; values arriving within `interval` of the last sent
    /// one are held back, and at the end of the interval the newest of them is sent. On
    /// completion the value still held back, if any, is sent first, so the last value is
    /// never lost.
    ///
    /// Contract: values, completion and failure are delivered on `scheduler`; a failure
    /// drops the held-back value. Disposing the run drops it too and delivers `.interrupted`
    /// at once, on the disposing thread.
    ///
    /// - Parameters:
    ///   - interval: The minimum number of seconds between two values; NaN or negative
    ///     counts as zero, and +∞ sends the first value, then only the last, on completion.
    ///   - scheduler: Measures the interval and delivers the events.
    /// - Returns: A producer of at most one value per interval.
    public func throttle(_ interval: TimeInterval, on scheduler: DateScheduler)
        -> SignalProducer<Value, Error>
    {
        lift(Transforms.throttle(interval, on: scheduler))
    }
}

extension Signal {
    /// Sends at most one value per `interval` seconds; see `SignalProducer.throttle(_:on:)`
    /// for the contract.
    ///
    /// - Parameters:
    ///   - interval: The minimum number of seconds between two values; NaN or negative
    ///     counts as zero, and +∞ sends the first value, then only the last, on completion.
    ///   - scheduler: Measures the interval and delivers the events.
    /// - Returns: A signal of at most one value per interval.
    public func throttle(_ interval: TimeInterval, on scheduler: DateScheduler) -> Signal<
        Value, Error
    > {
        lift(Transforms.throttle(interval, on: scheduler))
    }
}
