import Foundation
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

@Suite("replayLazily(upTo:)", .ownThreads)
struct ReplayLazilyTests {
    @Test("starts the upstream once, at the first start, and replays the latest values")
    func sharesAndReplays() {
        let scheduler = TestScheduler()
        let upstream = StubProducer<Int, TestError>(
            [.value(1, at: 1), .value(2, at: 2), .value(3, at: 3)], on: scheduler)
        let replayed = upstream.producer.replayLazily(upTo: 2)
        #expect(upstream.startCount == 0)
        let first = EventRecorder(starting: replayed)
        scheduler.advance(by: 2)
        let second = EventRecorder(starting: replayed)
        #expect(second.values == [1, 2])
        scheduler.advance(by: 1)
        let third = EventRecorder(starting: replayed)
        #expect(upstream.startCount == 1)
        #expect(first.values == [1, 2, 3])
        #expect(second.values == [1, 2, 3])
        #expect(third.values == [2, 3])
    }

    @Test("the terminal event is replayed after the values, also with capacity zero")
    func replaysTerminal() {
        let replayed = SignalProducer<Int, TestError>(values: 1, 2, 3)
            .concat(SignalProducer(error: .boom))
            .replayLazily(upTo: 1)
        #expect(
            EventRecorder(starting: replayed).events == [
                .value(1), .value(2), .value(3), .failed(.boom),
            ])
        #expect(EventRecorder(starting: replayed).events == [.value(3), .failed(.boom)])
        let none = SignalProducer<Int, Never>(values: 1, 2).replayLazily(upTo: 0)
        #expect(EventRecorder(starting: none).events == [.value(1), .value(2), .completed])
        #expect(EventRecorder(starting: none).events == [.completed])
        let negative = SignalProducer<Int, Never>(values: 1, 2).replayLazily(upTo: -3)
        #expect(EventRecorder(starting: negative).values == [1, 2])
        #expect(EventRecorder(starting: negative).values.isEmpty)
    }

    @Test("disposing every run keeps the upstream while the producer is held")
    func runsDisposed() {
        let scheduler = TestScheduler()
        let upstream = StubProducer<Int, Never>(
            [.value(1, at: 1), .value(2, at: 3)], on: scheduler)
        let replayed = upstream.producer.replayLazily(upTo: 5)
        let first = EventRecorder<Int, Never>()
        first.record(replayed)
        scheduler.advance(by: 2)
        first.dispose()
        #expect(first.events == [.value(1), .interrupted])
        #expect(upstream.disposalCount == 0)
        scheduler.advance(by: 2)
        #expect(EventRecorder(starting: replayed).values == [1, 2])
        #expect(upstream.startCount == 1)
    }

    @Test("the upstream is disposed once the producer is released and every run ended")
    func released() {
        let scheduler = TestScheduler()
        let upstream = StubProducer<Int, Never>(
            [.value(1, at: 1), .value(2, at: 3)], on: scheduler)
        var replayed: SignalProducer<Int, Never>? = upstream.producer.replayLazily(upTo: 1)
        let recorder = EventRecorder<Int, Never>()
        let run = replayed.map { recorder.record($0) }
        replayed = nil
        scheduler.advance(by: 1)
        #expect(upstream.disposalCount == 0)
        #expect(recorder.values == [1])
        run?.dispose()
        #expect(upstream.disposalCount == 1)
    }

    @Test("a run may start another run from inside its observer")
    func reentrantStart() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let replayed = SignalProducer(signal).replayLazily(upTo: 3)
        let nested = Recorded<Int>()
        let outer = Recorded<Int>()
        replayed.startWithValues { value in
            outer.append(value)
            if value == 2 { replayed.startWithValues { nested.append($0) } }
        }
        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        #expect(outer.items == [1, 2, 3])
        #expect(nested.items == [1, 2, 3])
    }

    @Test("runs started on other threads while values arrive see every value once, in order")
    func concurrentStarts() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let count = 500
        let replayed = SendableProducer(SignalProducer(signal).replayLazily(upTo: count))
        let first = EventRecorder(starting: replayed.producer)
        let recorders = Recorded<EventRecorder<Int, Never>>()
        concurrently(threads: 9) { thread in
            if thread == 0 {
                for value in 0..<count { input.send(value: value) }
                input.sendCompleted()
            } else {
                for _ in 0..<5 { recorders.append(EventRecorder(starting: replayed.producer)) }
            }
        }
        #expect(first.values == Array(0..<count))
        #expect(recorders.count == 40)
        for recorder in recorders.items {
            #expect(recorder.values == Array(0..<count))
            #expect(recorder.isCompleted)
        }
    }
}

/// Hands a producer to other threads in a test.
private struct SendableProducer<Value, Error: Swift.Error>: @unchecked Sendable {
    // Safety: a producer is an immutable value whose start is thread-safe; the closures it
    // holds (those of `replayLazily` over a signal) only touch lock-protected state.
    let producer: SignalProducer<Value, Error>
    init(_ producer: SignalProducer<Value, Error>) { self.producer = producer }
}
