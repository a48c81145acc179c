import Signalbox
import TestThreads
import Testing

/// Starts `producer` and returns every event of the run.
func events<V, E>(_ producer: SignalProducer<V, E>) -> [Event<V, E>] {
    let received = Recorded<Event<V, E>>()
    producer.start { received.append($0) }
    return received.items
}

@Suite("Operators: transforming", .ownThreads)
struct TransformingOperatorTests {
    @Test("map, map(value:), filter and compactMap")
    func mapFilter() {
        let numbers = SignalProducer<Int, Never>(values: 1, 2, 3, 4)
        #expect(
            events(numbers.map { $0 * 10 }) == [
                .value(10), .value(20), .value(30), .value(40), .completed,
            ])
        #expect(
            events(numbers.map(value: "x").take(first: 2)) == [
                .value("x"), .value("x"), .completed,
            ])
        #expect(
            events(numbers.filter { $0.isMultiple(of: 2) }) == [.value(2), .value(4), .completed])
        #expect(
            events(SignalProducer<String, Never>(values: "1", "a", "3").compactMap { Int($0) })
                == [.value(1), .value(3), .completed])
    }

    @Test("failures pass through map and filter unchanged")
    func failuresPassThrough() {
        let failing = SignalProducer<Int, TestError>(error: .boom).map { $0 + 1 }.filter { _ in true
        }
        #expect(events(failing) == [.failed(.boom)])
    }

    @Test("on(...) runs side effects in order around one run")
    func onSideEffects() {
        let log = Recorded<String>()
        SignalProducer<Int, Never>(values: 1, 2)
            .on(
                starting: { log.append("starting") },
                started: { log.append("started") },
                completed: { log.append("completed") },
                terminated: { log.append("terminated") },
                disposed: { log.append("disposed") },
                value: { log.append("value \($0)") }
            )
            .start()
        #expect(
            log.items == [
                "starting", "value 1", "value 2", "completed", "terminated", "disposed", "started",
            ])
    }

    @Test("on(...) on a signal sees its events")
    func onSignal() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let log = Recorded<String>()
        signal.on(failed: { _ in log.append("failed") }, value: { log.append("v\($0)") })
            .observe { _ in }
        input.send(value: 1)
        input.send(error: .boom)
        #expect(log.items == ["v1", "failed"])
    }

    @Test("scan, reduce and collect")
    func accumulate() {
        let numbers = SignalProducer<Int, Never>(values: 1, 2, 3, 4, 5)
        #expect(
            events(numbers.scan(0, +)) == [
                .value(1), .value(3), .value(6), .value(10), .value(15), .completed,
            ])
        #expect(events(numbers.reduce(0, +)) == [.value(15), .completed])
        #expect(events(numbers.collect()) == [.value([1, 2, 3, 4, 5]), .completed])
        #expect(
            events(numbers.collect(count: 2)) == [
                .value([1, 2]), .value([3, 4]), .value([5]), .completed,
            ])
        #expect(events(SignalProducer<Int, Never>.empty.collect()) == [.value([]), .completed])
    }

    @Test("materialize and dematerialize round-trip the events")
    func materialize() {
        let producer = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(error: .boom)
        }
        #expect(
            events(producer.materialize()) == [
                .value(.value(1)), .value(.failed(.boom)), .completed,
            ])
        #expect(events(producer.materialize().dematerialize()) == [.value(1), .failed(.boom)])
    }

    @Test("signal operators transform live events")
    func signalOperators() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorded<Event<[Int], Never>>()
        signal.map { $0 * 2 }.filter { $0 > 2 }.skip(first: 1).take(first: 2).collect()
            .observe { received.append($0) }
        for value in 1...10 { input.send(value: value) }
        #expect(received.items == [.value([6, 8]), .completed])
    }
}

@Suite("Operators: taking and skipping", .ownThreads)
struct TakeSkipOperatorTests {
    @Test("take(first:) completes after n values and interrupts the upstream")
    func takeFirst() {
        let interrupted = Counter()
        let upstream = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded { interrupted.increment() }
            for value in 1...100 { observer.send(value: value) }
        }
        #expect(events(upstream.take(first: 2)) == [.value(1), .value(2), .completed])
        #expect(interrupted.value == 1)
        #expect(events(upstream.take(first: 0)) == [.interrupted])
    }

    @Test("take(while:) and skip(while:)")
    func whilePredicates() {
        let numbers = SignalProducer<Int, Never>(values: 1, 2, 5, 1)
        #expect(events(numbers.take(while: { $0 < 3 })) == [.value(1), .value(2), .completed])
        #expect(events(numbers.skip(while: { $0 < 3 })) == [.value(5), .value(1), .completed])
        #expect(events(numbers.skip(first: 3)) == [.value(1), .completed])
    }

    @Test("take(until:) completes when the trigger fires")
    func takeUntil() {
        let (trigger, fire) = Signal<Void, Never>.pipe()
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorded<Event<Int, Never>>()
        SignalProducer(signal).take(until: trigger).start { received.append($0) }
        input.send(value: 1)
        fire.send(value: ())
        input.send(value: 2)
        #expect(received.items == [.value(1), .completed])
    }

    @Test("take(during:) completes when the lifetime ends")
    func takeDuring() {
        let (lifetime, token) = Lifetime.make()
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorded<Event<Int, Never>>()
        signal.take(during: lifetime).observe { received.append($0) }
        input.send(value: 1)
        token.dispose()
        input.send(value: 2)
        #expect(received.items == [.value(1), .completed])
    }

    @Test("skipRepeats drops consecutive duplicates only")
    func skipRepeats() {
        let values = SignalProducer<Int, Never>(values: 1, 1, 2, 2, 1, 3, 3)
        #expect(
            events(values.skipRepeats()) == [
                .value(1), .value(2), .value(1), .value(3), .completed,
            ])
        #expect(
            events(values.skipRepeats { abs($0 - $1) <= 1 }) == [.value(1), .value(3), .completed])
    }
}

@Suite("Operators: blocking results", .ownThreads)
struct BlockingResultTests {
    @Test("first, single, last and wait")
    func results() {
        let numbers = SignalProducer<Int, TestError>(values: 1, 2, 3)
        #expect(numbers.first() == .success(1))
        #expect(numbers.last() == .success(3))
        #expect(numbers.single() == nil)
        #expect(SignalProducer<Int, TestError>(value: 9).single() == .success(9))
        #expect(SignalProducer<Int, TestError>.empty.first() == nil)
        #expect(SignalProducer<Int, TestError>(error: .boom).last() == .failure(.boom))
        #expect((try? numbers.wait().get()) != nil)
        #expect(throws: TestError.boom) {
            try SignalProducer<Int, TestError>(error: .boom).wait().get()
        }
    }
}
