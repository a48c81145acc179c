import Signalbox
import SignalboxTesting
import XCTest

/// SignalboxTesting imports neither XCTest nor Testing; this XCTest case (the only one in
/// the package) checks that its API reads well from XCTest too.
final class XCTestCompatibilityTests: XCTestCase {
    func testRecorderAndStubsFromXCTest() {
        let scheduler = TestScheduler()
        let stub = StubProducer<Int, Never>([.value(1, at: 0.5), .completed(at: 1)], on: scheduler)
        let recorder = EventRecorder(starting: stub.producer.map { $0 * 2 }, clock: scheduler)
        scheduler.advance(by: 1)
        XCTAssertNil(recorder.difference(from: [.value(2, at: 0.5), .completed(at: 1)]))
        XCTAssertEqual(stub.startCount, 1)
        XCTAssertNotNil(recorder.difference(from: [.completed(at: 1)]))
    }

    func testMarblesAndTimelinesFromXCTest() {
        let scheduler = TestScheduler()
        let stub = StubProducer(marbles: "-a-(b|)", values: ["a": 1, "b": 2], on: scheduler)
        let recorder = EventRecorder(starting: stub.producer.map { $0 * 10 }, clock: scheduler)
        scheduler.run(leavingClockAtLastAction: true)
        XCTAssertNil(recorder.difference(fromMarbles: "-a-(b|)", values: ["a": 10, "b": 20]))
        XCTAssertNotNil(recorder.difference(fromMarbles: "-a-b|", values: ["a": 10, "b": 20]))
        XCTAssertEqual(recorder.marbles(values: ["x": 10, "y": 20]), "-x-(y|)")
        XCTAssertThrowsError(try MarbleDiagram(parsing: "(a"))

        let count = MutableProperty(0)
        let timeline = PropertyTimeline(clock: scheduler)
        let tracked = timeline.track("count", count)
        scheduler.advance(by: 1)
        count.value = 1
        XCTAssertNil(timeline.difference(from: [tracked.changed(to: 1, at: 1)]))
        count.value = 2
        XCTAssertNotNil(timeline.uncheckedChanges())
    }
}
