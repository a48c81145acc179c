import Signalbox
import SignalboxTesting
import Testing

private struct PairError: Error, Equatable {}

@Suite("combineLatest and zip")
struct CombineZipTests {
    @Test("combineLatest sends the latest pair whenever either side sends, once both have")
    func combineLatest() {
        let (a, inputA) = Signal<Int, Never>.pipe()
        let (b, inputB) = Signal<String, Never>.pipe()
        let recorder = EventRecorder(
            starting: a.producer.combineLatest(with: b).map { "\($0)\($1)" })
        inputA.send(value: 1)
        inputA.send(value: 2)
        inputB.send(value: "a")
        inputA.send(value: 3)
        inputB.send(value: "b")
        inputA.sendCompleted()
        #expect(!recorder.isTerminated)
        inputB.sendCompleted()
        #expect(recorder.events == [.value("2a"), .value("3a"), .value("3b"), .completed])
    }

    @Test("combineLatest starts the receiver first, then the other producer")
    func startOrder() {
        let pairs = SignalProducer<Int, Never>(values: 1, 2).combineLatest(
            with: SignalProducer<String, Never>(values: "a", "b"))
        #expect(EventRecorder(starting: pairs.map { "\($0)\($1)" }).values == ["2a", "2b"])
    }

    @Test("a failure of either side fails combineLatest and disposes the other")
    func combineLatestFailure() {
        let scheduler = TestScheduler()
        let slow = StubProducer<Int, PairError>([.value(1, at: 5)], on: scheduler)
        let failing = StubProducer<Int, PairError>([.failed(PairError(), at: 1)], on: scheduler)
        let recorder = EventRecorder(
            starting: slow.producer.combineLatest(with: failing.producer).map { $0 + $1 },
            clock: scheduler)
        scheduler.run()
        #expect(recorder.difference(from: [.failed(PairError(), at: 1)]) == nil)
        #expect(slow.disposalCount == 1)
    }

    @Test("static combineLatest of three and four streams sends flat tuples")
    func staticCombineLatest() {
        let a = SignalProducer<Int, Never>(value: 1)
        let b = SignalProducer<Int, Never>(value: 2)
        let c = SignalProducer<Int, Never>(value: 3)
        let d = SignalProducer<Int, Never>(value: 4)
        let three = SignalProducer.combineLatest(a, b, c).map { [$0, $1, $2] }
        let four = SignalProducer.combineLatest(a, b, c, d).map { [$0, $1, $2, $3] }
        let two = SignalProducer.combineLatest(a, b).map { [$0, $1] }
        #expect(EventRecorder(starting: three).events == [.value([1, 2, 3]), .completed])
        #expect(EventRecorder(starting: four).values == [[1, 2, 3, 4]])
        #expect(EventRecorder(starting: two).values == [[1, 2]])
    }

