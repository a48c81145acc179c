import Foundation
import Signalbox
import TestThreads
import Testing

/// A run is kept alive by what can still send into it (its observer, held by a live
/// object) and by its disposable; once neither is reachable it is released and its
/// lifetime ends.
@Suite("Run lifetime: an unreachable run is released", .ownThreads)
struct RunLifetimeTests {
    @Test("a never-ending run whose disposable is dropped is released and its lifetime ends")
    func droppedNeverEndingRunIsReleased() {
        weak var weakDownstream: Token?
        weak var weakLifetimeToken: Token?
        let ended = Counter()
        do {
            let downstream = Token()
            let lifetimeToken = Token()
            weakDownstream = downstream
            weakLifetimeToken = lifetimeToken
            SignalProducer<Int, Never> { _, lifetime in
                lifetime.observeEnded {
                    _ = lifetimeToken
                    ended.increment()
                }
            }
            .map { $0 + 1 }
            .start { _ in _ = downstream }
        }
        #expect(weakDownstream == nil)
        #expect(weakLifetimeToken == nil)
        #expect(ended.value == 1)
    }

    @Test("SignalProducer.never started and dropped is released")
    func droppedNeverIsReleased() {
        weak var weakDownstream: Token?
        do {
            let downstream = Token()
            weakDownstream = downstream
            SignalProducer<Int, Never>.never.startWithValues { _ in _ = downstream }
        }
        #expect(weakDownstream == nil)
    }

    @Test("a held disposable keeps the run: disposing it still interrupts through operators")
    func heldDisposableInterrupts() {
        let events = Recorded<String>()
        let ended = Counter()
        let disposable = SignalProducer<Int, Never> { _, lifetime in
            lifetime.observeEnded { ended.increment() }
        }
        .map { $0 * 2 }
        .on(interrupted: { events.append("on(interrupted:)") })
        .start { event in events.append("\(event)") }
        #expect(ended.value == 0)
        #expect(events.items.isEmpty)
        disposable.dispose()
        #expect(events.items == ["on(interrupted:)", "\(Event<Int, Never>.interrupted)"])
        #expect(ended.value == 1)
    }

    @Test("a run whose observer a live object holds stays alive after its disposable is dropped")
    func observerHeldByLiveObjectKeepsRun() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorded<Int>()
        let ended = Counter()
        do {
            SignalProducer<Int, Never> { observer, lifetime in
                lifetime += signal.observe(observer)
                lifetime.observeEnded { ended.increment() }
            }
            .map { $0 + 1 }
            .startWithValues { received.append($0) }
        }
        #expect(ended.value == 0)
        input.send(value: 1)
        input.send(value: 2)
        #expect(received.items == [2, 3])
        input.sendCompleted()
        #expect(ended.value == 1)
    }

    @Test("a dropped run whose only sender is gone is released when the sender goes")
    func runReleasedWhenSenderGoes() {
        weak var weakDownstream: Token?
        let ended = Counter()
        var input: Signal<Int, Never>.Observer?
        do {
            let downstream = Token()
            weakDownstream = downstream
            SignalProducer<Int, Never> { observer, lifetime in
                input = observer
                lifetime.observeEnded { ended.increment() }
            }
            .startWithValues { _ in _ = downstream }
        }
        #expect(weakDownstream != nil)
        input?.send(value: 1)
        #expect(ended.value == 0)
        input = nil
        #expect(weakDownstream == nil)
        #expect(ended.value == 1)
    }

    @Test("a dropped run with a pending scheduled send stays alive until it has sent")
    func droppedRunWithTimerStaysAlive() {
        let scheduler = TestScheduler()
        let received = Recorded<Int>()
        do {
            SignalProducer<Int, Never> { observer, lifetime in
                lifetime += scheduler.schedule(afterDelay: 1) {
                    observer.send(value: 7)
                    observer.sendCompleted()
                }
            }
            .startWithValues { received.append($0) }
        }
        scheduler.advance(by: 1)
        #expect(received.items == [7])
    }

    @Test(
        "dropped never-ending runs through time operators are released",
        arguments: ["delay", "debounce", "throttle", "timeout", "observeOn"])
    func droppedRunsThroughOperatorsAreReleased(operatorName: String) {
        let scheduler = TestScheduler()
        weak var weakDownstream: Token?
        let ended = Counter()
        do {
            let downstream = Token()
            weakDownstream = downstream
            let source = SignalProducer<Int, TestError> { _, lifetime in
                lifetime.observeEnded { ended.increment() }
            }
            let chained: SignalProducer<Int, TestError>
            switch operatorName {
            case "delay": chained = source.delay(1, on: scheduler)
            case "debounce": chained = source.debounce(1, on: scheduler)
            case "throttle": chained = source.throttle(1, on: scheduler)
            case "timeout": chained = source.timeout(after: 1, raising: .boom, on: scheduler)
            default: chained = source.observe(on: scheduler)
            }
            chained.start { _ in _ = downstream }
        }
        if operatorName == "timeout" {
            // A pending deadline can still send: the run lives until it fires.
            #expect(weakDownstream != nil)
            scheduler.advance(by: 1)
        }
        #expect(weakDownstream == nil)
        #expect(ended.value == 1)
    }

    @Test("a dropped run of SignalProducer(signal) is released once the pipe is gone")
    func runObservingGonePipeIsReleased() {
        weak var weakDownstream: Token?
        let ended = Counter()
        var pipe: (output: Signal<Int, Never>, input: Signal<Int, Never>.Observer)? =
            Signal<Int, Never>.pipe()
        do {
            let downstream = Token()
            weakDownstream = downstream
            if let signal = pipe?.output {
                SignalProducer(signal)
                    .on(disposed: { ended.increment() })
                    .startWithValues { _ in _ = downstream }
            }
        }
        pipe?.input.send(value: 1)
        #expect(weakDownstream != nil)
        pipe = nil
        #expect(weakDownstream == nil)
        #expect(ended.value == 1)
    }

    @Test("a held run of SignalProducer(signal) is detached from the signal when disposed")
    func heldRunOfSignalDetaches() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorded<Event<Int, Never>>()
        let run = SignalProducer(signal).start { received.append($0) }
        input.send(value: 1)
        run.dispose()
        input.send(value: 2)
        input.sendCompleted()
        #expect(received.items == [.value(1), .interrupted])
        let later = Recorded<Event<Int, Never>>()
        SignalProducer(signal).start { later.append($0) }
        #expect(later.items == [.interrupted])
    }

    @Test("real threads: a dropped run completed later by a background queue is then released")
    func droppedRunCompletedOnAnotherThread() {
        weak var weakDownstream: Token?
        let received = Recorded<Int>()
        let done = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        do {
            let downstream = Token()
            weakDownstream = downstream
            SignalProducer<Int, Never> { observer, lifetime in
                lifetime.observeEnded { ended.signal() }
                DispatchQueue.global().async {
                    observer.send(value: 1)
                    observer.sendCompleted()
                    done.signal()
                }
            }
            .startWithValues { value in
                _ = downstream
                received.append(value)
            }
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(ended.wait(timeout: .now() + 60) == .success)
        #expect(received.items == [1])
        #expect(weakDownstream == nil)
    }
}
