import Signalbox
import SignalboxTesting
import Testing

private struct CodeError: Error, Equatable {
    var code = 0
}

@Suite("flatMap and flatten")
struct FlatMapTests {
    @Test("merge runs every inner stream at once and interleaves their values")
    func merge() {
        // One frame is 0.1 s. Outer value n starts an inner stream sending n, then 10 n.
        let scheduler = TestScheduler()
        let source = "a(b|)"
        let nested = "--n-(m|)"
        let result = "--abc(d|)"
        let outer: Signal<Int, Never> = scheduler.signal(
            marbles: source, values: ["a": 1, "b": 2], frame: 0.1)
        let merged = outer.producer.flatMap(.merge) { n in
            StubProducer(marbles: nested, values: ["n": n, "m": n * 10], frame: 0.1, on: scheduler)
                .producer
        }
        let recorder = EventRecorder(starting: merged, clock: scheduler)
        scheduler.run()
        #expect(
            recorder.difference(
                fromMarbles: result, values: ["a": 1, "b": 2, "c": 10, "d": 20], frame: 0.1)
                == nil)
    }

    @Test("concat starts each inner stream after the previous one completed, in order")
    func concat() {
        // One frame is 0.1 s. Outer value n starts an inner stream sending n.
        let scheduler = TestScheduler()
        let source = "(abc|)"
        let nested = "--n|"
        let result = "--a--b--c|"
        let values: [Character: Int] = ["a": 1, "b": 2, "c": 3]
        let outer: Signal<Int, Never> = scheduler.signal(
            marbles: source, values: values, frame: 0.1)
        let started = Recorded<Int>()
        let concatenated = outer.producer.flatMap(.concat) { n in
            StubProducer(marbles: nested, values: ["n": n], frame: 0.1, on: scheduler).producer
                .on(started: { started.append(n) })
        }
        let recorder = EventRecorder(starting: concatenated, clock: scheduler)
        scheduler.advance()
        #expect(started.items == [1])
        scheduler.run()
        #expect(recorder.difference(fromMarbles: result, values: values, frame: 0.1) == nil)
    }

    @Test("concat of many synchronous inner producers does not recurse")
    func concatDeep() {
        let (outer, input) = Signal<Int, Never>.pipe()
        let gate = MutableProperty(false)
        var total = 0
        var completed = false
        // The first inner waits for the gate, so the other 20 000 queue up behind it and
        // then run from one completion.
        outer.producer.flatMap(.concat) { n in
            n == 0
                ? gate.producer.filter { $0 }.take(first: 1).map { _ in 0 }
                : SignalProducer(value: n)
        }
        .start { event in
            switch event {
            case .value(let n): total += n
            case .completed: completed = true
            default: break
            }
        }
        for n in 0...20_000 { input.send(value: n) }
        input.sendCompleted()
        gate.value = true
        #expect(total == 20_000 * 20_001 / 2)
        #expect(completed)
    }

    @Test("latest disposes the previous inner run when a new outer value arrives")
    func latest() {
        // One frame is 0.1 s; each query answers "query!" 0.5 s after it starts.
        let scheduler = TestScheduler()
        let stub = StubResponder<String, String, Never>(on: scheduler) { query in
            [.value(query + "!", at: 0.5), .completed(at: 0.5)]
        }
        let source = "a-b-|"
        let result = "-------(B|)"
        let outer: Signal<String, Never> = scheduler.signal(
            marbles: source, values: ["a": "a", "b": "b"], frame: 0.1)
        let recorder = EventRecorder(
            starting: outer.producer.flatMap(.latest, stub.producer(for:)), clock: scheduler)
        scheduler.run()
        #expect(recorder.difference(fromMarbles: result, values: ["B": "b!"], frame: 0.1) == nil)
        #expect(stub.disposedRequests == ["a"])
    }

    @Test("race forwards the first inner stream to send and disposes the others")
    func race() {
        let scheduler = TestScheduler()
        let (outer, input) = Signal<Double, Never>.pipe()
        let stub = StubResponder<Double, Double, Never>(on: scheduler) { delay in
            [.value(delay, at: delay), .completed(at: 1)]
        }
        let recorder = EventRecorder(
            starting: outer.producer.flatMap(.race, stub.producer(for:)), clock: scheduler)
        input.send(value: 0.5)
        input.send(value: 0.2)
        input.send(value: 0.3)
        scheduler.advance(by: 0.25)
        input.send(value: 0.01)  // after a winner: ignored
        input.sendCompleted()
        scheduler.run()
        #expect(recorder.difference(from: [.value(0.2, at: 0.2), .completed(at: 1)]) == nil)
        #expect(stub.requests == [0.5, 0.2, 0.3])
        #expect(stub.disposedRequests.sorted() == [0.3, 0.5])
    }

    @Test(
        "an inner failure fails the result and disposes the other inner runs",
        arguments: [FlattenStrategy.merge, .concat, .concurrent(limit: 2)])
    func innerFailure(strategy: FlattenStrategy) {
        let scheduler = TestScheduler()
        let (outer, input) = Signal<Int, CodeError>.pipe()
        let stub = StubResponder<Int, Int, CodeError>(on: scheduler) { n in
            n == 2 ? [.failed(CodeError(code: 2), at: 0.1)] : [.value(n, at: 1), .completed(at: 1)]
        }
        let recorder = EventRecorder(
            starting: outer.producer.flatMap(strategy, stub.producer(for:)), clock: scheduler)
        input.send(value: 2)
        input.send(value: 1)
        scheduler.advance(by: 0.1)
        #expect(recorder.events == [.failed(CodeError(code: 2))], "\(strategy)")
        #expect(stub.activeRunCount == 0, "\(strategy)")
        scheduler.run()
        #expect(recorder.events == [.failed(CodeError(code: 2))], "\(strategy)")
    }

    @Test("latest fails with the current inner run, not with the replaced one")
    func latestFailure() {
        let scheduler = TestScheduler()
        let (outer, input) = Signal<Int, CodeError>.pipe()
        let stub = StubResponder<Int, Int, CodeError>(on: scheduler) { n in
            [.failed(CodeError(code: n), at: 0.5)]
        }
        let recorder = EventRecorder(
            starting: outer.producer.flatMap(.latest, stub.callAsFunction), clock: scheduler)
        input.send(value: 1)
        scheduler.advance(by: 0.1)
        input.send(value: 2)
        scheduler.run()
        #expect(recorder.difference(from: [.failed(CodeError(code: 2), at: 0.6)]) == nil)
        #expect(stub.disposedRequests == [1])
    }

    @Test("an outer failure fails the result and disposes the inner runs")
    func outerFailure() {
        let scheduler = TestScheduler()
        let (outer, input) = Signal<Int, CodeError>.pipe()
        let stub = StubProducer<Int, CodeError>([.value(1, at: 1)], on: scheduler)
        let recorder = EventRecorder(
            starting: outer.producer.flatMap(.merge) { _ in stub.producer }, clock: scheduler)
        input.send(value: 1)
        input.send(error: CodeError(code: 9))
        #expect(recorder.events == [.failed(CodeError(code: 9))])
        #expect(stub.disposalCount == 1)
    }

    @Test("disposing the result interrupts it and disposes the outer and inner runs")
    func disposal() {
        let scheduler = TestScheduler()
        let outer = StubProducer<Int, Never>([.value(1, at: 0), .value(2, at: 0)], on: scheduler)
        let inner = StubProducer<Int, Never>([.value(5, at: 1)], on: scheduler)
        let recorder = EventRecorder<Int, Never>(clock: scheduler)
        let run = recorder.record(outer.producer.flatMap(.merge) { _ in inner.producer })
        #expect(inner.activeRunCount == 2)
        run.dispose()
        #expect(recorder.events == [.interrupted])
        #expect(outer.disposalCount == 1)
        #expect(inner.disposalCount == 2)
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test("disposing after the outer stream completed, while an inner run goes on, interrupts")
    func disposalAfterOuterCompleted() {
        let scheduler = TestScheduler()
        let inner = StubProducer<Int, Never>([.value(5, at: 1)], on: scheduler)
        let recorder = EventRecorder<Int, Never>(clock: scheduler)
        let run = recorder.record(
            SignalProducer<Int, Never>(value: 1).flatMap(.merge) { _ in inner.producer })
        run.dispose()
        scheduler.run()
        #expect(recorder.events == [.interrupted])
        #expect(inner.disposalCount == 1)
    }

    @Test("concurrent(limit:) runs at most that many inner streams at once")
    func concurrentLimit() {
        let scheduler = TestScheduler()
        let stub = StubResponder<Int, Int, Never>(on: scheduler) { n in
            [.value(n, at: 1), .completed(at: 1)]
        }
        let recorder = EventRecorder(
            starting: SignalProducer<Int, Never>(values: 1...5).flatMap(
                .concurrent(limit: 2), stub.producer(for:)),
            clock: scheduler)
        #expect(stub.activeRunCount == 2)
        scheduler.run()
        #expect(
            recorder.difference(from: [
                .value(1, at: 1), .value(2, at: 1), .value(3, at: 2), .value(4, at: 2),
                .value(5, at: 3),
                .completed(at: 3),
            ]) == nil)
    }

    @Test("the result completes only when the outer stream and every inner run completed")
    func completion() {
        let (outer, outerInput) = Signal<Int, Never>.pipe()
        let (inner, innerInput) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(starting: outer.producer.flatMap(.merge) { _ in inner })
        outerInput.send(value: 1)
        outerInput.sendCompleted()
        #expect(!recorder.isTerminated)
        innerInput.send(value: 7)
        innerInput.sendCompleted()
        #expect(recorder.events == [.value(7), .completed])
    }

    @Test("flatten works on a producer of producers, and on a signal of signals")
    func flatten() {
        let producers = SignalProducer<SignalProducer<Int, Never>, Never>(
            values: SignalProducer(values: 1, 2), SignalProducer(value: 3))
        #expect(EventRecorder(starting: producers.flatten(.concat)).values == [1, 2, 3])

        let (outer, input) = Signal<Signal<Int, Never>, Never>.pipe()
        let (inner, innerInput) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: outer.flatten(.latest))
        input.send(value: inner)
        innerInput.send(value: 4)
        #expect(recorder.values == [4])
    }

    @Test("a stream that cannot fail can flatMap to one that can, and the other way round")
    func errorTypes() {
        let noFailure = SignalProducer<Int, Never>(values: 1, 2)
        let failing = noFailure.flatMap(.merge) { n in
            n == 2
                ? SignalProducer<Int, CodeError>(error: CodeError(code: n))
                : SignalProducer(value: n)
        }
        #expect(
            EventRecorder(starting: failing).events == [.value(1), .failed(CodeError(code: 2))])

        let promoted = SignalProducer<Int, CodeError>(value: 1).flatMap(.merge) { n in
            SignalProducer<Int, Never>(value: n + 1)
        }
        #expect(EventRecorder(starting: promoted).events == [.value(2), .completed])
    }

    @Test("signals flatMap with the same contract")
    func signalFlatMap() {
        let scheduler = TestScheduler()
        let (outer, input) = Signal<Int, Never>.pipe()
        let stub = StubResponder<Int, Int, Never>(on: scheduler) { n in
            [.value(n, at: 1), .completed(at: 1)]
        }
        let recorder = EventRecorder(
            observing: outer.flatMap(.latest, stub.producer(for:)), clock: scheduler)
        input.send(value: 1)
        input.send(value: 2)
        input.sendCompleted()
        scheduler.run()
        #expect(recorder.difference(from: [.value(2, at: 1), .completed(at: 1)]) == nil)
        #expect(stub.disposalCount == 1)
    }

    @Test("a finished pipeline releases the transform and the inner producers")
    func releases() {
        final class Token {}
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let recorder = EventRecorder(
                starting: SignalProducer<Int, Never>(values: 1, 2).flatMap(.latest) { n in
                    SignalProducer<Int, Never>(value: n).on(value: { _ in _ = token })
                })
            #expect(recorder.isCompleted)
        }
        #expect(weakToken == nil)
    }
}
