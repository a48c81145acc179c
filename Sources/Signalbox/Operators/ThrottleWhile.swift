import SignalboxLocks

/// Where `throttle(while:on:)` stands.
enum ThrottleWhileState<Value> {
    /// Values pass.
    case resumed
    /// Values are held back; the newest one waits here.
    case throttled(Value?)
    /// The stream has ended.
    case terminated
}

extension Transforms {
    static func throttle<V, E, P: PropertyProtocol>(
        while shouldThrottle: P, on scheduler: Scheduler
    ) -> EventTransform<V, E, V, E> where P.Value == Bool {
        let deliver: EventTransform<V, E, V, E> = observe(on: scheduler)
        // The property's producer, not the property: it does not keep the property alive
        // (as in ReactiveSwift), and ends with it (the last state then stays).
        let throttling = shouldThrottle.producer.skipRepeats()
        return { downstream, lifetime in
            // Filled under `state`'s lock and drained outside it: the property and the
            // upstream send from different threads, and their outputs keep that order.
            let output = DrainQueue(deliver(downstream, lifetime))
            let state = LockedBox<ThrottleWhileState<V>>(.resumed)
            lifetime += throttling.startWithValues { throttling in
                state.modify { state in
                    switch (state, throttling) {
                    case (.terminated, _): break
                    case (_, true): if case .resumed = state { state = .throttled(nil) }
                    case (.throttled(let held), false):
                        state = .resumed
                        if let held { output.enqueue(.value(held)) }
                    case (.resumed, false): break
                    }
                }
                output.drain()
            }
            return { event in
                state.modify { state in
                    switch (state, event) {
                    case (.terminated, _): break
                    case (.throttled, .value(let value)): state = .throttled(value)
                    case (.resumed, .value): output.enqueue(event)
                    case (_, .failed), (_, .completed), (_, .interrupted):
                        state = .terminated
                        output.enqueue(event)
                    }
                }
                output.drain()
            }
        }
    }
}

extension SignalProducer {
    /// Forwards values while `shouldThrottle` is `false`; while it is `true`, holds back the
    /// newest value and sends it when `shouldThrottle` turns `false` again.
    ///
    /// Every event is delivered on `scheduler`. A terminal event is forwarded at once (on
    /// the scheduler) and drops the value held back. Disposing the run stops observing
    /// `shouldThrottle` and drops pending events, as `observe(on:)` does. Neither the
    /// producer nor a run keeps `shouldThrottle` alive; once it is gone, its last value
    /// holds.
    ///
    /// ```swift
    /// updates.throttle(while: isScrolling, on: UIScheduler())  // no updates mid-scroll
    /// ```
    ///
    /// - Parameters:
    ///   - shouldThrottle: While `true`, values are held back.
    ///   - scheduler: Where the events are delivered.
    /// - Returns: A producer of the values that were not superseded while throttled.
    public func throttle<P: PropertyProtocol>(
        while shouldThrottle: P, on scheduler: Scheduler
    ) -> SignalProducer<Value, Error> where P.Value == Bool {
        lift(Transforms.throttle(while: shouldThrottle, on: scheduler))
    }
}

extension Signal {
    /// Forwards values while `shouldThrottle` is `false` and holds back the newest one while
    /// it is `true`; see `SignalProducer.throttle(while:on:)` for the contract.
    ///
    /// - Parameters:
    ///   - shouldThrottle: While `true`, values are held back.
    ///   - scheduler: Where the events are delivered.
    /// - Returns: A signal of the values that were not superseded while throttled.
    public func throttle<P: PropertyProtocol>(
        while shouldThrottle: P, on scheduler: Scheduler
    ) -> Signal<Value, Error> where P.Value == Bool {
        lift(Transforms.throttle(while: shouldThrottle, on: scheduler))
    }
}
