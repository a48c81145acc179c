import Foundation
import Signalbox
import SignalboxLocks

/// Records every event of a producer run or a signal, with its virtual time of arrival.
///
/// Times are seconds of the clock's time since the recorder was created; with a
/// `TestScheduler` as the clock they are exact and repeatable. Without a clock every time
/// is zero, and only the order of events is meaningful.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let recorder = EventRecorder(starting: query.debounce(0.3, on: scheduler), clock: scheduler)
/// scheduler.advance(by: 1)
/// #expect(recorder.difference(from: [.value("cat", at: 0.3), .completed(at: 0.5)]) == nil)
/// ```
///
/// Thread-safe: events may arrive on any thread. Recorded runs are disposed when the
/// recorder is deinitialised or `dispose()` is called.
public final class EventRecorder<Value, Error: Swift.Error>: @unchecked Sendable {
    // Safety: `recorded` is only touched under `lock`; `clock`, `startDate` and `runs` are
    // immutable references (the composite disposable is itself thread-safe).
    private let lock = Lock()
    private var recorded: [TimedEvent<Value, Error>] = []
    let clock: DateScheduler?
    private let startDate: Date?
    private let runs = CompositeDisposable()

    /// Creates an empty recorder.
    ///
    /// - Parameter clock: The scheduler whose `currentDate` stamps each event, usually the
    ///   `TestScheduler` of the test; `nil` stamps every event with zero.
    public init(clock: DateScheduler? = nil) {
        self.clock = clock
        startDate = clock?.currentDate
    }

    /// Creates a recorder and starts `producer` into it.
    ///
    /// - Parameters:
    ///   - producer: The producer to start and record.
    ///   - clock: The scheduler that stamps each event.
    public convenience init(
        starting producer: SignalProducer<Value, Error>, clock: DateScheduler? = nil
    ) {
        self.init(clock: clock)
        record(producer)
    }

    /// Creates a recorder observing `signal`.
    ///
    /// - Parameters:
    ///   - signal: The signal to observe and record.
    ///   - clock: The scheduler that stamps each event.
    public convenience init(observing signal: Signal<Value, Error>, clock: DateScheduler? = nil) {
        self.init(clock: clock)
        record(signal)
    }

    deinit {
        runs.dispose()
    }

    /// Starts `producer`, recording every event of the run.
    ///
    /// - Parameter producer: The producer to start.
    /// - Returns: The run; disposing it interrupts the run (which records `.interrupted`).
    @discardableResult
    public func record(_ producer: SignalProducer<Value, Error>) -> Disposable {
        let run = producer.start { [weak self] event in self?.receive(event) }
        runs += run
        return run
    }

    /// Observes `signal`, recording every event from now on.
    ///
    /// - Parameter signal: The signal to observe.
    /// - Returns: A disposable that stops recording, or `nil` if the signal had terminated.
    @discardableResult
    public func record(_ signal: Signal<Value, Error>) -> Disposable? {
        let observation = signal.observe { [weak self] event in self?.receive(event) }
        runs += observation
        return observation
    }

    /// Records `event` as arriving now; use it to feed the recorder from an observer of your
    /// own.
    ///
    /// - Parameter event: The event to record.
    public func receive(_ event: Event<Value, Error>) {
        let time = startDate.flatMap { start in clock?.currentDate.timeIntervalSince(start) } ?? 0
        let timed = TimedEvent(event, at: time)
        lock.withLock { recorded.append(timed) }
    }

    /// Disposes every recorded run and observation.
    public func dispose() {
        runs.dispose()
    }

    /// Every event recorded so far, with its time of arrival.
    public var timeline: [TimedEvent<Value, Error>] { lock.withLock { recorded } }

    /// Every event recorded so far, without times.
    public var events: [Event<Value, Error>] { timeline.map(\.event) }

    /// The values recorded so far.
    public var values: [Value] { timeline.compactMap(\.event.value) }

    /// The terminal event, if one was recorded.
    public var terminal: Event<Value, Error>? {
        timeline.first(where: \.event.isTerminating)?.event
    }

    /// Whether a terminal event was recorded.
    public var isTerminated: Bool { terminal != nil }

    /// Whether `.completed` was recorded.
    public var isCompleted: Bool { terminal?.isCompleted ?? false }

    /// Whether `.interrupted` was recorded.
    public var isInterrupted: Bool {
        if case .interrupted = terminal { return true }
        return false
    }

    /// The error of a recorded failure, if any.
    public var failure: Error? { terminal?.error }
}

extension EventRecorder where Value: Equatable, Error: Equatable {
    /// Compares the recorded timeline with `expected`, times included.
    ///
    /// A malformed diagram given to a stub on the recorder's clock (see
    /// `StubProducer(marbles:…)`) is a difference too, stated before the diff.
    ///
    /// - Parameter expected: The events and times that should have been recorded.
    /// - Returns: `nil` if they are equal, otherwise a readable diff.
    public func difference(from expected: [TimedEvent<Value, Error>]) -> EventDifference? {
        withDiagramProblems(EventDifference(expected: expected, recorded: timeline))
    }

    /// Compares the recorded events with `expected`, ignoring times.
    ///
    /// - Parameter expected: The events that should have been recorded, in order.
    /// - Returns: `nil` if they are equal, otherwise a readable diff.
    public func difference(fromEvents expected: [Event<Value, Error>]) -> EventDifference? {
        withDiagramProblems(EventDifference(expected: expected, recorded: events))
    }

    /// `difference`, preceded by the problems of malformed diagrams on the recorder's clock.
    private func withDiagramProblems(_ difference: EventDifference?) -> EventDifference? {
        let problems = DiagramProblems.problems(on: clock)
        guard !problems.isEmpty else { return difference }
        return EventDifference(
            lines: difference?.lines ?? [], heading: EventDifference.eventsHeading,
            preamble: problems)
    }

    /// Whether the recorded timeline equals `expected`, times included.
    ///
    /// - Parameter expected: The events and times that should have been recorded.
    /// - Returns: `true` if they are equal.
    public func matches(_ expected: [TimedEvent<Value, Error>]) -> Bool {
        difference(from: expected) == nil
    }
}
