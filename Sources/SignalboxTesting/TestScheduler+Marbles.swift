import Foundation
import Signalbox

extension TestScheduler {
    /// A hot signal that plays a marble diagram on this scheduler, starting now.
    ///
    /// ```swift
    /// let queries: Signal<String, Never> = scheduler.signal(
    ///     marbles: "c-a-t------", values: ["c": "c", "a": "ca", "t": "cat"], frame: 0.1)
    /// ```
    ///
    /// Times are absolute: frame `n` is sent when the clock reaches the scheduler's current
    /// date plus `n` × `frame`, whoever observes by then. Frame 0 is sent on the next
    /// `advance`, so observers attached right after this call see it.
    ///
    /// Every event is scheduled by this call, so at an instant where the code under test has
    /// also scheduled something (a debounce timer firing at 1.5 s), the diagram's event runs
    /// first: the scheduler runs equal dates first-in, first-out. Draw the input a frame
    /// later to have it arrive after the timer.
    ///
    /// A malformed diagram does not crash: the signal sends nothing, the problem goes to
    /// standard error, and every comparison of a recorder or timeline whose clock is this
    /// scheduler reports it.
    ///
    /// - Parameters:
    ///   - marbles: The timeline (see `MarbleDiagram` for the syntax).
    ///   - values: The value of each letter or digit in the diagram.
    ///   - error: The error of `#`.
    ///   - frame: Seconds of virtual time per frame.
    /// - Returns: The signal.
    public func signal<Value, Error: Swift.Error>(
        marbles: String, values: [Character: Value], error: Error? = nil,
        frame: TimeInterval = 1
    ) -> Signal<Value, Error> {
        let (signal, input) = Signal<Value, Error>.pipe()
        // Open until the diagram's terminal symbol, if any: not interrupted when the last
        // scheduled event has run and released its reference to `input`.
        HotSignalInputs.retain(input, for: self)
        let timeline: [TimedEvent<Value, Error>]
        do {
            timeline = try MarbleDiagram(parsing: marbles).timeline(
                values: values, error: error, frame: frame)
        } catch {
            DiagramProblems.report(error, on: self)
            return signal
        }
        let start = currentDate
        for timed in timeline {
            schedule(after: start.addingTimeInterval(timed.time)) { input.send(timed.event) }
        }
        return signal
    }

    /// A hot signal that plays a marble diagram without `#`; the same as
    /// `signal(marbles:values:error:frame:)`, for signals that cannot fail.
    ///
    /// - Parameters:
    ///   - marbles: The timeline (see `MarbleDiagram` for the syntax).
    ///   - values: The value of each letter or digit in the diagram.
    ///   - frame: Seconds of virtual time per frame.
    /// - Returns: The signal.
    public func signal<Value>(
        marbles: String, values: [Character: Value], frame: TimeInterval = 1
    ) -> Signal<Value, Never> {
        signal(marbles: marbles, values: values, error: nil, frame: frame)
    }
}
