import Foundation
import Signalbox

extension StubProducer {
    /// Creates a cold stub that plays a marble diagram from each start.
    ///
    /// ```swift
    /// let search = StubProducer(marbles: "-----(r|)", values: ["r": ["cat"]], on: scheduler)
    /// ```
    ///
    /// Times count from each start: with the default frame of 1 s, `--a|` sends `a` 2 s
    /// after the run starts and completes 1 s later. Frame 0 is sent synchronously on start
    /// (see `StubProducer.init(_:on:)`).
    ///
    /// A malformed diagram does not crash: the stub sends nothing, the problem (with its
    /// position) goes to standard error, and every comparison of a recorder or timeline
    /// whose clock is `scheduler` reports it, so the test fails with the reason.
    ///
    /// - Parameters:
    ///   - marbles: The timeline (see `MarbleDiagram` for the syntax).
    ///   - values: The value of each letter or digit in the diagram.
    ///   - error: The error of `#`.
    ///   - frame: Seconds of virtual time per frame.
    ///   - scheduler: Plays the timeline, usually the test's `TestScheduler`.
    public convenience init(
        marbles: String, values: [Character: Value], error: Error? = nil,
        frame: TimeInterval = 1, on scheduler: DateScheduler
    ) {
        do {
            let diagram = try MarbleDiagram(parsing: marbles)
            self.init(
                try diagram.timeline(values: values, error: error, frame: frame), on: scheduler)
        } catch {
            DiagramProblems.report(error, on: scheduler)
            self.init([], on: scheduler)
        }
    }
}

extension StubProducer where Error == Never {
    /// Creates a cold stub that plays a marble diagram without `#` from each start; the same
    /// as `init(marbles:values:error:frame:on:)`, for stubs that cannot fail.
    ///
    /// - Parameters:
    ///   - marbles: The timeline (see `MarbleDiagram` for the syntax).
    ///   - values: The value of each letter or digit in the diagram.
    ///   - frame: Seconds of virtual time per frame.
    ///   - scheduler: Plays the timeline, usually the test's `TestScheduler`.
    public convenience init(
        marbles: String, values: [Character: Value], frame: TimeInterval = 1,
        on scheduler: DateScheduler
    ) {
        self.init(marbles: marbles, values: values, error: nil, frame: frame, on: scheduler)
    }
}
