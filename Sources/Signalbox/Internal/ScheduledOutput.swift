import Synchronization

/// The output of an operator that delivers on a scheduler (`delay`, `throttle`,
/// `debounce`): terminal events hop to the scheduler too, and disposal stops the output at
/// once but announces it there.
///
/// ReactiveSwift's rules, which this type keeps in one place:
/// - a terminal event from upstream is delivered on the scheduler, after whatever was
///   scheduled before it; the output stops only when it is delivered (`terminate`);
/// - disposal (the lifetime ends) stops the output at once, so no value waiting on the
///   scheduler is delivered any more, and `.interrupted` is delivered on the scheduler;
/// - values are sent only while the output has not stopped (`send(value:)`, called on the
///   scheduler).
///
/// The observer it wraps serialises what reaches the downstream (values come from the
/// scheduler, terminal events from wherever they were sent).
final class ScheduledOutput<Value, Error: Swift.Error>: Sendable {
    let observer: Signal<Value, Error>.Observer
    let scheduler: Scheduler
    /// Whether the output may still deliver; cleared by the first terminal event delivered
    /// or by disposal, whichever comes first.
    private let active = LockFreeAtomic<Bool>(true)

    /// - Parameters:
    ///   - downstream: Where the events go.
    ///   - scheduler: Where terminal events are delivered.
    ///   - lifetime: The run's (or the derived signal's) lifetime; its end interrupts.
    init(
        _ downstream: @escaping (Event<Value, Error>) -> Void, on scheduler: Scheduler,
        lifetime: Lifetime
    ) {
        observer = Signal<Value, Error>.Observer(downstream)
        self.scheduler = scheduler
        // Weakly: the lifetime must not keep the output (whose downstream keeps the
        // lifetime); the upstream sink and the scheduled actions keep it while it can send.
        lifetime.observeEnded { [weak self] in self?.interrupt() }
    }

    /// Whether the output has not stopped yet.
    var isActive: Bool { active.load(ordering: .acquiring) }

    /// Sends a value, unless the output has stopped. Call it on the scheduler.
    func send(value: Value) {
        if isActive { observer.send(value: value) }
    }

    /// Delivers `event` (a terminal event) on the scheduler, unless the output stops first.
    func terminate(_ event: Event<Value, Error>) {
        scheduler.schedule { [self] in
            if active.exchange(false, ordering: .acquiringAndReleasing) { observer.send(event) }
        }
    }

    /// Stops the output now and delivers `.interrupted` on the scheduler.
    func interrupt() {
        guard active.exchange(false, ordering: .acquiringAndReleasing) else { return }
        let observer = observer
        scheduler.schedule { observer.sendInterrupted() }
    }
}
