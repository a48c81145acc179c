import Foundation
import Signalbox

/// Every event of one run as it arrives (on any thread), with bounded waits for what a test
/// expects: the terminal event, or, to show that nothing follows it, an event after it.
///
/// A wait for something that must not happen is a wait for that very event with a bound, not
/// a sleep: it fails as soon as the event comes, and says in the test what was awaited.
final class EventLog<Value, Failure: Error>: @unchecked Sendable {
    // Safety: `recorded` is only touched while `condition` is locked.
    private let condition = NSCondition()
    private var recorded: [Event<Value, Failure>] = []

    /// Records `event` and wakes the waits; pass it to `start`.
    func record(_ event: Event<Value, Failure>) {
        condition.lock()
        recorded.append(event)
        condition.broadcast()
        condition.unlock()
    }

    /// The events recorded so far, in order.
    var events: [Event<Value, Failure>] {
        condition.lock()
        defer { condition.unlock() }
        return recorded
    }

    /// Waits until the run has terminated, for at most `seconds`; whether it has.
    func waitForTermination(within seconds: TimeInterval) -> Bool {
        wait(until: Date(timeIntervalSinceNow: seconds)) { $0.contains { $0.isTerminating } }
    }

    /// Waits until `deadline` for an event after the terminal one; whether one came (at once
    /// when it comes). The deadline is when whatever could still send has had its moment.
    func eventAfterTermination(before deadline: Date) -> Bool {
        wait(until: deadline) { events in
            guard let end = events.firstIndex(where: \.isTerminating) else { return false }
            return end < events.count - 1
        }
    }

    /// Waits until `holds(events)` or `deadline`; whether it holds. Woken by each event.
    private func wait(until deadline: Date, _ holds: ([Event<Value, Failure>]) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !holds(recorded) {
            guard condition.wait(until: deadline) else { return holds(recorded) }
        }
        return true
    }
}
