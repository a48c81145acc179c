import Foundation
import Signalbox
import SignalboxLocks
import Testing

@testable import ImageSearchViewModel

/// Runs a reducer as ``ReducerStore`` does, and makes a test say what every step does: the
/// state after each action it sends, and every action an effect feeds back, in order.
///
/// Exhaustive by default (The Composable Architecture's `TestStore` is the model):
/// - ``send(_:_:sourceLocation:)`` reduces an action; the test's closure changes a copy of
///   the state before the step into the state it expects after it, and any difference is
///   an issue (listing the fields that differ). Sending while an effect's action waits to
///   be received is an issue too.
/// - Effects run as the store runs them (started, cancelled and replaced by ID, handed the
///   state), on the test's `TestScheduler`: the test advances it. What they send is queued,
///   not reduced, until the test ``receive(_:_:sourceLocation:)``s it — the same action,
///   then the same state check.
/// - ``finish(sourceLocation:)``: an action not received, or an effect still running, is an
///   issue. Tests that do not care about a running effect cancel it with an action, as a
///   user would, or end with ``skipRunningEffects()``.
final class TestStore<State: Equatable, Action: Equatable, ID: Hashable>: @unchecked Sendable {
    // Safety: the mutable parts live in `box`, an `Atomic` (its lock); `reduce` is
    // immutable, and `states` is a `MutableProperty` (its own lock).
    typealias Effect = ReducerEffect<State, Action, ID>

    private struct Box {
        var state: State
        /// Actions effects sent, waiting for `receive`.
        var received: [Action] = []
        /// Running effects by ID, each with a number telling a replacement from the effect
        /// it replaced.
        var running: [ID: (number: Int, run: Disposable)] = [:]
        var started = 0
    }

    private let box: Atomic<Box>
    private let states: MutableProperty<State>
    private let reduce: (inout State, Action) -> Effect

    /// - Parameters:
    ///   - initialState: The state before the first step.
    ///   - reduce: The reducer.
    init(initialState: State, reduce: @escaping (inout State, Action) -> Effect) {
        box = Atomic(Box(state: initialState))
        states = MutableProperty(initialState)
        self.reduce = reduce
    }

    /// The state after the last step.
    var state: State { box.value.state }

    /// Reduces `action`, sent from outside; `expect` turns the state before the step into
    /// the state expected after it (omitted: unchanged).
    func send(
        _ action: Action, _ expect: (inout State) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let waiting = box.value.received
        if !waiting.isEmpty {
            Issue.record(
                "sent \(action) while effects' actions wait to be received: \(waiting)",
                sourceLocation: sourceLocation)
        }
        step(action, expect, sourceLocation: sourceLocation)
    }

    /// Takes the next action an effect sent, checks that it is `action`, and reduces it;
    /// `expect` as in ``send(_:_:sourceLocation:)``.
    func receive(
        _ action: Action, _ expect: (inout State) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let next = box.modify { box -> Action? in
            box.received.isEmpty ? nil : box.received.removeFirst()
        }
        guard let next else {
            Issue.record(
                "expected to receive \(action), but no effect sent anything",
                sourceLocation: sourceLocation)
            return
        }
        if next != action {
            Issue.record(
                "received \(next), expected \(action)", sourceLocation: sourceLocation)
        }
        step(next, expect, sourceLocation: sourceLocation)
    }

    /// Checks that every action effects sent was received and no effect still runs.
    func finish(sourceLocation: SourceLocation = #_sourceLocation) {
        let (waiting, running) = box.withValue { ($0.received, Array($0.running.keys)) }
        if !waiting.isEmpty {
            Issue.record(
                "effects sent actions never received: \(waiting)", sourceLocation: sourceLocation)
        }
        if !running.isEmpty {
            Issue.record(
                Comment(
                    rawValue: "effects still running under \(running): receive what they send, "
                        + "cancel them, or call skipRunningEffects()"),
                sourceLocation: sourceLocation)
        }
        skipRunningEffects()
    }

    /// Disposes every running effect, without checking them.
    func skipRunningEffects() {
        let runs = box.modify { box -> [Disposable] in
            defer { box.running = [:] }
            return box.running.values.map(\.run)
        }
        for run in runs { run.dispose() }
    }

    /// The IDs of the effects running now.
    var runningEffects: Set<ID> { Set(box.value.running.keys) }

    private func step(
        _ action: Action, _ expect: (inout State) -> Void, sourceLocation: SourceLocation
    ) {
        var expected = box.value.state
        expect(&expected)
        let (actual, effect) = box.modify { box -> (State, Effect) in
            let effect = reduce(&box.state, action)
            return (box.state, effect)
        }
        if actual != expected {
            Issue.record(
                Comment(
                    rawValue: "after \(action), the state differs from the expected one:\n"
                        + Self.difference(expected: expected, actual: actual)),
                sourceLocation: sourceLocation)
        }
        states.value = actual
        perform(effect)
    }

    private func perform(_ effect: Effect) {
        for operation in effect.operations {
            switch operation {
            case .cancel(let id):
                box.modify { $0.running.removeValue(forKey: id) }?.run.dispose()
            case .run(let id, let make):
                let (number, replaced) = box.modify { box -> (Int, Disposable?) in
                    box.started += 1
                    return (box.started, box.running.removeValue(forKey: id)?.run)
                }
                replaced?.dispose()
                let run = SerialDisposable()
                box.modify { $0.running[id] = (number, run) }
                run.inner = make(states.producer).start { [box] event in
                    switch event {
                    case .value(let action):
                        box.modify { $0.received.append(action) }
                    case .completed, .interrupted, .failed:
                        box.modify { box in
                            if box.running[id]?.number == number { box.running[id] = nil }
                        }
                    }
                }
            }
        }
    }

    /// The lines of the two states' dumps that differ, marked `-` (expected) and `+`
    /// (actual), in order (a longest-common-subsequence line diff).
    static func difference(expected: State, actual: State) -> String {
        var left = ""
        var right = ""
        dump(expected, to: &left)
        dump(actual, to: &right)
        let old = left.split(separator: "\n").map(String.init)
        let new = right.split(separator: "\n").map(String.init)
        // common[i][j]: the longest common subsequence of old[i...] and new[j...].
        var common = Array(
            repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in old.indices.reversed() {
            for j in new.indices.reversed() {
                common[i][j] =
                    old[i] == new[j]
                    ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var result: [String] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                (i, j) = (i + 1, j + 1)
            } else if j < new.count, i == old.count || common[i][j + 1] >= common[i + 1][j] {
                result.append("+ " + new[j])
                j += 1
            } else {
                result.append("- " + old[i])
                i += 1
            }
        }
        return result.joined(separator: "\n")
    }
}
