import Foundation

/// `debounce`'s state machine: the value held back, when it arrived, and which timer may
/// still deliver it. A value type with no lock and no scheduler: `Transforms.debounce` keeps
/// it in an `Atomic` and performs what its transitions return (schedule a timer, send a
/// value, terminate), outside the lock.
///
/// Each held value gets a *ticket*; a timer delivers only if its ticket is the latest. So a
/// timer that fires late (already running when a newer value replaced its value, or when a
/// terminal event took it) delivers nothing.
struct DebounceState<Value> {
    private var pending: Value?
    private var arrived = Date.distantPast
    private var ticket: UInt64 = 0

    /// A value arrived at `now`: it replaces the one held back.
    ///
    /// - Returns: The ticket of the timer to schedule for it.
    mutating func hold(_ value: Value, at now: Date) -> UInt64 {
        pending = value
        arrived = now
        ticket &+= 1
        return ticket
    }

    /// The timer with `ticket` fired.
    ///
    /// - Returns: The value to send, or `nil` if a newer value or a terminal event
    ///   superseded that timer.
    mutating func fire(_ ticket: UInt64) -> Value? {
        guard ticket == self.ticket else { return nil }
        defer { pending = nil }
        return pending
    }

    /// The upstream terminated: no timer delivers after this.
    ///
    /// - Returns: The value held back, if any, and when it arrived.
    mutating func end() -> (value: Value?, arrived: Date) {
        ticket &+= 1
        defer { pending = nil }
        return (pending, arrived)
    }
}
