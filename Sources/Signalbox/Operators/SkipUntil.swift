extension Transforms {
    static func skip<V, E>(until trigger: SignalProducer<Void, Never>) -> EventTransform<V, E, V, E>
    {
        { downstream, lifetime in
            let open = OperatorFlag()
            let triggerRun = SerialDisposable()
            lifetime += triggerRun
            triggerRun.inner = trigger.start { event in
                switch event {
                case .value, .completed:
                    open.set()
                    // The trigger has done its job; release it now.
                    triggerRun.dispose()
                case .interrupted: break
                }
            }
            return { event in
                if case .value = event, !open.isSet { return }
                downstream(event)
            }
        }
    }
}

extension SignalProducer {
    /// Drops values until `trigger` sends a value or completes; from then on forwards all.
    ///
    /// Terminal events are forwarded whenever they come, also before the trigger fired.
    /// The trigger is started with each run and disposed once it has fired; if it is
    /// interrupted without firing, every value is dropped.
    ///
    /// Difference from ReactiveSwift, which does not observe the upstream before the trigger
    /// fires (so an upstream that ends before then leaves the result silent): here the
    /// upstream's completion, failure or interruption always ends the result.
    ///
    /// ```swift
    /// keystrokes.skip(until: viewAppeared)
    /// ```
    ///
    /// - Parameter trigger: Opens the gate with its first value or its completion.
    /// - Returns: A producer of the values sent after the trigger fired.
    public func skip<Trigger: SignalProducerConvertible>(
        until trigger: Trigger
    ) -> SignalProducer<Value, Error> where Trigger.Value == Void, Trigger.Error == Never {
        lift(Transforms.skip(until: trigger.producer))
    }
}

extension Signal {
    /// Drops values until `trigger` sends a value or completes; from then on forwards all.
    /// See `SignalProducer.skip(until:)` for the contract.
    ///
    /// - Parameter trigger: Opens the gate with its first value or its completion; a
    ///   producer is started at once.
    /// - Returns: A signal of the values sent after the trigger fired.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public func skip<Trigger: SignalProducerConvertible>(
        until trigger: Trigger
    ) -> Signal<Value, Error> where Trigger.Value == Void, Trigger.Error == Never {
        lift(Transforms.skip(until: trigger.producer))
    }

    /// Drops values until `trigger` sends a value or completes; see
    /// `SignalProducer.skip(until:)` for the contract.
    ///
    /// - Parameter trigger: Opens the gate with its first value or its completion.
    /// - Returns: A signal of the values sent after the trigger fired.
    public func skip(until trigger: Signal<Void, Never>) -> Signal<Value, Error> {
        lift(Transforms.skip(until: trigger.producer))
    }
}
