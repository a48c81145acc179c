import Foundation

extension Transforms {
    /// Holds each value back until `interval` seconds pass without a newer one; on
    /// completion the value held back is sent unless `discardWhenCompleted`.
    static func debounce<V, E>(
        _ interval: TimeInterval, on scheduler: DateScheduler,
        discardWhenCompleted: Bool = false
    ) -> EventTransform<V, E, V, E> {
        holdingBack(on: scheduler) { output, timer in
            // `generation` tells a timer that fired late (already running when a newer value
            // replaced it, or when the held value was taken) that its value is stale.
            let pending = Protected<(value: V?, generation: UInt64)>((nil, 0))
            let hold = { (value: V) in
                let generation = pending.withValue { state -> UInt64 in
                    state.value = value
                    state.generation &+= 1
                    return state.generation
                }
                let date = SchedulingTime.date(scheduler.currentDate, after: interval)
                timer.inner = scheduler.schedule(after: date) {
                    let due = pending.withValue { state -> V? in
                        guard state.generation == generation else { return nil }
                        defer { state.value = nil }
                        return state.value
                    }
                    if let due { output.send(value: due) }
                }
            }
            let takeHeld = { () -> V? in
                pending.withValue { state -> V? in
                    state.generation &+= 1
                    defer { state.value = nil }
                    return state.value
                }
            }
            guard discardWhenCompleted else { return (hold, takeHeld) }
            return (
                hold,
                { () -> V? in
                    _ = takeHeld()
                    return nil
                }
            )
        }
    }
}

extension SignalProducer {
    /// Sends a value only once `interval` seconds have passed without a newer value.
    ///
    /// Values superseded within the interval are dropped: a search box sends a query only
    /// when the user pauses typing. When the upstream completes, the value still being
    /// held back is sent at once, then the completion.
    ///
    /// Contract: values, completion and failure are delivered on `scheduler`; a failure
    /// drops the held-back value. Disposing the run drops the held-back value and delivers
    /// `.interrupted` at once, on the disposing thread.
    ///
    /// - Parameters:
    ///   - interval: Seconds of quiet required before a value is sent; NaN or negative
    ///     counts as zero, and +∞ sends only the last value, on completion.
    ///   - scheduler: Measures the interval and delivers the events.
    /// - Returns: A producer of the values that were not superseded in time.
    public func debounce(_ interval: TimeInterval, on scheduler: DateScheduler)
        -> SignalProducer<Value, Error>
    {
        lift(Transforms.debounce(interval, on: scheduler))
    }

    /// Sends a value only once `interval` seconds have passed without a newer value, and
    /// chooses what happens to the value still held back when the upstream completes.
    ///
    /// ReactiveSwift's `debounce(_:on:)` defaults to `discardWhenCompleted: true`;
    /// Signalbox's `debounce(_:on:)` behaves as `discardWhenCompleted: false` (the last
    /// value is not lost), so pass `true` for ReactiveSwift's default. The rest of the
    /// contract is `debounce(_:on:)`'s.
    ///
    /// ```swift
    /// query.debounce(0.3, on: scheduler, discardWhenCompleted: true)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: Seconds of quiet required before a value is sent.
    ///   - scheduler: Measures the interval and delivers the events.
    ///   - discardWhenCompleted: `true` drops the value held back at completion; `false`
    ///     sends it, then the completion.
    /// - Returns: A producer of the values that were not superseded in time.
    public func debounce(
        _ interval: TimeInterval, on scheduler: DateScheduler, discardWhenCompleted: Bool
    ) -> SignalProducer<Value, Error> {
        lift(
            Transforms.debounce(
                interval, on: scheduler, discardWhenCompleted: discardWhenCompleted))
    }
}

extension Signal {
    /// Sends a value only once `interval` seconds have passed without a newer value; see
    /// `SignalProducer.debounce(_:on:)` for the contract.
    ///
    /// - Parameters:
    ///   - interval: Seconds of quiet required before a value is sent; NaN or negative
    ///     counts as zero, and +∞ sends only the last value, on completion.
    ///   - scheduler: Measures the interval and delivers the events.
    /// - Returns: A signal of the values that were not superseded in time.
    public func debounce(_ interval: TimeInterval, on scheduler: DateScheduler) -> Signal<
        Value, Error
    > {
        lift(Transforms.debounce(interval, on: scheduler))
    }
}

extension Signal {
    /// Sends a value only once `interval` seconds have passed without a newer value, and
    /// chooses what happens to the value held back at completion; see
    /// `SignalProducer.debounce(_:on:discardWhenCompleted:)`.
    ///
    /// - Parameters:
    ///   - interval: Seconds of quiet required before a value is sent.
    ///   - scheduler: Measures the interval and delivers the events.
    ///   - discardWhenCompleted: `true` drops the value held back at completion; `false`
    ///     sends it, then the completion.
    /// - Returns: A signal of the values that were not superseded in time.
    public func debounce(
        _ interval: TimeInterval, on scheduler: DateScheduler, discardWhenCompleted: Bool
    ) -> Signal<Value, Error> {
        lift(
            Transforms.debounce(
                interval, on: scheduler, discardWhenCompleted: discardWhenCompleted))
    }
}
