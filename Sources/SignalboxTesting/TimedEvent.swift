import Foundation
import Signalbox

/// An event together with the virtual time at which it happens or happened.
///
/// Used in two directions: to describe what a stub producer sends ("value 1 at 0.1 s,
/// completed at 0.5 s") and to read back what an `EventRecorder` received. Times are
/// seconds, rounded to the microsecond so that `0.1 + 0.2` and `0.3` compare equal.
///
/// ```swift
/// let timeline: [TimedEvent<Int, Never>] = [.value(1, at: 0.1), .completed(at: 0.5)]
/// ```
public struct TimedEvent<Value, Error: Swift.Error> {
    /// Seconds since the reference point: the start of a stub's run, or the moment an
    /// `EventRecorder` was created.
    public let time: TimeInterval
    /// The event.
    public let event: Event<Value, Error>

    /// Pairs `event` with `time`.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - time: Seconds since the reference point; rounded to the microsecond.
    public init(_ event: Event<Value, Error>, at time: TimeInterval) {
        self.event = event
        self.time = Self.rounded(time)
    }

    /// A value at `time`.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - time: Seconds since the reference point.
    /// - Returns: The timed event.
    public static func value(_ value: Value, at time: TimeInterval) -> TimedEvent {
        TimedEvent(.value(value), at: time)
    }

    /// A failure at `time`.
    ///
    /// - Parameters:
    ///   - error: The error.
    ///   - time: Seconds since the reference point.
    /// - Returns: The timed event.
    public static func failed(_ error: Error, at time: TimeInterval) -> TimedEvent {
        TimedEvent(.failed(error), at: time)
    }

    /// Completion at `time`.
    ///
    /// - Parameter time: Seconds since the reference point.
    /// - Returns: The timed event.
    public static func completed(at time: TimeInterval) -> TimedEvent {
        TimedEvent(.completed, at: time)
    }

    /// Interruption at `time`.
    ///
    /// - Parameter time: Seconds since the reference point.
    /// - Returns: The timed event.
    public static func interrupted(at time: TimeInterval) -> TimedEvent {
        TimedEvent(.interrupted, at: time)
    }

    static func rounded(_ time: TimeInterval) -> TimeInterval {
        guard time.isFinite else { return time }
        return (time * 1_000_000).rounded() / 1_000_000
    }
}

extension TimedEvent: Equatable where Value: Equatable, Error: Equatable {}
extension TimedEvent: Sendable where Value: Sendable, Error: Sendable {}

extension TimedEvent: CustomStringConvertible {
    /// The time in seconds with millisecond precision, then the event: `0.300 s value(2)`.
    public var description: String {
        "\(Self.format(time)) \(Self.format(event))"
    }

    /// The event as timelines show it: `value(2)`, `failed(boom)`, `completed`,
    /// `interrupted` (`Event`'s own description is ReactiveSwift's `VALUE 2`).
    static func format(_ event: Event<Value, Error>) -> String {
        switch event {
        case .value(let value): return "value(\(value))"
        case .failed(let error): return "failed(\(error))"
        case .completed: return "completed"
        case .interrupted: return "interrupted"
        }
    }

    /// Seconds with three decimals, or six when the time is not a whole millisecond.
    static func format(_ time: TimeInterval) -> String {
        guard time.isFinite, abs(time) < 1e9 else { return "\(time) s" }
        let micros = Int((time * 1_000_000).rounded())
        let sign = micros < 0 ? "-" : ""
        let magnitude = abs(micros)
        let digits = magnitude % 1000 == 0 ? 3 : 6
        let fraction = digits == 3 ? (magnitude % 1_000_000) / 1000 : magnitude % 1_000_000
        let fractionText = String(fraction)
        let padding = String(repeating: "0", count: digits - fractionText.count)
        return "\(sign)\(magnitude / 1_000_000).\(padding)\(fractionText) s"
    }
}
