import Signalbox
import SignalboxTesting
import TestThreads
import Testing

private enum LoadError: Error, Equatable {
    case notFound
}

@Suite("Async bridges", .ownThreads)
struct AsyncBridgeTests {
    @Test("values iterates every value of a run and ends on completion")
    func values() async throws {
        var received: [Int] = []
        for try await value in SignalProducer<Int, LoadError>(values: 1, 2, 3).values {
            received.append(value)
        }
        #expect(received == [1, 2, 3])
    }

    @Test("values throws the producer's typed error after the values sent before it")
    func typedFailure() async {
        let producer = SignalProducer<Int, LoadError> { observer, _ in
            observer.send(value: 1)
            observer.send(error: .notFound)
        }
        var received: [Int] = []
        do throws(LoadError) {
            for try await value in producer.values { received.append(value) }
            Issue.record("the loop should have thrown")
        } catch {
            #expect(error == .notFound)
        }
        #expect(received == [1])
    }

    @Test("values delivers values sent later from another thread")
    func asynchronousValues() async {
        let (signal, input) = Signal<Int, Never>.pipe()
        let subscribed = AsyncLatch()
        let consumer = Task {
            var received: [Int] = []
            for await value in signal.producer.on(started: subscribed.open).values {
                received.append(value)
            }
            return received
        }
        await subscribed.wait()
        Task.detached {
            input.send(value: 1)
            input.send(value: 2)
            input.sendCompleted()
        }
        #expect(await consumer.value == [1, 2])
    }

    @Test("cancelling the consuming task disposes the run and ends the loop")
    func cancellation() async {
        let disposed = AsyncLatch()
        let firstValue = AsyncLatch()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded(disposed.open)
            observer.send(value: 1)
        }
        let consumer = Task {
            var received: [Int] = []
            for await value in producer.values {
                received.append(value)
                firstValue.open()
            }
            return received
        }
        await firstValue.wait()
        consumer.cancel()
        #expect(await consumer.value == [1])
        #expect(disposed.opened)
    }

    @Test("leaving the loop early disposes the run")
    func breakDisposes() async {
        let disposed = AsyncLatch()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded(disposed.open)
            observer.send(value: 1)
            observer.send(value: 2)
        }
        for await value in producer.values where value == 1 { break }
        #expect(disposed.opened)
    }

    @Test("a producer made from an async operation sends its result and completes")
    func asyncInit() async {
        let producer = SignalProducer<Int, LoadError>(asyncOperation: {
            () async throws(LoadError) -> Int in
            await Task.yield()
            return 42
        })
        #expect(await producer.first() == .success(42))
        let events = Recorded<Event<Int, LoadError>>()
        let done = AsyncLatch()
        producer.start { event in
            events.append(event)
            if event.isTerminating { done.open() }
        }
        await done.wait()
        #expect(events.items == [.value(42), .completed])
    }

    @Test("a producer made from an async operation fails with the typed error it throws")
    func asyncInitFailure() async {
        let producer = SignalProducer<Int, LoadError>(asyncOperation: {
            () async throws(LoadError) -> Int in
            throw .notFound
        })
        #expect(await producer.first() == .failure(.notFound))
        #expect(await producer.single() == .failure(.notFound))
    }

    @Test("disposing the run cancels the task of an async operation")
    func asyncInitCancellation() async {
        let started = AsyncLatch()
        let cancelled = AsyncLatch()
        let producer = SignalProducer<Int, Never>(asyncOperation: { () async -> Int in
            started.open()
            await withTaskCancellationHandler {
                await cancelled.wait()
            } onCancel: {
                cancelled.open()
            }
            return 0
        })
        let events = Recorded<Event<Int, Never>>()
        let run = producer.start(events.append)
        await started.wait()
        run.dispose()
        await cancelled.wait()
        #expect(cancelled.opened)
        #expect(events.items.first == .interrupted)
    }

    @Test("await first() returns the first value and disposes the run")
    func first() async {
        let disposed = AsyncLatch()
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded(disposed.open)
            observer.send(value: 7)
            observer.send(value: 8)
        }
        #expect(await producer.first() == .success(7))
        #expect(disposed.opened)
        #expect(await SignalProducer<Int, Never>.empty.first() == nil)
    }

    @Test("await single() needs exactly one value and completion")
    func single() async {
        #expect(await SignalProducer<Int, LoadError>(value: 1).single() == .success(1))
        #expect(await SignalProducer<Int, LoadError>(values: 1, 2).single() == nil)
        #expect(await SignalProducer<Int, LoadError>.empty.single() == nil)
        let interrupted = SignalProducer<Int, LoadError> { observer, _ in
            observer.send(value: 1)
            observer.sendInterrupted()
        }
        #expect(await interrupted.single() == nil)
    }

    @Test("cancelling a task awaiting first() disposes the run and returns nil")
    func firstCancellation() async {
        let started = AsyncLatch()
        let disposed = AsyncLatch()
        let producer = SignalProducer<Int, Never>.never
            .on(started: started.open, disposed: disposed.open)
        let waiting = Task { await producer.first() }
        await started.wait()
        waiting.cancel()
        #expect(await waiting.value == nil)
        #expect(disposed.opened)
    }

    @Test("a task cancelled before it iterates never starts the producer")
    func cancelledBeforeStart() async {
        let started = AsyncLatch()
        let gate = AsyncLatch()
        let producer = SignalProducer<Int, Never>.never.on(starting: started.open)
        let waiting = Task {
            await gate.wait()
            return await producer.first()
        }
        waiting.cancel()
        gate.open()
        #expect(await waiting.value == nil)
        #expect(!started.opened)
    }
}
