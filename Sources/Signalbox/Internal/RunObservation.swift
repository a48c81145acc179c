import Synchronization

extension Signal {
    /// Attaches the observer of a producer's run (`SignalProducer(signal)`).
    ///
    /// Unlike `observe(_:)`'s, the returned disposable does not keep the subscription (nor
    /// the observer): the run's lifetime holds the disposable, and the observer's sink
    /// holds the lifetime, so a strong reference would keep a run alive after the signal
    /// is gone and nothing can send into it. Only the signal's core keeps the observer.
    @usableFromInline
    func observeForRun(_ observer: Observer) -> Disposable? {
        guard let subscription = core.attach(.observer(observer)) else { return nil }
        return RunObservation(core: core, id: ObjectIdentifier(subscription))
    }
}

/// Detaches a run's observer from a signal (see `Signal.observeForRun`), by the identity of
/// its subscription rather than a reference to it.
///
/// Why an identity is safe: the subscription leaves the core's list only through this
/// object, or when the signal terminates (after which nothing attaches again), so the
/// identity cannot name a newer subscription while this object can still use it.
final class RunObservation<Value, Error: Swift.Error>: Disposable, @unchecked Sendable {
    // Safety: `core` is a weak reference (atomic in the runtime) and `id` is immutable;
    // `disposed` is atomic.
    private weak var core: SignalCore<Value, Error>?
    private let id: ObjectIdentifier
    private let disposed = Atomic<Bool>(false)

    init(core: SignalCore<Value, Error>, id: ObjectIdentifier) {
        self.core = core
        self.id = id
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        core?.detach(id: id)
    }
}
