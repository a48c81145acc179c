import Signalbox
import SignalboxTesting
import Testing

@Suite("ReactiveSwift parity: combineLatest, zip over collections; Boolean operators")
struct ParityCollectionTests {
    @Test("combineLatest of a collection sends arrays of latest values once all have sent")
    func combineLatest() {
        let pipes = (0..<3).map { _ in Signal<Int, TestError>.pipe() }
        let recorder = EventRecorder(
            starting: SignalProducer.combineLatest(pipes.map(\.output)))
        pipes[0].input.send(value: 1)
        pipes[1].input.send(value: 2)
        #expect(recorder.events.isEmpty)
        pipes[2].input.send(value: 3)
        pipes[0].input.send(value: 4)
        for pipe in pipes { pipe.input.sendCompleted() }
        #expect(recorder.events == [.value([1, 2, 3]), .value([4, 2, 3]), .completed])
    }

    @Test("combineLatest of a collection fails with any member and disposes the others")
    func combineLatestFailure() {
        let scheduler = TestScheduler()
        let slow = StubProducer<Int, TestError>([.value(1, at: 5)], on: scheduler)
        let failing = StubProducer<Int, TestError>([.failed(.boom, at: 1)], on: scheduler)
        let recorder = EventRecorder(
            starting: SignalProducer.combineLatest([slow.producer, failing.producer]))
        scheduler.run()
        #expect(recorder.events == [.failed(.boom)])
        #expect(slow.disposalCount == 1)
        let other = StubProducer<Int, TestError>([.value(1, at: 5)], on: scheduler)
        let run = EventRecorder<[Int], TestError>().record(
            SignalProducer.combineLatest([other.producer, .never]))
        run.dispose()
        #expect(other.disposalCount == 1)
    }

    @Test("an empty collection completes at once, or sends the sentinel")
    func emptyCollections() {
        let none: [SignalProducer<Int, Never>] = []
        #expect(EventRecorder(starting: SignalProducer.combineLatest(none)).events == [.completed])
        #expect(EventRecorder(starting: SignalProducer.zip(none)).events == [.completed])
        #expect(
            EventRecorder(starting: SignalProducer.combineLatest(none, emptySentinel: [])).events
                == [.value([]), .completed])
        #expect(
            EventRecorder(starting: SignalProducer.zip(none, emptySentinel: [0])).events == [
                .value([0]), .completed,
            ])
    }

    @Test("zip of a collection groups by position and completes when one is exhausted")
    func zip() {
        let zipped = SignalProducer.zip([
            SignalProducer<Int, Never>(values: 1, 2, 3), SignalProducer(values: 10, 20),
        ])
        #expect(
            EventRecorder(starting: zipped).events == [
                .value([1, 10]), .value([2, 20]), .completed,
            ])
        let (a, inputA) = Signal<Int, TestError>.pipe()
        let (b, inputB) = Signal<Int, TestError>.pipe()
        let recorder = EventRecorder(observing: Signal.zip([a, b]))
        inputA.send(value: 1)
        inputA.send(value: 2)
        inputB.send(value: 10)
        inputA.sendCompleted()
        #expect(!recorder.isTerminated)
        inputB.send(value: 20)
        #expect(recorder.events == [.value([1, 10]), .value([2, 20]), .completed])
        let (c, inputC) = Signal<Int, TestError>.pipe()
        let failed = EventRecorder(observing: Signal.zip([c, .never]))
        inputC.send(error: .boom)
        #expect(failed.events == [.failed(.boom)])
    }

    @Test("a source may send from inside a downstream observer of combineLatest")
    func reentrantCombineLatest() {
        let a = MutableProperty(0)
        let b = MutableProperty(0)
        let received = Recorded<[Int]>()
        let run = SignalProducer.combineLatest([a.producer, b.producer]).startWithValues {
            values in
            received.append(values)
            if values == [1, 0] { b.value = 1 }
        }
        a.value = 1
        #expect(received.items == [[0, 0], [1, 0], [1, 1]])
        run.dispose()
    }

    @Test("negate, and, or on Boolean streams")
    func booleans() {
        let (a, inputA) = Signal<Bool, Never>.pipe()
        let (b, inputB) = Signal<Bool, Never>.pipe()
        let and = EventRecorder(observing: a.and(b))
        let or = EventRecorder(observing: a.or(b))
        let not = EventRecorder(observing: a.negate())
        inputA.send(value: true)
        inputB.send(value: false)
        inputB.send(value: true)
        inputA.send(value: false)
        #expect(and.values == [false, true, false])
        #expect(or.values == [true, true, true])
        #expect(not.values == [false, true])
    }

    @Test("all and any over collections of Boolean streams")
    func allAny() {
        let flags = [true, false, true].map { SignalProducer<Bool, Never>(value: $0) }
        #expect(EventRecorder(starting: SignalProducer.all(flags)).values == [false])
        #expect(EventRecorder(starting: SignalProducer.any(flags)).values == [true])
        let none: [SignalProducer<Bool, Never>] = []
        #expect(EventRecorder(starting: SignalProducer.all(none)).values == [true])
        #expect(EventRecorder(starting: SignalProducer.any(none)).values == [false])
        #expect(
            EventRecorder(starting: SignalProducer<Bool, Never>(values: true, false).negate())
                .values == [false, true])
    }
}
