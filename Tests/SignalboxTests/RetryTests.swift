import Signalbox
import SignalboxTesting
import Testing

private enum FetchError: Error, Equatable {
    case connectionLost
    case rateLimited(retryAfter: Double)
    case invalidRequest
}

@Suite("retry")
struct RetryTests {
    @Test("retry(upTo:) starts the producer n + 1 times and fails with the last error")
    func upTo() {
        let scheduler = TestScheduler()
        let stub = StubProducer<Int, FetchError>(
            [.value(1, at: 0), .failed(.connectionLost, at: 0)], on: scheduler)
        let recorder = EventRecorder(starting: stub.producer.retry(upTo: 3))
        #expect(stub.startCount == 4)
        #expect(
            recorder.events == [
                .value(1), .value(1), .value(1), .value(1), .failed(.connectionLost),
            ])
    }

    @Test("retry(upTo:) stops retrying after a success")
    func success() {
        var attempts = 0
        let producer = SignalProducer<Int, FetchError> { observer, _ in
            attempts += 1
            if attempts < 3 {
                observer.send(error: .connectionLost)
            } else {
                observer.send(value: attempts)
                observer.sendCompleted()
            }
        }
        let recorder = EventRecorder(starting: producer.retry(upTo: 5))
        #expect(recorder.events == [.value(3), .completed])
        #expect(attempts == 3)
    }

    @Test("many synchronous retries do not recurse")
    func deep() {
        var attempts = 0
        let producer = SignalProducer<Int, FetchError> { observer, _ in
            attempts += 1
            observer.send(error: .connectionLost)
        }
        let recorder = EventRecorder(starting: producer.retry(upTo: 50_000))
        #expect(attempts == 50_001)
        #expect(recorder.events == [.failed(.connectionLost)])
    }

    @Test("retry(upTo:interval:on:) waits the interval before each attempt")
    func interval() {
        let scheduler = TestScheduler()
        let stub = StubProducer<Int, FetchError>([.failed(.connectionLost, at: 1)], on: scheduler)
        let recorder = EventRecorder(
            starting: stub.producer.retry(upTo: 2, interval: 5, on: scheduler), clock: scheduler)
        scheduler.advance(by: 1)
        #expect(stub.startCount == 1)
        scheduler.advance(by: 4.999)
        #expect(stub.startCount == 1)
        scheduler.advance(by: 0.001)
        #expect(stub.startCount == 2)
        scheduler.run()
        #expect(stub.startCount == 3)
        #expect(recorder.difference(from: [.failed(.connectionLost, at: 13)]) == nil)
    }

    @Test("the exponential backoff doubles the wait between attempts")
    func backoff() {
        let scheduler = TestScheduler()
        var startTimes: [Double] = []
        let stub = StubProducer<Int, FetchError>([.failed(.connectionLost, at: 0)], on: scheduler)
        let producer = stub.producer.on(starting: { startTimes.append(scheduler.elapsed()) })
        let recorder = EventRecorder(
            starting: producer.retry(
                upTo: 4, backoff: .exponential(initial: 1, maximum: 6), on: scheduler),
            clock: scheduler)
        scheduler.run()
        #expect(startTimes == [0, 1, 3, 7, 13])
        #expect(recorder.difference(from: [.failed(.connectionLost, at: 13)]) == nil)
    }

    @Test("errors the predicate rejects fail at once, without a retry")
    func predicate() {
        let scheduler = TestScheduler()
        let stub = StubProducer<Int, FetchError>([.failed(.invalidRequest, at: 0)], on: scheduler)
        let recorder = EventRecorder(
            starting: stub.producer.retry(upTo: 3, backoff: .constant(1), on: scheduler) {
                $0 != .invalidRequest
            },
            clock: scheduler)
        scheduler.run()
        #expect(stub.startCount == 1)
        #expect(recorder.events == [.failed(.invalidRequest)])
    }

    @Test("delayBeforeRetry can honour a server's requested pause")
    func serverPause() {
        let scheduler = TestScheduler()
        var startTimes: [Double] = []
        let stub = StubProducer<Int, FetchError>(
            [.failed(.rateLimited(retryAfter: 30), at: 0)], on: scheduler)
        let retried = stub.producer.on(starting: { startTimes.append(scheduler.elapsed()) })
            .retry(upTo: 2, on: scheduler) { error, attempt in
                if case .rateLimited(let pause) = error { return pause }
                return RetryBackoff.exponential(initial: 1).delay(beforeRetry: attempt)
            }
        let recorder = EventRecorder(starting: retried, clock: scheduler)
        scheduler.run()
        #expect(startTimes == [0, 30, 60])
        #expect(recorder.events == [.failed(.rateLimited(retryAfter: 30))])
    }

    @Test("disposing while waiting for a retry cancels it")
    func disposal() {
        let scheduler = TestScheduler()
        let stub = StubProducer<Int, FetchError>([.failed(.connectionLost, at: 1)], on: scheduler)
        let recorder = EventRecorder<Int, FetchError>(clock: scheduler)
        let run = recorder.record(stub.producer.retry(upTo: 3, interval: 5, on: scheduler))
        scheduler.advance(by: 2)
        run.dispose()
        scheduler.run()
        #expect(stub.startCount == 1)
        #expect(recorder.events == [.interrupted])
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test("disposing during an attempt disposes that attempt")
    func disposalDuringAttempt() {
        let scheduler = TestScheduler()
        let stub = StubProducer<Int, FetchError>([.failed(.connectionLost, at: 1)], on: scheduler)
        let run = stub.producer.retry(upTo: 3, interval: 1, on: scheduler).start()
        scheduler.advance(by: 2.5)
        run.dispose()
        #expect(stub.startCount == 2)
        #expect(stub.disposalCount == 1)
    }

    @Test("backoff delays grow by the multiplier, are capped, and clamp bad input")
    func backoffValues() {
        let backoff = RetryBackoff.exponential(initial: 0.5, multiplier: 2, maximum: 4)
        #expect((1...5).map(backoff.delay(beforeRetry:)) == [0.5, 1, 2, 4, 4])
        #expect(RetryBackoff.constant(3).delay(beforeRetry: 10) == 3)
        let clamped = RetryBackoff(initialDelay: -1, multiplier: 0.5, maximumDelay: .nan)
        #expect(clamped == RetryBackoff(initialDelay: 0, multiplier: 1, maximumDelay: 0))
        #expect(
            RetryBackoff.exponential(initial: 1).delay(beforeRetry: 5000)
                == RetryBackoff.longestDelay)
    }
}

