import Foundation
import Signalbox
import SignalboxTesting
import Testing

private struct TestError: Error, Equatable {
    var code = 0
}

@Suite("Marble stubs, signals and comparisons")
struct MarbleTests {
    private let values: [Character: Int] = ["a": 1, "b": 2, "c": 3]

    @Test("a marble stub is cold: it plays the diagram from each start")
    func coldStub() {
        let scheduler = TestScheduler()
        let stub = StubProducer(marbles: "-a-(b|)", values: values, on: scheduler)
        scheduler.advance(by: 5)
        let recorder = EventRecorder(starting: stub.producer, clock: scheduler)
        scheduler.advance(by: 10)
        #expect(recorder.timeline == [.value(1, at: 1), .value(2, at: 3), .completed(at: 3)])
        #expect(recorder.difference(fromMarbles: "-a-(b|)", values: values) == nil)
        recorder.record(stub.producer)
        scheduler.advance(by: 10)
        #expect(stub.startCount == 2)
        #expect(recorder.values == [1, 2, 1, 2])
    }

    @Test("a marble stub's frame 0 is sent on start, and # fails with the given error")
    func immediateAndFailure() {
        let scheduler = TestScheduler()
        let stub = StubProducer(
            marbles: "a-#", values: values, error: TestError(code: 5), frame: 0.25, on: scheduler)
        let recorder = EventRecorder(starting: stub.producer, clock: scheduler)
        #expect(recorder.events == [.value(1)])
        scheduler.run()
        #expect(recorder.timeline == [.value(1, at: 0), .failed(TestError(code: 5), at: 0.5)])
    }

    @Test("a marble signal is hot: times count from its creation, late observers miss events")
    func hotSignal() {
        let scheduler = TestScheduler()
        scheduler.advance(by: 3)
        let signal: Signal<Int, Never> = scheduler.signal(
            marbles: "a-b-c|", values: values, frame: 0.1)
        let early = EventRecorder(observing: signal, clock: scheduler)
        scheduler.advance(by: 0.15)
        let late = EventRecorder(observing: signal, clock: scheduler)
        scheduler.run()
        #expect(early.difference(fromMarbles: "a-b-c|", values: values, frame: 0.1) == nil)
        #expect(late.values == [2, 3])
        #expect(late.isCompleted)
    }

