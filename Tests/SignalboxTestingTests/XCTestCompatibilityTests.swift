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
}
