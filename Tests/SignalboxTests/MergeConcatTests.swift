import Signalbox
import SignalboxTesting
import Testing

private struct CodeError: Error, Equatable {}

@Suite("merge, concat, then, prefix")
struct MergeConcatTests {
    @Test("merge forwards the values of both as they come and completes when both completed")
    func merge() {
        let scheduler = TestScheduler()
        let a = StubProducer<Int, Never>(
            [.value(1, at: 1), .value(3, at: 3), .completed(at: 3)], on: scheduler)
        let b = StubProducer<Int, Never>([.value(2, at: 2), .completed(at: 4)], on: scheduler)
        let recorder = EventRecorder(starting: a.producer.merge(with: b.producer), clock: scheduler)
        scheduler.run()
        #expect(
            recorder.difference(from: [
                .value(1, at: 1), .value(2, at: 2), .value(3, at: 3), .completed(at: 4),
            ]) == nil)
    }

    @Test("static merge of several signals fails with the first failure")
    func staticMerge() {
        let (a, inputA) = Signal<Int, CodeError>.pipe()
        let (b, inputB) = Signal<Int, CodeError>.pipe()
        let (c, inputC) = Signal<Int, CodeError>.pipe()
        let recorder = EventRecorder(observing: Signal.merge(a, b, c))
        inputA.send(value: 1)
        inputB.send(value: 2)
        inputB.send(error: CodeError())
        inputA.send(value: 3)
        withExtendedLifetime(inputC) {}
        #expect(recorder.events == [.value(1), .value(2), .failed(CodeError())])
        #expect(
            EventRecorder(
                starting: SignalProducer<Int, Never>.merge([SignalProducer<Int, Never>]())
            ).events == [.completed])
    }

    @Test("concat starts the next producer only after the first completed")
    func concat() {
        let scheduler = TestScheduler()
        let first = StubProducer<Int, Never>([.value(1, at: 1), .completed(at: 2)], on: scheduler)
        let second = StubProducer<Int, Never>([.value(2, at: 1), .completed(at: 1)], on: scheduler)
        let recorder = EventRecorder(
            starting: first.producer.concat(second.producer).concat(value: 3), clock: scheduler)
        #expect(second.startCount == 0)
        scheduler.run()
        #expect(
            recorder.difference(from: [
                .value(1, at: 1), .value(2, at: 3), .value(3, at: 3), .completed(at: 3),
            ]) == nil)
    }

    @Test("a failure of the first producer fails concat and then without starting the next")
    func failureStopsTheChain() {
        let scheduler = TestScheduler()
        let next = StubProducer<Int, CodeError>([.value(2, at: 0)], on: scheduler)
        let failing = SignalProducer<Int, CodeError>(error: CodeError())
        #expect(
            EventRecorder(starting: failing.concat(next.producer)).events == [.failed(CodeError())])
        #expect(
            EventRecorder(starting: failing.then(next.producer)).events == [.failed(CodeError())])
        #expect(next.startCount == 0)
    }

    @Test("then ignores the values and continues with the replacement")
    func then() {
        let producer = SignalProducer<Int, Never>(values: 1, 2).then(
            SignalProducer<String, CodeError>(value: "done"))
        #expect(EventRecorder(starting: producer).events == [.value("done"), .completed])
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(
            observing: signal.then(SignalProducer<String, Never>(value: "next")))
        input.send(value: 1)
        input.sendCompleted()
        #expect(recorder.events == [.value("next"), .completed])
    }

    @Test("prefix sends its value first")
    func prefix() {
        let producer = SignalProducer<Int, Never>(values: 2, 3).prefix(value: 1)
        #expect(EventRecorder(starting: producer).values == [1, 2, 3])
    }

    @Test("disposing concat disposes the run in progress")
    func disposal() {
        let scheduler = TestScheduler()
        let first = StubProducer<Int, Never>([.completed(at: 1)], on: scheduler)
        let second = StubProducer<Int, Never>([.value(2, at: 5)], on: scheduler)
        let run = first.producer.concat(second.producer).start()
        scheduler.advance(by: 2)
        run.dispose()
        #expect(second.disposalCount == 1)
        #expect(scheduler.pendingActionCount == 0)
    }
}
