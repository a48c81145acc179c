import Synchronization

extension Transforms {
    @inlinable
    static func observe<V, E>(on scheduler: Scheduler) -> EventTransform<V, E, V, E> {
        // A queue scheduler is fed directly: the per-event action needs no cancellation
        // handle (disposal is checked through `ended`), which saves an allocation per event.
        if let queueScheduler = scheduler as? QueueScheduler {
            return { downstream, lifetime in
                let ended = EndedFlag(lifetime)
                return { event in
                    queueScheduler.enqueue { deliver(event, to: downstream, unless: ended) }
                }
            }
        }
        return { downstream, lifetime in
            let ended = EndedFlag(lifetime)
            return { event in
                scheduler.schedule { deliver(event, to: downstream, unless: ended) }
            }
        }
    }
}

extension Transforms {
    /// Delivers an event that waited on a scheduler. If the run ended meanwhile (it was
    /// disposed), a waiting value is dropped and a waiting terminal event becomes
    /// `.interrupted`, so a disposed run never reports that it completed or failed.
    @inlinable @inline(__always)
    static func deliver<V, E>(
        _ event: Event<V, E>, to downstream: (Event<V, E>) -> Void, unless ended: EndedFlag
    ) {
        guard ended.isSet else { return downstream(event) }
        if event.isTerminating { downstream(.interrupted) }
    }
}

/// Becomes set when a lifetime ends; cheap to read on every event.
@usableFromInline
final class EndedFlag: Sendable {
    @usableFromInline let flag = LockFreeAtomic<Bool>(false)

    @usableFromInline
    init(_ lifetime: Lifetime) {
        lifetime.observeEnded { [weak self] in self?.flag.store(true, ordering: .releasing) }
    }

    @inlinable
    var isSet: Bool { flag.load(ordering: .acquiring) }
}

extension SignalProducer {
    /// Delivers every event on `scheduler`.
    ///
    /// Events keep their order. Once the run is disposed, values still waiting on the
    /// scheduler are dropped and only `.interrupted` is delivered, so a view never sees a
    /// value after it cancelled the work.
    ///
    /// - Parameter scheduler: Where downstream observers receive events, e.g.
    ///   `QueueScheduler.main`, or a `TestScheduler` in tests.
    /// - Returns: A producer delivering on `scheduler`.
    @inlinable
    public func observe(on scheduler: Scheduler) -> SignalProducer<Value, Error> {
        lift(Transforms.observe(on: scheduler))
    }

    /// Runs the start handler (the work of the run) on `scheduler`.
    ///
    /// If the run is disposed before the scheduler gets to it, the work never starts and the
    /// observer receives `.interrupted`.
    ///
    /// - Parameter scheduler: Where the run's work starts.
    /// - Returns: A producer starting on `scheduler`.
    public func start(on scheduler: Scheduler) -> SignalProducer<Value, Error> {
        let setUp = self.setUp
        return SignalProducer(
            .wired,
            setUp: { downstream, run in
                run.lifetime += scheduler.schedule {
                    setUp(downstream, run)
                }
            })
    }
}

extension Signal {
    /// Delivers every event on `scheduler`, in order.
    ///
    /// - Parameter scheduler: Where observers receive events.
    /// - Returns: A signal delivering on `scheduler`.
    public func observe(on scheduler: Scheduler) -> Signal<Value, Error> {
        lift(Transforms.observe(on: scheduler))
    }
}
