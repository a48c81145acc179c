import Foundation

extension Transforms {
    /// Holds each value back until `interval` seconds pass without a newer one, then sends it
    /// on `scheduler`.
    ///
    /// ReactiveSwift's algorithm: a terminal event cancels the pending delivery; on
    /// completion the value still held back is dropped (`discardWhenCompleted`), or sent when
    /// it falls due (`interval` after it arrived) and the completion after it. Terminal
    /// events go to the scheduler (see `ScheduledOutput`). The state and its transitions
    /// are `DebounceState`; this function performs what they return.
    static func debounce<V, E>(
        _ interval: TimeInterval, on scheduler: DateScheduler, discardWhenCompleted: Bool
    ) -> EventTransform<V, E, V, E> {
        { downstream, lifetime in
            let output = ScheduledOutput(downstream, on: scheduler, lifetime: lifetime)
            let timer = SerialDisposable()
            lifetime += timer
            let state = LockedBox(DebounceState<V>())
            return { event in
                switch event {
                case .value(let value):
                    let now = scheduler.currentDate
                    let ticket = state.modify { $0.hold(value, at: now) }
                    let date = SchedulingTime.date(now, after: interval)
                    timer.inner = scheduler.schedule(after: date) {
                        if let due = state.modify({ $0.fire(ticket) }) { output.send(value: due) }
                    }
                case .completed:
                    guard output.isActive else { return }
                    timer.dispose()
                    let held = state.modify { $0.end() }
                    guard !discardWhenCompleted, let last = held.value else {
                        return output.terminate(.completed)
                    }
                    let date = SchedulingTime.date(held.arrived, after: interval)
                    lifetime.schedule(on: scheduler, after: date) {
                        output.send(value: last)
                        output.terminate(.completed)
                    }
                case .failed, .interrupted:
                    guard output.isActive else { return }
                    timer.dispose()
                    _ = state.modify { $0.end() }
                    output.terminate(event)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Sends a value only once `interval` seconds have passed without a newer value.
    ///
    /// Values superseded within the interval are dropped: a search box sends a query only
    /// when the user pauses typing.
    ///
    /// Contract (ReactiveSwift's): every event is delivered on `scheduler`. When the
    /// upstream completes, the value still held back is dropped and the completion is
    /// delivered as soon as possible, unless `discardWhenCompleted` is `false`: then that
    /// value is sent when it falls due, followed by the completion. A failure or an
    /// interruption drops it too. Disposing the run drops it at once and delivers
    /// `.interrupted` on `scheduler`.
    ///
    /// ```swift
    /// query.producer.debounce(0.3, on: scheduler)  // the last query is lost on completion
    /// query.producer.debounce(0.3, on: scheduler, discardWhenCompleted: false)  // kept
    /// ```
    ///
    /// - Parameters:
    ///   - interval: Seconds of quiet required before a value is sent; NaN or negative
    ///     counts as zero, and +∞ never sends a value.
    ///   - scheduler: Measures the interval and delivers the events.
    ///   - discardWhenCompleted: `true` (the default) drops the value held back at
    ///     completion; `false` sends it when it falls due, then the completion.
    /// - Returns: A producer of the values that were not superseded in time.
    public func debounce(
        _ interval: TimeInterval, on scheduler: DateScheduler, discardWhenCompleted: Bool = true
    ) -> SignalProducer<Value, Error> {
        lift(
            Transforms.debounce(
                interval, on: scheduler, discardWhenCompleted: discardWhenCompleted))
    }
}

extension Signal {
    /// Sends a value only once `interval` seconds have passed without a newer value; see
    /// `SignalProducer.debounce(_:on:discardWhenCompleted:)` for the contract.
    ///
    /// - Parameters:
    ///   - interval: Seconds of quiet required before a value is sent; NaN or negative
    ///     counts as zero, and +∞ never sends a value.
    ///   - scheduler: Measures the interval and delivers the events.
    ///   - discardWhenCompleted: `true` (the default) drops the value held back at
    ///     completion; `false` sends it when it falls due, then the completion.
    /// - Returns: A signal of the values that were not superseded in time.
    public func debounce(
        _ interval: TimeInterval, on scheduler: DateScheduler, discardWhenCompleted: Bool = true
    ) -> Signal<Value, Error> {
        lift(
            Transforms.debounce(
                interval, on: scheduler, discardWhenCompleted: discardWhenCompleted))
    }
}
