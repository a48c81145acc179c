import Foundation

extension EventRecorder {
    /// What was recorded, drawn as a marble diagram.
    ///
    /// Each event goes to the frame its time (since the recorder was created) falls in; a
    /// frame with several events is drawn as a group. `|`, `#` and `!` stand for completed,
    /// failed (whatever the error) and interrupted; a value for which `symbol` returns `nil`
    /// is drawn `?`. The drawing stops after 10,000 frames.
    ///
    /// - Parameters:
    ///   - frame: Seconds of virtual time per frame; a frame that is not positive and finite
    ///     draws nothing.
    ///   - symbol: The letter or digit of a value.
    /// - Returns: The diagram, such as `--a--b--|`.
    public func marbles(frame: TimeInterval = 1, symbol: (Value) -> Character?) -> String {
        guard frame.isFinite, frame > 0 else { return "" }
        return MarbleCells(timeline, frame: frame, symbol: symbol).text
    }
}

extension EventRecorder where Value: Equatable {
    /// What was recorded, drawn as a marble diagram, each value named by its key in `values`
    /// (the smallest key when several map to the same value).
    ///
    /// - Parameters:
    ///   - values: The same map as the expected diagram's.
    ///   - frame: Seconds of virtual time per frame.
    /// - Returns: The diagram; a value missing from `values` is drawn `?`.
    public func marbles(values: [Character: Value], frame: TimeInterval = 1) -> String {
        marbles(frame: frame, symbol: Self.symbol(in: values))
    }

    static func symbol(in values: [Character: Value]) -> (Value) -> Character? {
        let names = values.sorted { $0.key < $1.key }
        return { value in names.first { $0.value == value }?.key }
    }
}

extension EventRecorder where Value: Equatable, Error: Equatable {
    /// Compares the recorded timeline with a marble diagram, times included.
    ///
    /// Times in the diagram count from the recorder's creation, like the recorded ones, so
    /// `--a|` with the default frame expects `a` 2 s after the recorder was created.
    ///
    /// ```swift
    /// #expect(recorder.difference(fromMarbles: "---a-(b|)", values: ["a": 1, "b": 2]) == nil)
    /// ```
    ///
    /// On a difference the description shows both diagrams, frame under frame, then the
    /// line-by-line event diff (which has the exact times):
    ///
    /// ```text
    /// marble diagrams differ (one frame = 1.000 s):
    ///   expected: ---a-(b|)
    ///   recorded: ---a--b  |
    /// recorded events differ from expected (- expected, + recorded):
    ///   3.000 s value(1)
    /// ...
    /// ```
    ///
    /// - Parameters:
    ///   - diagram: The expected timeline (see `MarbleDiagram` for the syntax).
    ///   - values: The value of each letter or digit in the diagram.
    ///   - error: The error of `#`.
    ///   - frame: Seconds of virtual time per frame.
    /// - Returns: `nil` if the recording matches, otherwise a readable difference; a
    ///   malformed diagram is a difference that states the problem and its position.
    public func difference(
        fromMarbles diagram: String, values: [Character: Value], error: Error? = nil,
        frame: TimeInterval = 1
    ) -> EventDifference? {
        let problems = DiagramProblems.problems(on: clock)
        let expectedDiagram: MarbleDiagram
        let expected: [TimedEvent<Value, Error>]
        do {
            expectedDiagram = try MarbleDiagram(parsing: diagram)
            expected = try expectedDiagram.timeline(values: values, error: error, frame: frame)
        } catch {
            return EventDifference(lines: [], preamble: problems + [error.description])
        }
        let recorded = timeline
        guard expected != recorded || !problems.isEmpty else { return nil }
        let expectedCells = MarbleCells(
            expectedDiagram.events.map { ($0.frameIndex, $0.symbol.character) })
        let recordedCells = MarbleCells(recorded, frame: frame, symbol: Self.symbol(in: values))
        let (top, bottom) = MarbleCells.aligned(expectedCells, recordedCells)
        var preamble =
            problems + [
                "marble diagrams differ (one frame = \(TimedEvent<Value, Error>.format(frame))):",
                "  expected: \(top)",
                "  recorded: \(bottom)",
            ]
        if recordedCells.hasEventsBetweenFrames {
            preamble.append("  (events between two frames are drawn in the earlier one)")
        }
        if recordedCells.isCut {
            preamble.append("  (events after \(MarbleCells.maximumFrames) frames are not drawn)")
        }
        let lines = EventDifference.align(
            expected: expected, recorded: recorded, describe: { String(describing: $0) })
        return EventDifference(lines: lines, preamble: preamble)
    }
}
