import Foundation

/// The arithmetic that schedulers and time-based operators apply to the dates and intervals
/// they receive, so that no `Date` or `TimeInterval` value can trap or poison a schedule.
///
/// The rules (stated on `DateScheduler`): a NaN date means now; a date after the
/// scheduler's latest date (or +∞) never comes; a NaN or negative delay counts as zero and
/// +∞ never comes; a repeat interval below `minimumRepeatInterval` (or NaN) is raised to
/// it, and +∞ repeats never; a NaN or negative leeway counts as zero.
enum SchedulingTime {
    /// `date` plus `delay` seconds, with a NaN delay counting as zero. The result may be
    /// ±∞ (a scheduler reads −∞ as now and +∞ as never), never NaN unless `date` is.
    static func date(_ date: Date, after delay: TimeInterval) -> Date {
        delay.isNaN ? date : date.addingTimeInterval(delay)
    }

    /// `interval` raised to the minimum repeat interval when smaller or NaN.
    static func repeatInterval(_ interval: TimeInterval) -> TimeInterval {
        interval >= minimumRepeatInterval ? interval : minimumRepeatInterval
    }

    /// `leeway`, with NaN and negative values counting as zero.
    static func leeway(_ leeway: TimeInterval) -> TimeInterval {
        leeway > 0 ? leeway : 0
    }

    /// The shortest interval between two runs of a repeating action: one millisecond.
    static let minimumRepeatInterval: TimeInterval = 0.001
}

extension DateScheduler {
    /// The shortest interval between two runs of a repeating action, one millisecond: a
    /// shorter, zero, negative or NaN interval passed to
    /// `schedule(after:interval:leeway:action:)` (or `SignalProducer.timer`) is raised to
    /// it, so that a bad interval cannot make a timer spin.
    public static var minimumRepeatInterval: TimeInterval {
        SchedulingTime.minimumRepeatInterval
    }
}

/// The disposable a scheduler returns for an action whose date never comes: it keeps the
/// action (and what it captured, such as the run waiting for it) until it is disposed or
/// released, and never runs it.
final class NeverDueAction: Disposable, @unchecked Sendable {
    // Safety: the closure (not `Sendable`) is only stored and released under the lock of
    // the `Atomic` box `action`, never called nor handed out.
    private let action: LockedBox<(() -> Void)?>

    init(_ action: @escaping () -> Void) {
        self.action = LockedBox(action)
    }

    var isDisposed: Bool { action.withValue { $0 == nil } }

    func dispose() {
        let released = action.modify { action -> (() -> Void)? in
            defer { action = nil }
            return action
        }
        // Released here, outside the lock.
        withExtendedLifetime(released) {}
    }
}
