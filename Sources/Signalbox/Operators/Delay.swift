import Foundation

extension Transforms {
    /// Shifts values and completion `interval` seconds later on `scheduler`.
    static func delay<V, E>(
        _ interval: TimeInterval, on scheduler: DateScheduler
    ) -> EventTransform<V, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer(downstream)
            // Weakly: the lifetime must not keep the output (whose downstream keeps the
            // lifetime); the upstream sink and the scheduled events keep it while it can send.
            lifetime.observeEnded { [weak output] in output?.sendInterrupted() }
            return { event in
                switch event {
                case .value, .completed:
                    let date = SchedulingTime.date(scheduler.currentDate, after: interval)
                    lifetime.schedule(on: scheduler, after: date) { output.send(event) }
                case .failed:
                    lifetime.schedule(on: scheduler, after: scheduler.currentDate) {
                        output.send(event)
                    }
                case .interrupted:
                    output.sendInterrupted()
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
        let registration = disposables.add(slot)
        slot.inner = scheduler.schedule(after: date) {
            registration?.dispose()
            action()
        }
    }
}

extension SignalProducer {
    /// Delivers each value, and the completion, `interval` seconds later on `scheduler`.
    ///
    /// Contract: a failure is delivered on `scheduler` as soon as possible and drops the
    /// values still being delayed. Disposing the run cancels the delayed events and
    /// delivers `.interrupted` at once, on the disposing thread.
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
