import Foundation
import Testing

@testable import Signalbox

/// The state machines of `debounce` and `throttle`, as values: each transition and what it
/// tells the operator to do, with no scheduler and no thread.
@Suite("Timed operators' state machines")
struct TimedOperatorStateTests {
    private let start = Date(timeIntervalSinceReferenceDate: 1_000)

    @Test("debounce: only the timer of the newest value delivers it, once")
    func debounceNewestTimerDelivers() {
        var state = DebounceState<String>()
        let first = state.hold("a", at: start)
        let second = state.hold("b", at: start.addingTimeInterval(0.1))
        #expect(state.fire(first) == nil)
        #expect(state.fire(second) == "b")
        #expect(state.fire(second) == nil)
    }

    @Test("debounce: a terminal event takes the held value and silences its timer")
    func debounceEndTakesValue() {
        var state = DebounceState<String>()
        let ticket = state.hold("a", at: start)
        let held = state.end()
        #expect(held.value == "a")
        #expect(held.arrived == start)
        #expect(state.fire(ticket) == nil)
        #expect(state.end().value == nil)
    }

    @Test("throttle: the first value goes now, later ones an interval after the last sent")
    func throttleSchedules() {
        var state = ThrottleState<Int>()
        #expect(state.hold(1, at: start, interval: 1) == start)
        #expect(state.fire(scheduledFor: start) == 1)
        let later = start.addingTimeInterval(0.2)
        #expect(state.hold(2, at: later, interval: 1) == start.addingTimeInterval(1))
        #expect(state.hold(3, at: later, interval: 1) == start.addingTimeInterval(1))
        #expect(state.fire(scheduledFor: start.addingTimeInterval(1)) == 3)
        #expect(state.fire(scheduledFor: start.addingTimeInterval(1)) == nil)
        // Long after the last value sent: now.
        let quiet = start.addingTimeInterval(10)
        #expect(state.hold(4, at: quiet, interval: 1) == quiet)
    }

    @Test("throttle: a clock set back before the last delivery sends the next value now")
    func throttleClockSetBack() {
        var state = ThrottleState<Int>()
        _ = state.hold(1, at: start, interval: 1)
        #expect(state.fire(scheduledFor: start) == 1)
        let earlier = start.addingTimeInterval(-5)
        #expect(state.hold(2, at: earlier, interval: 1) == earlier)
    }
}
