import Foundation

extension Transforms {
    /// Fails with `error` if the stream has not terminated `interval` seconds after it began.
    static func timeout<V, E>(
        after interval: TimeInterval, raising error: E, on scheduler: DateScheduler
    ) -> EventTransform<V, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer(downstream)
            let deadline = SchedulingTime.date(scheduler.currentDate, after: interval)
            lifetime += scheduler.schedule(after: deadline) { output.send(error: error) }
            return output.send
        }
    }
}

extension SignalProducer {
    /// Fails with `error` if a run has not terminated within `interval` seconds of starting.
    ///
    /// Events are forwarded as they arrive until then. At the deadline the run fails with
    /// `error` (delivered on `scheduler`) and the upstream is disposed.
    ///
    /// ```swift
    /// network.requestJSON(url: url, parameters: query)
    ///     .timeout(after: 10, raising: .notReachedServer, on: scheduler)
    /// ```
    ///
    /// - Parameters:
    ///   - interval: Seconds the run may take; NaN or negative counts as zero (the run
    ///     fails as soon as the scheduler runs the deadline), +∞ never times out.
    ///   - error: The error to fail with at the deadline.
    ///   - scheduler: Measures the time.
    /// - Returns: A producer that fails at the deadline.
    public func timeout(
        after interval: TimeInterval, raising error: Error, on scheduler: DateScheduler
    ) -> SignalProducer<Value, Error> {
        lift(Transforms.timeout(after: interval, raising: error, on: scheduler))
    }
}

extension Signal {
    /// Fails with `error` if the signal has not terminated within `interval` seconds of this
    /// call; see `SignalProducer.timeout(after:raising:on:)`.
    ///
    /// - Parameters:
    ///   - interval: Seconds the signal may take; NaN or negative counts as zero, +∞ never
    ///     times out.
    ///   - error: The error to fail with at the deadline.
    ///   - scheduler: Measures the time.
    /// - Returns: A signal that fails at the deadline.
    public func timeout(
        after interval: TimeInterval, raising error: Error, on scheduler: DateScheduler
    ) -> Signal<Value, Error> {
        lift(Transforms.timeout(after: interval, raising: error, on: scheduler))
    }
}
