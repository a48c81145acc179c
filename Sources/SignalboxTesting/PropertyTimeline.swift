import Foundation
import Signalbox
import SignalboxLocks

/// Records every change of a set of properties, such as a view model's outputs, with its
/// virtual time, and checks them exhaustively: a change the test did not state fails it.
///
/// Why: asserting a view model's `state` at a few instants misses the flicker in between (a
/// `searching` that comes back after `loaded`, a row count that goes to 0 and back). A
/// timeline sees every change, and in exhaustive mode the test must account for each one.
///
/// ```swift
/// let timeline = PropertyTimeline(clock: scheduler)
/// let state = timeline.track("state", viewModel.state)
/// let rows = timeline.track("rows", viewModel.cellModels.map(\.count))
///
/// viewModel.query.value = "cat"
/// scheduler.advance(by: 1)
/// #expect(
///     timeline.difference(from: [
///         state.changed(to: .searching(loaded: 0), at: 0.3),
///         rows.changed(to: 2, at: 0.8),
///         state.changed(to: .loaded(loaded: 2, total: 6), at: 0.8),
///     ]) == nil)
/// ```
///
/// A property's value when it is tracked is its starting point, not a change; after that a
/// change is a value different from the previous one (setting the same value again is not
/// a change). Times are seconds of `clock` since the timeline was created.
///
/// Each `difference(from:)` checks the changes recorded since the previous check, then
/// counts them as checked, so a test alternates "act, advance, state what changed". In
/// exhaustive mode (the default) the expected list must be exactly those changes, in order;
/// with `exhaustive: false` it must only appear among them, in order.
///
/// Thread-safe: changes may arrive on any thread. The observations end when the timeline is
/// deinitialised.
public final class PropertyTimeline: @unchecked Sendable {
    // Safety: `recorded`, `checkedCount`, `previous` and `tracked` are only touched under `lock`;
    // `clock`, `startDate`, `exhaustive` and `observations` are immutable (the composite
    // disposable is itself thread-safe).

    /// One change of one tracked property: its name, time and new value.
    public struct Change: Equatable, CustomStringConvertible {
        /// The name the property was tracked under.
        public let name: String
        /// Seconds since the timeline was created, rounded to the microsecond.
        public let time: TimeInterval
        private let value: Any
        private let valueDescription: String
        private let isEqualValue: (Any) -> Bool

        init<Value: Equatable>(name: String, value: Value, time: TimeInterval) {
            self.name = name
            self.time = TimedEvent<Value, Never>.rounded(time)
            self.value = value
            valueDescription = String(describing: value)
            isEqualValue = { other in (other as? Value) == value }
        }

        /// Equal when name, time and value are equal.
        ///
        /// - Parameters:
        ///   - lhs: A change.
        ///   - rhs: Another change.
        /// - Returns: Whether they are the same change.
        public static func == (lhs: Change, rhs: Change) -> Bool {
            lhs.name == rhs.name && lhs.time == rhs.time && lhs.isEqualValue(rhs.value)
        }

        /// The time, the name and the new value: `0.300 s state = searching(loaded: 0)`.
        public var description: String {
            "\(TimedEvent<Int, Never>.format(time)) \(name) = \(valueDescription)"
        }
    }

    /// A tracked property, for stating its expected changes.
    public struct Track<Value: Equatable>: Sendable {
        /// The name the property was tracked under.
        public let name: String

        /// The expected change of this property to `value` at `time`.
        ///
        /// - Parameters:
        ///   - value: The new value.
        ///   - time: Seconds since the timeline was created.
        /// - Returns: The change, for `PropertyTimeline.difference(from:)`.
        public func changed(to value: Value, at time: TimeInterval) -> Change {
            Change(name: name, value: value, time: time)
        }
    }

    private let lock = Lock()
    private var recorded: [Change] = []
    private var checkedCount = 0
    private var previous: [Int: Any] = [:]
    private var tracked: [AnyObject] = []
    private let clock: DateScheduler
    private let startDate: Date
    private let observations = CompositeDisposable()