@Suite("flatMapError")
struct FlatMapErrorTests {
    @Test("continues with the replacement after a failure")
    func replaces() {
        let producer = SignalProducer<Int, FetchError> { observer, _ in
            observer.send(value: 1)
            observer.send(error: .connectionLost)
        }
        let recovered = producer.flatMapError { _ in SignalProducer<Int, Never>(values: 8, 9) }
        #expect(
            EventRecorder(starting: recovered).events == [
                .value(1), .value(8), .value(9), .completed,
            ])
    }

    @Test("disposing the result disposes the replacement")
    func disposal() {
        let scheduler = TestScheduler()
        let replacement = StubProducer<Int, Never>([.value(1, at: 1)], on: scheduler)
        let recorder = EventRecorder<Int, Never>()
        let run = recorder.record(
            SignalProducer<Int, FetchError>(error: .invalidRequest).flatMapError { _ in
                replacement.producer
            })
        run.dispose()
        #expect(replacement.disposalCount == 1)
        #expect(recorder.events == [.interrupted])
    }

    @Test("works on signals")
    func signal() {
        let (signal, input) = Signal<Int, FetchError>.pipe()
        let recorder = EventRecorder(
            observing: signal.flatMapError { _ in SignalProducer<Int, Never>(value: 0) })
        input.send(error: .connectionLost)
        #expect(recorder.events == [.value(0), .completed])
    }
}
