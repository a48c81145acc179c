import Signalbox
import SignalboxTesting
import Testing

private struct TestError: Error, Equatable {}

@Suite("Stub producers")
struct StubTests {
    @Test("a stub plays its timeline relative to each start")
    func timeline() {
        let scheduler = TestScheduler()
        let stub = StubProducer<Int, Never>(
            [.value(1, at: 0.1), .value(2, at: 0.3), .completed(at: 0.5)], on: scheduler)
        scheduler.advance(by: 1)
        let recorder = EventRecorder(starting: stub.producer, clock: scheduler)
        scheduler.advance(by: 1)
        #expect(
            recorder.difference(from: [.value(1, at: 0.1), .value(2, at: 0.3), .completed(at: 0.5)])
                == nil)
        #expect(stub.startCount == 1)
        #expect(stub.disposalCount == 0)
        #expect(stub.activeRunCount == 0)
    }

    @Test("events at time zero are sent synchronously on start")
    func immediate() {
        let scheduler = TestScheduler()
        let stub = StubProducer<Int, Never>([.value(1, at: 0), .completed(at: 0)], on: scheduler)
        let recorder = EventRecorder(starting: stub.producer, clock: scheduler)
        #expect(recorder.events == [.value(1), .completed])
    }

    @Test("a failing stub fails at its time and counts no disposal")
    func failing() {
        let scheduler = TestScheduler()
        let stub = StubProducer<Int, TestError>(failingWith: TestError(), at: 0.2, on: scheduler)
        let recorder = EventRecorder(starting: stub.producer, clock: scheduler)
        scheduler.advance(by: 0.1)
        #expect(recorder.events.isEmpty)
        scheduler.advance(by: 0.1)
        #expect(recorder.timeline == [.failed(TestError(), at: 0.2)])
        #expect(stub.disposalCount == 0)
    }

    @Test("disposing a run before its timeline ends counts a disposal and sends nothing more")
    func disposalCount() {
        let scheduler = TestScheduler()
        let stub = StubProducer<Int, Never>(
            [.value(1, at: 0.1), .completed(at: 0.5)], on: scheduler)
        let recorder = EventRecorder<Int, Never>(clock: scheduler)
        let run = recorder.record(stub.producer)
        recorder.record(stub.producer)
        #expect(stub.activeRunCount == 2)
        scheduler.advance(by: 0.2)
        run.dispose()
        scheduler.advance(by: 1)
        #expect(stub.startCount == 2)
        #expect(stub.disposalCount == 1)
        #expect(stub.activeRunCount == 0)
        #expect(recorder.values == [1, 1])
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test("events after the first terminal event of a timeline are ignored")
    func afterTerminal() {
        let scheduler = TestScheduler()
        let stub = StubProducer<Int, Never>(
            [.completed(at: 0.1), .value(9, at: 0.2)], on: scheduler)
        let recorder = EventRecorder(starting: stub.producer, clock: scheduler)
        scheduler.run()
        #expect(recorder.timeline == [.completed(at: 0.1)])
    }

    @Test("a responder records the requested inputs and the disposed ones")
    func responder() {
        let scheduler = TestScheduler()
        let search = StubResponder<String, String, Never>(on: scheduler) { query in
            [.value(query.uppercased(), at: 0.5), .completed(at: 0.5)]
        }
        let recorder = EventRecorder<String, Never>(clock: scheduler)
        let first = recorder.record(search("cat"))
        recorder.record(search.producer(for: "dog"))
        scheduler.advance(by: 0.1)
        first.dispose()
        scheduler.advance(by: 1)
        #expect(search.requests == ["cat", "dog"])
        #expect(search.disposedRequests == ["cat"])
        #expect(recorder.values == ["DOG"])
    }
}
