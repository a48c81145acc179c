import Foundation

/// What an operator that holds values back does with each value (`hold`), and how the value
/// it holds is taken away (`takeHeld`: removes it and returns it, or `nil`).
typealias HeldValue<V> = (hold: (V) -> Void, takeHeld: () -> V?)

extension Transforms {
    /// The part shared by the operators that hold values back and send them later on a
    /// scheduler (`debounce`, `throttle`).
    ///
    /// The output is serialised by an `Observer` (values come from the scheduler, terminal
    /// events from upstream or from disposal). On completion the value still held back, if
    /// any, is sent on the scheduler, then the completion; a failure drops the held value and
    /// is delivered on the scheduler; disposal drops it, cancels the timer and interrupts at
    /// once, on the disposing thread.
    ///
    /// - Parameters:
    ///   - scheduler: Where the held values and the terminal events are delivered.
    ///   - makeHolder: Given the output and the run's timer slot, returns what to do with
    ///     each upstream value (`hold`, which schedules its own delivery in `timer`) and
    ///     `takeHeld`, which removes the value held back and returns it (or `nil`).
    /// - Returns: The transform.
    static func holdingBack<V, E>(
        on scheduler: DateScheduler,
        _ makeHolder:
            @escaping (_ output: Signal<V, E>.Observer, _ timer: SerialDisposable) ->
            HeldValue<V>
    ) -> EventTransform<V, E, V, E> {
        { downstream, lifetime in
            let output = Signal<V, E>.Observer(downstream)
            let timer = SerialDisposable()
            lifetime += timer
            // Weakly: the lifetime must not keep the output (whose downstream keeps the
            // lifetime); the upstream sink and the scheduled events keep it while it can send.
            lifetime.observeEnded { [weak output] in output?.sendInterrupted() }
            let holder = makeHolder(output, timer)
            return { event in
                switch event {
                case .value(let value):
                    holder.hold(value)
                case .completed:
                    timer.inner = scheduler.schedule {
                        if let last = holder.takeHeld() { output.send(value: last) }
                        output.sendCompleted()
                    }
                case .failed:
                    _ = holder.takeHeld()
                    timer.inner = scheduler.schedule { output.send(event) }
                case .interrupted:
                    output.sendInterrupted()
                }
            }
        }
    }
}
