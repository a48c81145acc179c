import Observation
import Synchronization

/// `MutableProperty` is `Observable`: reading `value` inside `withObservationTracking`, or in
/// a SwiftUI `body`, registers a dependency on it.
///
/// The rules:
/// - Every write notifies, an equal value included, as `@Observable` classes and the
///   property's own `signal` do. (Skip equal values upstream with `skipRepeats` if needed.)
/// - The change handler runs once per tracking, on the thread that wrote, after the new
///   value is stored and has been delivered to the reactive observers, and while the
///   property holds none of its locks: the handler may read the property, or write
///   others. (Not this one: `Observation` calls a handler again for a write made from
///   inside it, so it would run without end, as with an `@Observable` class.
///   Schedule such a write instead.)
/// - Writes from several threads tell `Observation` one at a time (Swift's registrar runs
///   away when a handler tracks again while other threads write). A write that finds
///   another thread notifying leaves its notification to that thread, which runs it before
///   its own write returns; the write waits for it (spinning, at most 50 ms) unless it is
///   made from inside a change handler. So the handler may run on the other writing thread,
///   and no waiting can deadlock.
/// - A property whose `value` was never read skips `Observation` on writes (nothing can
///   be tracking it); `producer` and `withValue` do not count as reads.
///   A write from inside a reactive observer of this property notifies at once, while the
///   delivery in progress goes on.
/// - Threading: a SwiftUI view must see its view model change on the main thread, so give
///   view models the main scheduler there.
extension MutableProperty: Observable {
    /// Tells `Observation` that `value` changed, unless it was never read (then nothing
    /// can be tracking it). Called after each write, outside the property's locks.
    @inlinable
    func notifyObservationIfRead() {
        if hasBeenRead.load(ordering: .sequentiallyConsistent) { notifyObservation() }
    }

    /// Tells `Observation` that `value` changed, one thread at a time (`ObservationGate`).
    @usableFromInline
    func notifyObservation() {
        observationGate.notify {
            registrar.willSet(self, keyPath: valueKeyPath)
            registrar.didSet(self, keyPath: valueKeyPath)
        }
    }
}