    /// Whether every recorded change must be stated (`true`), or only the stated ones must
    /// be found, in order (`false`).
    public let exhaustive: Bool

    /// Creates an empty timeline.
    ///
    /// - Parameters:
    ///   - clock: The scheduler whose `currentDate` stamps each change, usually the test's
    ///     `TestScheduler`.
    ///   - exhaustive: Whether an unstated change fails a check.
    public init(clock: DateScheduler, exhaustive: Bool = true) {
        self.clock = clock
        self.exhaustive = exhaustive
        startDate = clock.currentDate
    }

    deinit {
        observations.dispose()
    }

    /// Starts recording the changes of `property` under `name`.
    ///
    /// The timeline keeps `property` alive, so a derived property such as
    /// `viewModel.cellModels.map(\.count)` can be tracked as it is.
    ///
    /// - Parameters:
    ///   - name: The name printed in diffs; give each tracked property its own.
    ///   - property: The property; its current value is the starting point.
    /// - Returns: A handle for stating expected changes: `state.changed(to: …, at: …)`.
    @discardableResult
    public func track<Property: PropertyProtocol>(
        _ name: String, _ property: Property
    ) -> Track<Property.Value> where Property.Value: Equatable {
        let key = lock.withLock {
            // A derived property (`viewModel.cellModels.map(\.count)`) lives only as long as
            // someone holds it: the timeline does.
            tracked.append(property)
            let key = previous.count
            previous[key] = Property.Value?.none as Any
            return key
        }
        observations += property.producer.startWithValues { [weak self] value in
            self?.receive(value, key: key, name: name)
        }
        return Track(name: name)
    }

    private func receive<Value: Equatable>(_ value: Value, key: Int, name: String) {
        let time = clock.currentDate.timeIntervalSince(startDate)
        lock.withLock {
            let last = previous[key] as? Value
            previous[key] = value
            // The first value is the starting point; an equal value is no change.
            guard let last, last != value else { return }
            recorded.append(Change(name: name, value: value, time: time))
        }
    }

    /// Every change recorded so far, checked or not, in order of arrival.
    public var changes: [Change] { lock.withLock { recorded } }

    /// Checks the changes recorded since the previous check against `expected`, then counts
    /// them as checked.
    ///
    /// A malformed diagram given to a stub on the timeline's clock is a difference too.
    ///
    /// - Parameter expected: The changes, in order; exhaustive mode needs every one.
    /// - Returns: `nil` if they match; otherwise a readable diff in which `+` lines are
    ///   recorded changes that were not stated (failures only in exhaustive mode) and `-`
    ///   lines are stated changes that were not recorded.
    public func difference(from expected: [Change]) -> EventDifference? {
        let unchecked = lock.withLock {
            defer { checkedCount = recorded.count }
            return Array(recorded[checkedCount...])
        }
        let problems = DiagramProblems.problems(on: clock)
        let lines = EventDifference.align(
            expected: expected, recorded: unchecked, describe: { $0.description })
        let failed = lines.contains { line in
            switch line {
            case .same: false
            case .missing: true
            case .unexpected: exhaustive
            }
        }
        guard failed || !problems.isEmpty else { return nil }
        let heading =
            exhaustive
            ? "property changes differ from expected (- expected, + recorded):"
            : "expected property changes not found in order (- expected, + recorded; "
                + "non-exhaustive, so + lines alone would pass):"
        return EventDifference(lines: lines, heading: heading, preamble: problems)
    }

    /// Checks that no change was recorded since the previous check, in either mode, then
    /// counts any that were as checked.
    ///
    /// - Returns: `nil` if none was; otherwise a diff listing them as `+` lines.
    public func uncheckedChanges() -> EventDifference? {
        let unchecked = lock.withLock {
            defer { checkedCount = recorded.count }
            return Array(recorded[checkedCount...])
        }
        guard !unchecked.isEmpty else { return nil }
        return EventDifference(
            lines: unchecked.map { .unexpected($0.description) },
            heading: "property changes that no check stated (+ recorded):")
    }
}
