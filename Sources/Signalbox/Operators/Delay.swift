import Foundation

extension Transforms {
    /// Shifts values and completion `interval` seconds later on `scheduler`; a failure or
    /// an interruption goes to the scheduler at once (see `ScheduledOutput`).
    static func delay<V, E>(
        _ interval: TimeInterval, on scheduler: DateScheduler
    ) -> EventTransform<V, E, V, E> {
        { downstream, lifetime in
            let output = ScheduledOutput(downstream, on: scheduler, lifetime: lifetime)
            return { event in
                switch event {
                case .value(let value):
                    guard output.isActive else { return }
                    let date = SchedulingTime.date(scheduler.currentDate, after: interval)
                    lifetime.schedule(on: scheduler, after: date) { output.send(value: value) }
                case .completed:
                    let date = SchedulingTime.date(scheduler.currentDate, after: interval)
                    lifetime.schedule(on: scheduler, after: date) { output.terminate(.completed) }
                case .failed, .interrupted:
                    output.terminate(event)
                }
            }
        }
    }
}

extension Lifetime {
    /// Schedules `action` on `scheduler` for `date`; it is cancelled if the lifetime ends
    /// first, and unregistered from the lifetime once it has run, so that a long run with
    /// many scheduled actions does not accumulate them.
    func schedule(on scheduler: DateScheduler, after date: Date, action: @escaping () -> Void) {
        let slot = SerialDisposable()
        let registration = add(slot)
        slot.inner = scheduler.schedule(after: date) {
            registration?.dispose()
            action()
        }
    }
}

extension SignalProducer {
    /// Delivers each value, and the completion, `interval` seconds later on `scheduler`.
    ///
    /// Contract: every event is delivered on `scheduler`. A failure or an interruption of
    /// the upstream is delivered as soon as possible (after what was due before it) and drops
    /// the values still being delayed. Disposing the run drops them at once and delivers
    /// `.interrupted` on `scheduler` (ReactiveSwift's rule: the interruption respects the
    /// closest scheduler).
    ///
    /// - Parameters:
    ///   - interval: Seconds to delay by; NaN or negative counts as zero, and +∞ (or a date
    ///     past the scheduler's latest) holds the values and the completion until disposal.
    ///   - scheduler: Measures the delay and delivers the events.
    /// - Returns: A producer of the same events, later.
    public func delay(_ interval: TimeInterval, on scheduler: DateScheduler) -> SignalProducer<
        Value, Error
    > {
        lift(Transforms.delay(interval, on: scheduler))
    }
}

extension Signal {
    /// Delivers each value, and the completion, `interval` seconds later on `scheduler`; see
    /// `SignalProducer.delay(_:on:)` for the contract.
    ///
    /// - Parameters:
    ///   - interval: Seconds to delay by; NaN or negative counts as zero, +∞ never comes.
    ///   - scheduler: Measures the delay and delivers the events.
    /// - Returns: A signal of the same events, later.
    public func delay(_ interval: TimeInterval, on scheduler: DateScheduler) -> Signal<
        Value, Error
    > {
        lift(Transforms.delay(interval, on: scheduler))
    }
}
