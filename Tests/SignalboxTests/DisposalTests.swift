import Signalbox
import TestThreads
import Testing

@Suite("Contract 4: disposal is cancellation", .ownThreads)
struct DisposalTests {
    @Test("disposing a run interrupts it, ends its lifetime and runs cleanup exactly once")
    func disposeInterrupts() {
        let cleanups = Counter()
        var runLifetime: Lifetime?
        let producer = SignalProducer<Int, Never> { observer, lifetime in
            runLifetime = lifetime
            lifetime.observeEnded { cleanups.increment() }
            observer.send(value: 1)
        }
        let received = Recorded<Event<Int, Never>>()
        let disposable = producer.start { received.append($0) }
        disposable.dispose()
        disposable.dispose()
        #expect(received.items == [.value(1), .interrupted])
        #expect(cleanups.value == 1)
        #expect(runLifetime?.hasEnded == true)
        #expect(disposable.isDisposed)
    }

    @Test("disposing from another thread is safe and interrupts once")
    func disposeFromManyThreads() {
        for _ in 0..<100 {
            let interruptions = Counter()
            let disposable = SignalProducer<Int, Never>.never.startWithInterrupted {
                interruptions.increment()
            }
            concurrently(threads: 4) { _ in disposable.dispose() }
            #expect(interruptions.value == 1)
        }
    }

    @Test("AnyDisposable runs its action once")
    func anyDisposable() {
        let runs = Counter()
        let disposable = AnyDisposable { runs.increment() }
        #expect(!disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        #expect(runs.value == 1 && disposable.isDisposed)
    }

    @Test("CompositeDisposable disposes members in order, and late members at once")
    func compositeDisposable() {
        let order = Recorded<Int>()
        let composite = CompositeDisposable()
        composite += { order.append(1) }
        let removable = composite.add(AnyDisposable { order.append(2) })
        composite += { order.append(3) }
        removable?.dispose()
        composite.dispose()
        #expect(order.items == [1, 3])
        composite += { order.append(4) }
        #expect(order.items == [1, 3, 4])
    }

    @Test("a removal handle from CompositeDisposable only removes its own member")
    func compositeRemovalHandles() {
        let order = Recorded<Int>()
        let composite = CompositeDisposable()
        let handles = (0..<5).map { i in composite.add(AnyDisposable { order.append(i) }) }
        handles[3]?.dispose()
        handles[0]?.dispose()
        handles[3]?.dispose()
        #expect(handles[0]?.isDisposed == true && handles[1]?.isDisposed == false)
        composite.dispose()
        #expect(order.items == [1, 2, 4])
        handles[1]?.dispose()
        #expect(order.items == [1, 2, 4])
    }

    @Test("disposing a signal observation detaches only that observer")
    func signalObservationDisposal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let first = Recorded<Int>()
        let second = Recorded<Event<Int, Never>>()
        let firstObservation = signal.observeValues { first.append($0) }
        signal.observe { second.append($0) }
        input.send(value: 1)
        firstObservation?.dispose()
        firstObservation?.dispose()
        input.send(value: 2)
        input.sendCompleted()
        #expect(first.items == [1])
        #expect(second.items == [.value(1), .value(2), .completed])
        #expect(firstObservation?.isDisposed == true)
    }

    @Test("a kept observation does not keep its signal's state alive")
    func observationDoesNotRetainSignal() {
        weak var released: Token?
        var observation: Disposable?
        do {
            let token = Token()
            released = token
            let (signal, input) = Signal<Int, Never>.pipe(disposable: AnyDisposable { _ = token })
            observation = signal.observeValues { _ in }
            withExtendedLifetime(input) {}
        }
        // The signal and its input are gone: its lifetime ended and released the token.
        #expect(released == nil)
        observation?.dispose()
        #expect(observation?.isDisposed == true)
    }

    @Test("SerialDisposable disposes the previous inner when replaced")
    func serialDisposable() {
        let first = AnyDisposable()
        let second = AnyDisposable()
        let third = AnyDisposable()
        let serial = SerialDisposable(first)
        serial.inner = second
        #expect(first.isDisposed && !second.isDisposed)
        serial.dispose()
        #expect(second.isDisposed)
        serial.inner = third
        #expect(third.isDisposed)
    }

    @Test("ScopedDisposable disposes its inner on deinit")
    func scopedDisposable() {
        let inner = AnyDisposable()
        do {
            let scoped = ScopedDisposable(inner)
            #expect(!scoped.isDisposed)
        }
        #expect(inner.isDisposed)
    }

    @Test("a lifetime ends when its token is disposed or released")
    func lifetimeToken() {
        let ended = Counter()
        var (lifetime, token): (Lifetime, Lifetime.Token?) = Lifetime.make()
        lifetime.observeEnded { ended.increment() }
        #expect(!lifetime.hasEnded)
        token = nil
        #expect(token == nil && lifetime.hasEnded && ended.value == 1)
        lifetime.observeEnded { ended.increment() }
        #expect(ended.value == 2)
    }

    @Test("a run disposed before start(on:) reaches its scheduler never starts")
    func disposeBeforeScheduledStart() {
        let scheduler = TestScheduler()
        let starts = Counter()
        let received = Recorded<Event<Int, Never>>()
        let disposable = SignalProducer<Int, Never> { _, _ in starts.increment() }
            .start(on: scheduler)
            .start { received.append($0) }
        disposable.dispose()
        scheduler.run()
        #expect(starts.value == 0)
        #expect(received.items == [.interrupted])
    }

    @Test("a run disposed before its work starts interrupts its observers once, and never starts")
    func disposeBeforeStartWithSignal() {
        let starts = Counter()
        let received = Recorded<Event<Int, Never>>()
        SignalProducer<Int, Never> { observer, _ in
            starts.increment()
            observer.send(value: 1)
        }
        .startWithSignal { signal, interrupter in
            signal.observe { received.append($0) }
            interrupter.dispose()
        }
        #expect(starts.value == 0)
        #expect(received.items == [.interrupted])
    }

    @Test("after start(on:) has started the work, disposal interrupts once, through the work")
    func disposeAfterScheduledStart() {
        let scheduler = TestScheduler()
        let cleanups = Counter()
        let received = Recorded<Event<Int, Never>>()
        let disposable = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded { cleanups.increment() }
            observer.send(value: 1)
        }
        .start(on: scheduler)
        .start { received.append($0) }
        scheduler.run()
        disposable.dispose()
        disposable.dispose()
        #expect(received.items == [.value(1), .interrupted])
        #expect(cleanups.value == 1)
    }
}
