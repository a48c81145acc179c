extension Transforms {
    static func skip<V, E>(
        until trigger: SignalProducer<Void, Never>, endingWithUpstream: Bool
    ) -> EventTransform<V, E, V, E> {
        { downstream, lifetime in
            let gate = SkipGate()
            let triggerRun = SerialDisposable()
            lifetime += triggerRun
            triggerRun.inner = trigger.start { event in
                switch event {
                case .value, .completed:
                    // The trigger has done its job; release it now.
                    triggerRun.dispose()
                    // An upstream that ended while the gate was closed was never observed
                    // (ReactiveSwift's rule): observing it now finds it over.
                    if gate.open() == .upstreamEnded { downstream(.interrupted) }
                case .interrupted: break
                }
            }
            return { event in
                if case .value = event {
                    if gate.isOpen { downstream(event) }
                } else if endingWithUpstream || !gate.closeIfShut() {
                    downstream(event)
                }
            }
        }
    }
}

/// The gate of `skip(until:)`: shut until the trigger fires, then open for good. An upstream
/// that ends while it is shut is remembered, so that the trigger can report it.
final class SkipGate: Sendable {
    /// What the gate had seen when the trigger fired.
    enum Opening {
        /// The gate opened (or was already open).
        case opened
        /// The upstream ended while the gate was shut: nothing will come.
        case upstreamEnded
    }

    private static let shut: UInt8 = 0
    private static let opened: UInt8 = 1
    private static let ended: UInt8 = 2
    private let state = LockFreeAtomic<UInt8>(SkipGate.shut)

    /// Whether values pass.
    var isOpen: Bool { state.load(ordering: .acquiring) == Self.opened }

    /// Opens the gate, unless the upstream already ended behind it.
    func open() -> Opening {
        let (exchanged, original) = state.compareExchange(
            expected: Self.shut, desired: Self.opened, ordering: .acquiringAndReleasing)
        return exchanged || original == Self.opened ? .opened : .upstreamEnded
    }

    /// Records that the upstream ended; returns `true` if the gate was still shut (the end is
    /// not passed on), `false` if it was open.
    func closeIfShut() -> Bool {
        state.compareExchange(
            expected: Self.shut, desired: Self.ended, ordering: .acquiringAndReleasing
        ).exchanged
    }
}

extension SignalProducer {
    /// Drops every event until `trigger` sends a value or completes; from then on forwards
    /// all, as ReactiveSwift does.
    ///
    /// The trigger is started with each run, before the upstream, and disposed once it has
    /// fired. Before it fires the upstream is not listened to: an upstream that completes,
    /// fails or is interrupted then leaves the result silent, and the result is interrupted
    /// when the trigger fires (ReactiveSwift's rule: observing a signal that is over). If
    /// the trigger is interrupted without firing, nothing is forwarded; disposal ends the run.
    /// Pass `endingWithUpstream: true` to forward the upstream's terminal event whenever it
    /// comes instead (the result then always ends with its upstream).
    ///
    /// ```swift
    /// keystrokes.skip(until: viewAppeared)
    /// ```
    ///
    /// - Parameters:
    ///   - trigger: Opens the gate with its first value or its completion.
    ///   - endingWithUpstream: Whether the upstream's terminal event is forwarded also
    ///     before the trigger fired. `false` (ReactiveSwift's behaviour) by default.
    /// - Returns: A producer of the values sent after the trigger fired.
    public func skip<Trigger: SignalProducerConvertible>(
        until trigger: Trigger, endingWithUpstream: Bool = false
    ) -> SignalProducer<Value, Error> where Trigger.Value == Void, Trigger.Error == Never {
        lift(Transforms.skip(until: trigger.producer, endingWithUpstream: endingWithUpstream))
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
        lift(Transforms.skip(until: trigger.producer, endingWithUpstream: false))
    }

    /// Drops every event until `trigger` sends a value or completes; see
    /// `SignalProducer.skip(until:endingWithUpstream:)` for the contract.
    ///
    /// - Parameters:
    ///   - trigger: Opens the gate with its first value or its completion.
    ///   - endingWithUpstream: Whether the upstream's terminal event is forwarded also
    ///     before the trigger fired. `false` (ReactiveSwift's behaviour) by default.
    /// - Returns: A signal of the values sent after the trigger fired.
    public func skip(
        until trigger: Signal<Void, Never>, endingWithUpstream: Bool = false
    ) -> Signal<Value, Error> {
        lift(Transforms.skip(until: trigger.producer, endingWithUpstream: endingWithUpstream))
    }
}
