import Foundation
import Signalbox

/// A producer that plays a fixed timeline on a scheduler and counts its starts and
/// disposals.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let stub = StubProducer<Int, TestError>(
///     [.value(1, at: 0.1), .value(2, at: 0.3), .completed(at: 0.5)], on: scheduler)
/// let recorder = EventRecorder(starting: stub.producer, clock: scheduler)
/// scheduler.advance(by: 1)
/// #expect(stub.startCount == 1)
/// ```
///
/// Each start replays the timeline from the beginning; times are seconds after that start.
/// Events at time zero are sent synchronously when the run starts, later ones on the
/// scheduler. Events after the first terminal event are ignored; without a terminal event
/// the run lasts until it is disposed.
public final class StubProducer<Value, Error: Swift.Error>: Sendable {
    private let responder: StubResponder<Void, Value, Error>

    /// Creates a stub playing `timeline` on `scheduler`.
    ///
    /// - Parameters:
    ///   - timeline: The events to send and when, relative to each start.
    ///   - scheduler: Plays the timeline, usually the test's `TestScheduler`.
    public init(_ timeline: [TimedEvent<Value, Error>], on scheduler: DateScheduler) {
        responder = StubResponder(on: scheduler) { timeline }
    }

    /// Creates a stub that fails with `error` at `time`, without sending a value.
    ///
    /// - Parameters:
    ///   - error: The error to fail with.
    ///   - time: Seconds after each start.
    ///   - scheduler: Plays the timeline.
    public convenience init(
        failingWith error: Error, at time: TimeInterval, on scheduler: DateScheduler
    ) {
        self.init([.failed(error, at: time)], on: scheduler)
    }

    /// The stubbed producer; each start is counted.
    public var producer: SignalProducer<Value, Error> { responder.producer(for: ()) }

    /// How many runs were started.
    public var startCount: Int { responder.startCount }

    /// How many runs were disposed before their timeline ended them.
    public var disposalCount: Int { responder.disposalCount }

    /// How many runs are going on now.
    public var activeRunCount: Int { responder.activeRunCount }
}
