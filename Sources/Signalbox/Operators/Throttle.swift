import Foundation

extension Transforms {
    /// Sends at most one value per `interval`, on `scheduler`: the first as soon as
    /// possible, later ones at the end of each interval (the newest value of that interval).
    ///
    /// ReactiveSwift's algorithm: each value is held and (re)schedules the delivery of the
    /// held value, for now if no value was sent yet or the last one was sent in the future
    /// (a clock set back), else for `interval` after the last one was sent (and not before
    /// now). A terminal event does not send the held value: it goes to the scheduler (see
    /// `ScheduledOutput`), and a delivery scheduled after it finds the output stopped. The
    /// state and its transitions are `ThrottleState`; this function performs what they
    /// return.
    static func throttle<V, E>(
        _ interval: TimeInterval, on scheduler: DateScheduler
    ) -> EventTransform<V, E, V, E> {
        { downstream, lifetime in
            let output = ScheduledOutput(downstream, on: scheduler, lifetime: lifetime)
            let timer = SerialDisposable()
            lifetime += timer
            let state = LockedBox(ThrottleState<V>())
            return { event in
                guard case .value(let value) = event else { return output.terminate(event) }
                let date = state.modify {
                    $0.hold(value, at: scheduler.currentDate, interval: interval)
                }
                timer.inner = scheduler.schedule(after: date) {
                    guard output.isActive else { return }
                    if let due = state.modify({ $0.fire(scheduledFor: date) }) {
                        output.send(value: due)
                    }
                }
            }
        }
    }
}

extension SignalProducer {
    /// Sends at most one value per `interval` seconds.
    ///
    /// The first value is sent as soon as the scheduler runs; values arriving within
    /// `interval` of the last sent one are held back, and at the end of the interval the
    /// newest of them is sent.
    ///
    /// Contract: every event is delivered on `scheduler`. A terminal event of the upstream
    /// is delivered as soon as possible and drops the value still held back (as in
    /// ReactiveSwift: the completion is not delayed to flush it). Disposing the run drops it
    /// at once and delivers `.interrupted` on `scheduler`.
    ///
    /// - Parameters:
    ///   - interval: The minimum number of seconds between two values; NaN or negative
    ///     counts as zero, and +∞ sends the first value only.
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
    ///     counts as zero, and +∞ sends the first value only.
    ///   - scheduler: Measures the interval and delivers the events.
    /// - Returns: A signal of at most one value per interval.
    public func throttle(_ interval: TimeInterval, on scheduler: DateScheduler) -> Signal<
        Value, Error
    > {
        lift(Transforms.throttle(interval, on: scheduler))
    }
}
