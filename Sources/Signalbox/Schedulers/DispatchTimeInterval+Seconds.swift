import Dispatch
import Foundation

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` (and any case Dispatch may add) is +∞.
    ///
    /// The schedulers and the time-based operators work in seconds (`TimeInterval`); this is
    /// how the `DispatchTimeInterval` overloads that ReactiveSwift offers reach them.
    var timeInterval: TimeInterval {
        switch self {
        case .seconds(let seconds): return TimeInterval(seconds)
        case .milliseconds(let milliseconds): return TimeInterval(milliseconds) / 1e3
        case .microseconds(let microseconds): return TimeInterval(microseconds) / 1e6
        case .nanoseconds(let nanoseconds): return TimeInterval(nanoseconds) / 1e9
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }

    /// `seconds` as a `DispatchTimeInterval` in nanoseconds; NaN, ±∞ and values beyond
    /// `Int`'s range of nanoseconds are `.never`.
    static func seconds(exactly seconds: TimeInterval) -> DispatchTimeInterval {
        let nanoseconds = (seconds * 1e9).rounded()
        // `Double(Int.max)` rounds up to 2^63, so the comparison must be strict.
        guard nanoseconds.isFinite, nanoseconds > -9.2e18, nanoseconds < 9.2e18 else {
            return .never
        }
        return .nanoseconds(Int(nanoseconds))
    }

    /// The interval scaled by `factor`, in the finest unit that holds it: nanoseconds, or
    /// micro-, milliseconds or seconds when the product does not fit in an `Int` of the
    /// finer one (as ReactiveSwift does); `.never` stays `.never`, and a product that fits in
    /// none (or NaN) is `.never`.
    static func * (interval: DispatchTimeInterval, factor: Double) -> DispatchTimeInterval {
        if case .never = interval { return .never }
        let seconds = interval.timeInterval * factor
        if let count = Int(exactly: (seconds * 1e9).rounded()) { return .nanoseconds(count) }
        if let count = Int(exactly: (seconds * 1e6).rounded()) { return .microseconds(count) }
        if let count = Int(exactly: (seconds * 1e3).rounded()) { return .milliseconds(count) }
        if let count = Int(exactly: seconds.rounded()) { return .seconds(count) }
        return .never
    }

    /// The interval negated; `.never` stays `.never`.
    static prefix func - (interval: DispatchTimeInterval) -> DispatchTimeInterval {
        func negated(_ value: Int) -> Int { value == .min ? .max : -value }
        switch interval {
        case .seconds(let seconds): return .seconds(negated(seconds))
        case .milliseconds(let milliseconds): return .milliseconds(negated(milliseconds))
        case .microseconds(let microseconds): return .microseconds(negated(microseconds))
        case .nanoseconds(let nanoseconds): return .nanoseconds(negated(nanoseconds))
        case .never: return .never
        @unknown default: return .never
        }
    }
}

extension Date {
    /// The date `interval` later (earlier if negative); `.never` is `Date.distantFuture`.
    func adding(_ interval: DispatchTimeInterval) -> Date {
        if case .never = interval { return .distantFuture }
        return addingTimeInterval(interval.timeInterval)
    }
}
