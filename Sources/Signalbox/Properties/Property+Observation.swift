import Observation

/// `Property` is `Observable`: reading `value` inside `withObservationTracking`, or in a
/// SwiftUI `body`, registers a dependency on the storage that holds it: the wrapped property
/// for `Property(capturing:)`, the property's own stored value for a composed property
/// (`map`, `combineLatest`, `Property(initial:then:)`, …), which notifies whenever its
/// sources update it, once the updating thread has left its outermost delivery. A constant
/// never notifies. The rules are `MutableProperty`'s: every update notifies, and the change
/// handler runs with no lock of the library held.
extension Property: Observable {}
