import Observation

/// `Property` is `Observable`: reading `value` inside `withObservationTracking`, or in a
/// SwiftUI `body`, registers a dependency on the `MutableProperty` that stores it, so a
/// derived property (`map`, `combineLatest`, …) notifies whenever its stored value is
/// updated from its sources, on the thread that updated it. The rules are
/// `MutableProperty`'s: every write notifies.
extension Property: Observable {}
