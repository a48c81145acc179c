import Dispatch
import Foundation
import Testing

@testable import Signalbox

/// ReactiveSwift 7.2.1's behaviour where client code met a difference (issue 35): each test
/// is what ReactiveSwift does, through the public API.
@Suite("ReactiveSwift's behaviour, last mile")
struct ReactiveSwiftLastMileTests {
    struct State {
        var name: String
        var count: Int
    }

    @Test("map takes a key path held in a variable, on Signal, SignalProducer and Property")
    func keyPathValue() {
        let name: KeyPath<State, String> = \.name
        let (signal, input) = Signal<State, Never>.pipe()
        let fromSignal = Recorded<String>()
        signal.map(name).observeValues(fromSignal.append)
        input.send(value: State(name: "fox", count: 1))
        #expect(fromSignal.items == ["fox"])

        let fromProducer = Recorded<String>()
        SignalProducer(value: State(name: "owl", count: 2)).map(name).startWithValues(
            fromProducer.append)
        #expect(fromProducer.items == ["owl"])

        let property = MutableProperty(State(name: "cat", count: 3))
        #expect(property.map(name).value == "cat")
        // A pair's two-argument closure still reads as a transform.
        let sums = Recorded<Int>()
        SignalProducer(value: (1, 2)).map { $0 + $1 }.startWithValues(sums.append)
        #expect(sums.items == [3])
    }

    @Test("take(untilReplacement:) listens to the replacement before starting the producer")
    func replacementFromInsideTheStart() {
        let (replacement, replacementInput) = Signal<Int, Never>.pipe()
        let producer = SignalProducer<Int, Never> { observer, _ in
            observer.send(value: 1)
            observer.send(value: 2)
            observer.send(value: 3)
            replacementInput.send(value: 42)
            observer.send(value: 4)
            replacementInput.send(value: 42)
        }
        let values = Recorded<Int>()
        producer.take(untilReplacement: replacement).startWithValues(values.append)
        #expect(values.items == [1, 2, 3, 42, 42])
        // A replacement producer that sends as it starts switches before the original starts.
        let immediate = Recorded<Int>()
        SignalProducer<Int, Never>(values: 1, 2)
            .take(untilReplacement: SignalProducer(value: 9))
            .startWithValues(immediate.append)
        #expect(immediate.items == [9])
    }

    @Test("events and ActionError print as ReactiveSwift prints them")
    func descriptions() {
        #expect("\(Signal<Int, TestError>.Event.value(1))" == "VALUE 1")
        #expect("\(Signal<Int, TestError>.Event.failed(.boom))" == "FAILED boom")
        #expect("\(Signal<Int, TestError>.Event.completed)" == "COMPLETED")
        #expect("\(Signal<Int, TestError>.Event.interrupted)" == "INTERRUPTED")
        #expect("\(ActionError<TestError>.disabled)" == "disabled")
        let materialized = Recorded<String>()
        SignalProducer<Int, Never>(value: 7).materialize().startWithValues {
            materialized.append("\($0)")
        }
        #expect(materialized.items == ["VALUE 7", "COMPLETED"])
    }

    @Test("logEvents reports the path the compiler was given for the caller's file")
    func logEventsFileName() {
        let files = Recorded<String>()
        SignalProducer<Int, Never>(value: 1)
            .logEvents(events: [.value]) { _, _, fileName, _, _ in files.append(fileName) }
            .start()
        #expect(files.items == [#filePath])
        #expect(files.items.first?.hasPrefix("/") == true)
    }

    @Test("scaling a DispatchTimeInterval falls back to coarser units instead of overflowing")
    func scalingFallsBack() {
        let seconds = (DispatchTimeInterval.seconds(Int.max) * 0.01).timeInterval
        #expect(abs(seconds - 10 * DispatchTimeInterval.milliseconds(Int.max).timeInterval) <= 1)
        let milliseconds = (DispatchTimeInterval.milliseconds(Int.max) * 0.01).timeInterval
        #expect(
            abs(milliseconds - 10 * DispatchTimeInterval.microseconds(Int.max).timeInterval) <= 1)
        let microseconds = (DispatchTimeInterval.microseconds(Int.max) * 0.01).timeInterval
        #expect(
            abs(microseconds - 10 * DispatchTimeInterval.nanoseconds(Int.max).timeInterval) <= 1)
        #expect((DispatchTimeInterval.seconds(Int.max) * 10).timeInterval == .infinity)
        #expect((DispatchTimeInterval.seconds(1) * .nan).timeInterval == .infinity)
        #expect((DispatchTimeInterval.milliseconds(500) * 2).timeInterval == 1)
    }
}