    @Test(
        "round trip: diagram → stub → recorder → the same diagram",
        arguments: [
            "--a--b--|", "a(bc)-#", "(ab)", "---(a|)", "c", "-a-b-c-a-b-c-!", "|",
        ])
    func roundTrip(diagram: String) {
        let scheduler = TestScheduler()
        let stub = StubProducer(
            marbles: diagram.replacingOccurrences(of: "!", with: ""), values: values,
            error: TestError(), frame: 0.1, on: scheduler)
        let recorder = EventRecorder(starting: stub.producer, clock: scheduler)
        if diagram.hasSuffix("!") {
            scheduler.advance(by: 1.3)
            recorder.dispose()
        }
        scheduler.run()
        #expect(recorder.marbles(values: values, frame: 0.1) == diagram)
        #expect(
            recorder.marbles(frame: 0.1) { Character(String($0)) }
                == diagram
                .replacingOccurrences(of: "a", with: "1").replacingOccurrences(of: "b", with: "2")
                .replacingOccurrences(of: "c", with: "3"))
    }

    @Test("rendering draws an unnamed value as ?, and an event between frames in the earlier")
    func renderingEdges() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: signal, clock: scheduler)
        scheduler.advance(by: 0.25)
        input.send(value: 9)
        input.send(value: 1)
        #expect(recorder.marbles(values: values, frame: 0.1) == "--(?a)")
        #expect(recorder.marbles(values: values, frame: 0) == "")
        scheduler.advance(by: 1e9)
        input.sendCompleted()
        #expect(recorder.marbles(values: values, frame: 0.1) == "--(?a)")
    }

    @Test("a failing comparison prints both diagrams frame under frame, then the event diff")
    func failureText() {
        let scheduler = TestScheduler()
        let stub = StubProducer(marbles: "-a--b|", values: values, frame: 0.1, on: scheduler)
        let recorder = EventRecorder(starting: stub.producer, clock: scheduler)
        scheduler.run()
        let difference = recorder.difference(fromMarbles: "-a(bc)|", values: values, frame: 0.1)
        #expect(
            difference?.description == """
                marble diagrams differ (one frame = 0.100 s):
                  expected: -a(bc)|
                  recorded: -a-   -b|
                recorded events differ from expected (- expected, + recorded):
                  0.100 s value(1)
                - 0.200 s value(2)
                - 0.200 s value(3)
                - 0.300 s completed
                + 0.400 s value(2)
                + 0.500 s completed
                """)
    }

    @Test("diagrams of more than ten frames are printed with a space every five frames")
    func longDiagrams() {
        let scheduler = TestScheduler()
        let stub = StubProducer(marbles: "----- ----- -a|", values: values, on: scheduler)
        let recorder = EventRecorder(starting: stub.producer, clock: scheduler)
        scheduler.run()
        #expect(
            recorder.difference(fromMarbles: "----- ----- a|", values: values)?.preamble == [
                "marble diagrams differ (one frame = 1.000 s):",
                "  expected: ----- ----- a|",
                "  recorded: ----- ----- -a|",
            ])
    }

    @Test("events past 10,000 frames are left out of the drawing, and noted")
    func cutDiagrams() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: signal, clock: scheduler)
        input.send(value: 1)
        scheduler.advance(by: 20_000)
        input.sendCompleted()
        let difference = recorder.difference(fromMarbles: "a", values: values)
        #expect(difference?.preamble.last == "  (events after 10000 frames are not drawn)")
        #expect(
            difference?.lines == [.same("0.000 s value(1)"), .unexpected("20000.000 s completed")])
    }

    @Test("an off-grid time is noted under the diagrams")
    func offGridNote() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: signal, clock: scheduler)
        scheduler.advance(by: 1.5)
        input.send(value: 1)
        let difference = recorder.difference(fromMarbles: "--a", values: values)
        #expect(
            difference?.preamble == [
                "marble diagrams differ (one frame = 1.000 s):",
                "  expected: --a",
                "  recorded: -a",
                "  (events between two frames are drawn in the earlier one)",
            ])
    }

    @Test("a malformed expected diagram is a difference naming the position")
    func malformedExpectation() {
        let recorder = EventRecorder<Int, Never>()
        let difference = recorder.difference(fromMarbles: "-a-(b", values: values)
        #expect(
            difference?.description == """
                marble diagram "-a-(b": '(' never closed at position 3
                  -a-(b
                     ^
                """)
        #expect(recorder.difference(fromMarbles: "-x", values: values) != nil)
        #expect(
            recorder.difference(fromMarbles: "-a", values: values, frame: -1)?.description
                == "marble diagram \"-a\": the frame must be a positive number of seconds, not -1.0"
        )
    }

    @Test("a malformed stub diagram sends nothing and fails every comparison on its clock")
    func malformedStub() {
        let scheduler = TestScheduler()
        let stub = StubProducer(marbles: "-a-?", values: values, on: scheduler)
        let hot: Signal<Int, Never> = scheduler.signal(marbles: "a-z", values: values)
        let recorder = EventRecorder(starting: stub.producer, clock: scheduler)
        recorder.record(hot)
        scheduler.run()
        #expect(recorder.events.isEmpty)
        let difference = recorder.difference(from: [])
        #expect(
            difference?.description == """
                marble diagram "-a-?": unexpected '?' at position 3
                  -a-?
                     ^
                marble diagram "a-z": no value for 'z' at position 2
                  a-z
                    ^
                """)
        #expect(recorder.difference(fromMarbles: "", values: values) != nil)
        // Another test's scheduler is not affected.
        let other = EventRecorder<Int, Never>(clock: TestScheduler())
        #expect(other.difference(from: []) == nil)
    }
}
