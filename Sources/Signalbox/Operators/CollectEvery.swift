import Dispatch
import Foundation

extension Transforms {
    /// Gathers the values of each `interval` and sends them as one array at the end of it.
    static func collect<V, E>(
        every interval: TimeInterval, on scheduler: DateScheduler, skipEmpty: Bool,
        discardWhenCompleted: Bool
    ) -> EventTransform<V, E, [V], E> {
        { downstream, lifetime in
            let output = Signal<[V], E>.Observer(downstream)
            let timer = SerialDisposable()
            lifetime += timer
            // Weakly, as in `holdingBack`: the lifetime must not keep the output.
            lifetime.observeEnded { [weak output] in output?.sendInterrupted() }
            let window = LockedBox<(values: [V], completed: Bool)>(([], false))
            let step = SchedulingTime.repeatInterval(interval)
            let first = SchedulingTime.date(scheduler.currentDate, after: step)
            timer.inner = scheduler.schedule(after: first, interval: step, leeway: 0) {
                let (values, completed) = window.modify { window -> ([V], Bool) in
                    defer { window.values.removeAll() }
                    return (window.values, window.completed)
                }
                if !skipEmpty || !values.isEmpty { output.send(value: values) }
                if completed {
                    timer.dispose()
                    output.sendCompleted()
                }
            }
            return { event in
                switch event {
                case .value(let value):
                    window.modify { $0.values.append(value) }
                case .completed:
                    if discardWhenCompleted {
                        window.modify { $0.values.removeAll() }
                        timer.inner = scheduler.schedule { output.sendCompleted() }
                    } else {
                        // The values gathered so far go out at the end of the window.
                        window.modify { $0.completed = true }
                    }
                case .failed(let error):
                    timer.inner = scheduler.schedule { output.send(error: error) }
                case .interrupted:
                    timer.inner = scheduler.schedule { output.sendInterrupted() }
                }
            }
        }
    }
}

extension SignalProducer {
    /// Gathers the values sent during each `interval` and sends them as one array at the
    /// end of the interval; the first interval starts when the run starts.
    ///
    /// Contract: the arrays and the terminal events are delivered on `scheduler`. On
    /// completion, the values of the current interval are dropped and the completion is
    /// scheduled at once if `discardWhenCompleted`; otherwise they are sent (subject to
    /// `skipEmpty`) at the end of the interval, then the completion. A failure or an
    /// interruption drops the values of the current interval. Disposing the run stops the
    /// timer and interrupts at once.
    ///
    /// ```swift
    /// clicks.collect(every: .seconds(1), on: scheduler)  // the clicks of each second
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The length of each window; raised to
    ///     `DateScheduler.minimumRepeatInterval` if shorter.
    ///   - scheduler: Measures the windows and delivers the events.
    ///   - skipEmpty: Whether a window without values sends nothing (`true`) or an empty
    ///     array (`false`, the default).
    ///   - discardWhenCompleted: Whether completion drops the values of the current window
    ///     (`true`, the default) or waits for the window's end to send them.
    /// - Returns: A producer of the windows' values.
    public func collect(
        every interval: DispatchTimeInterval, on scheduler: DateScheduler,
        skipEmpty: Bool = false, discardWhenCompleted: Bool = true
    ) -> SignalProducer<[Value], Error> {
        lift(
            Transforms.collect(
                every: interval.timeInterval, on: scheduler, skipEmpty: skipEmpty,
                discardWhenCompleted: discardWhenCompleted))
    }
}

extension Signal {
    /// Gathers the values sent during each `interval` and sends them as one array at the
    /// end of the interval; the first interval starts now. See
    /// `SignalProducer.collect(every:on:skipEmpty:discardWhenCompleted:)` for the contract.
    ///
    /// - Parameters:
    ///   - interval: The length of each window.
    ///   - scheduler: Measures the windows and delivers the events.
    ///   - skipEmpty: Whether a window without values sends nothing.
    ///   - discardWhenCompleted: Whether completion drops the values of the current window.
    /// - Returns: A signal of the windows' values.
    public func collect(
        every interval: DispatchTimeInterval, on scheduler: DateScheduler,
        skipEmpty: Bool = false, discardWhenCompleted: Bool = true
    ) -> Signal<[Value], Error> {
        lift(
            Transforms.collect(
                every: interval.timeInterval, on: scheduler, skipEmpty: skipEmpty,
                discardWhenCompleted: discardWhenCompleted))
    }
}
