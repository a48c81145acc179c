import Observation
import Synchronization

/// `MutableProperty` is `Observable`: reading `value` inside `withObservationTracking`, or in
/// a SwiftUI `body`, registers a dependency on it. (The whole story, with the pattern for a
/// tracking that reads several properties written from several threads, is the
/// "Observation" article.)
///
/// The rules:
/// - Every write notifies, an equal value included, as `@Observable` classes and the
///   property's own `signal` do. (Skip equal values upstream with `skipRepeats` if needed.)
/// - The change handler runs once per tracking, after the new value is stored and has been
///   delivered to the reactive observers, and with no lock of the library held: the
///   handler may read the property, write others, or wait for another thread (hop
///   synchronously to the main queue). A write made inside a delivery (from an observer,
///   or through a `<~` binding) notifies when the delivering thread has left its
///   outermost delivery (see `DeliveryFrames`). (Do not write this property from its own
///   handler: `Observation` calls a handler again for a write made from inside it, so it
///   would run without end, as with an `@Observable` class. Schedule such a write.)
/// - Writes from several threads tell `Observation` one at a time (Swift's registrar runs
///   away when a handler tracks again while other threads write). A write that finds
///   another thread notifying leaves its notification to that thread, which runs it
///   before it lets go, and returns without waiting: the handler may run on the other
///   writing thread, after this write returned, and sees the latest value.
/// - A property whose `value` was never read skips `Observation` on writes (nothing can
///   be tracking it); `producer` and `withValue` do not count as reads.
/// - Threading: a SwiftUI view must see its view model change on the main thread, so give
///   view models the main scheduler there.
extension MutableProperty: Observable, ObservationNotifying {
    /// Tells `Observation` that `value` changed, unless it was never read (then nothing
    /// can be tracking it). Called after each write, outside the property's locks.
    @inlinable
    func notifyObservationIfRead() {
        if hasBeenRead.load(ordering: .sequentiallyConsistent) { notifyObservationOrHold() }
    }

    /// Tells `Observation` that `value` changed now, or once the thread holds no lock of the
    /// library (see `DeliveryFrames`).
    @usableFromInline
    func notifyObservationOrHold() {
        DeliveryFrames.shared.notify(self)
    }

    /// Tells `Observation` that `value` changed, one thread at a time (`ObservationGate`).
    func notifyObservation() {
        observationGate.notify {
            registrar.willSet(self, keyPath: valueKeyPath)
            registrar.didSet(self, keyPath: valueKeyPath)
        }
    }
}