    @Test("signals combine too")
    func signalCombineLatest() {
        let (a, inputA) = Signal<Int, Never>.pipe()
        let (b, inputB) = Signal<Int, Never>.pipe()
        let (c, inputC) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: Signal.combineLatest(a, b, c).map { $0 + $1 + $2 })
        inputA.send(value: 1)
        inputB.send(value: 10)
        inputC.send(value: 100)
        inputA.send(value: 2)
        #expect(recorder.values == [111, 112])
        let pairs = EventRecorder(observing: a.combineLatest(with: b).map { $0 * $1 })
        inputA.send(value: 3)
        inputB.send(value: 20)
        #expect(pairs.values == [60])
    }

    @Test("zip pairs values by position and completes when one side is used up")
    func zip() {
        let (a, inputA) = Signal<Int, Never>.pipe()
        let (b, inputB) = Signal<String, Never>.pipe()
        let recorder = EventRecorder(starting: a.producer.zip(with: b).map { "\($0)\($1)" })
        inputA.send(value: 1)
        inputA.send(value: 2)
        inputA.send(value: 3)
        inputB.send(value: "a")
        inputA.sendCompleted()
        #expect(!recorder.isTerminated)
        inputB.send(value: "b")
        #expect(!recorder.isTerminated)
        inputB.send(value: "c")
        #expect(recorder.events == [.value("1a"), .value("2b"), .value("3c"), .completed])
    }

    @Test("zip completes at once when the completed side has nothing left to pair")
    func zipEarlyCompletion() {
        let (a, inputA) = Signal<Int, Never>.pipe()
        let (b, inputB) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: a.zip(with: b).map { $0 + $1 })
        inputB.send(value: 1)
        inputA.send(value: 1)
        inputB.sendCompleted()
        #expect(recorder.events == [.value(2), .completed])
        _ = inputA
    }

    @Test("static zip of three and four streams")
    func staticZip() {
        let a = SignalProducer<Int, Never>(values: 1, 2)
        let b = SignalProducer<Int, Never>(values: 10, 20, 30)
        let three = SignalProducer.zip(a, b, a).map { $0 + $1 + $2 }
        let four = SignalProducer.zip(a, b, a, b).map { $0 + $1 + $2 + $3 }
        #expect(EventRecorder(starting: three).events == [.value(12), .value(24), .completed])
        #expect(EventRecorder(starting: four).values == [22, 44])
        let (s1, i1) = Signal<Int, Never>.pipe()
        let (s2, i2) = Signal<Int, Never>.pipe()
        let zipped = EventRecorder(observing: Signal.zip(s1, s2).map { $0 - $1 })
        i1.send(value: 5)
        i2.send(value: 3)
        #expect(zipped.values == [2])
    }

    @Test("disposing zip disposes both runs")
    func zipDisposal() {
        let scheduler = TestScheduler()
        let a = StubProducer<Int, Never>([.value(1, at: 1)], on: scheduler)
        let b = StubProducer<Int, Never>([.value(1, at: 2)], on: scheduler)
        let run = a.producer.zip(with: b.producer).start()
        run.dispose()
        #expect(a.disposalCount == 1)
        #expect(b.disposalCount == 1)
        #expect(scheduler.pendingActionCount == 0)
    }
}

@Suite("logEvents")
struct LogEventsTests {
    @Test("reports each event of a run with the identifier, as ReactiveSwift's logger does")
    func producer() {
        let lines = Recorded<String>()
        let producer = SignalProducer<Int, Never>(values: 1, 2).logEvents(
            identifier: "numbers",
            logger: { identifier, event, _, _, _ in lines.append("[\(identifier)] \(event)") })
        let recorder = EventRecorder(starting: producer)
        #expect(recorder.values == [1, 2])
        #expect(
            lines.items == [
                "[numbers] starting", "[numbers] value 1", "[numbers] value 2",
                "[numbers] completed", "[numbers] terminated", "[numbers] disposed",
                "[numbers] started",
            ])
    }

    @Test("on a signal, reports the chosen events only, with the caller's location")
    func signal() {
        let lines = Recorded<String>()
        let (signal, input) = Signal<Int, TestError>.pipe()
        let logged = signal.logEvents(events: [.failed, .interrupted]) {
            _, event, fileName, _, lineNumber in
            lines.append(
                "\(event) \(fileName.hasSuffix("CombineZipTests.swift")) \(lineNumber > 0)")
        }
        logged.observe { _ in }
        input.send(value: 1)
        input.send(error: .boom)
        #expect(lines.items == ["failed boom true true"])
    }

    @Test("the Signalbox 0.2 logger that receives whole lines still works")
    @available(*, deprecated)
    func wholeLines() {
        let lines = Recorded<String>()
        let (signal, input) = Signal<Int, Never>.pipe()
        let logged = signal.logEvents(logger: lines.append)
        logged.observeValues { _ in }
        input.send(value: 1)
        input.sendInterrupted()
        #expect(lines.items == ["VALUE 1", "INTERRUPTED", "disposed"])
    }
}
