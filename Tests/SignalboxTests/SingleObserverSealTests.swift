import Dispatch
import Foundation
import TestThreads
import Testing

@testable import Signalbox

/// A signal (or property) with exactly one observer delivers to it without the lock, and
/// lifts that "seal" when a second observer attaches or the one detaches. These tests pin
/// what must not change: who receives which values, when closures are released, and that
/// an observer changing on another thread never frees what a delivery is using.
@Suite("One observer: the passing seal", .ownThreads)
struct SingleObserverSealTests {
    @Test("a second observer receives every value sent after it attached, and so does the first")
    func secondObserverAttaches() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let first = Recorded<Int>()
        let second = Recorded<Int>()
        signal.observeValues { first.append($0) }
        input.send(value: 1)  // delivered through the seal
        input.send(value: 2)
        let disposable = signal.observeValues { second.append($0) }
        input.send(value: 3)
        disposable?.dispose()
        input.send(value: 4)  // one observer again
        #expect(first.items == [1, 2, 3, 4])
        #expect(second.items == [3])
    }

    @Test(
        "the only observer's closure is released when it is disposed (and its disposable dropped), at once"
    )
    func soleObserverReleasedAtOnce() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakToken: Token?
        let received = Counter()
        var disposable = { () -> Disposable? in
            let token = Token()
            weakToken = token
            return signal.observeValues { _ in withExtendedLifetime(token) { received.increment() }
            }
        }()
        input.send(value: 1)
        input.send(value: 2)
        #expect(weakToken != nil)
        disposable?.dispose()
        disposable = nil
        #expect(weakToken == nil)
        input.send(value: 3)
        #expect(received.value == 2)
    }

    @Test("a property's only observer: disposed, it is released at once and hears nothing more")
    func propertyObserverReleased() {
        let property = MutableProperty(0)
        weak var weakToken: Token?
        let received = Recorded<Int>()
        var disposable = { () -> Disposable? in
            let token = Token()
            weakToken = token
            return property.signal.observeValues { value in
                withExtendedLifetime(token) { received.append(value) }
            }
        }()
        property.value = 1
        property.value = 2
        disposable?.dispose()
        disposable = nil
        #expect(weakToken == nil)
        property.value = 3
        #expect(received.items == [1, 2])
    }

    @Test("a kept derived signal runs its transform once per value as observers come and go")
    func keptDerivedSignal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let transformed = Counter()
        let mapped = signal.map { value -> Int in
            transformed.increment()
            return value * 10
        }
        let first = Recorded<Int>()
        let second = Recorded<Int>()
        let firstDisposable = mapped.observeValues { first.append($0) }
        input.send(value: 1)
        let secondDisposable = mapped.observeValues { second.append($0) }
        input.send(value: 2)
        firstDisposable?.dispose()
        input.send(value: 3)
        secondDisposable?.dispose()
        input.send(value: 4)
        #expect(first.items == [10, 20])
        #expect(second.items == [20, 30])
        #expect(transformed.value == 4)
    }

    @Test(
        "an observer disposed on another thread while a value is delivered to it is released when that delivery returns"
    )
    func disposedDuringItsDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Recorded<String>()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        var disposable = { () -> Disposable? in
            let token = ReleaseLogger(log)
            return signal.observeValues { value in
                withExtendedLifetime(token) {
                    log.append("value \(value)")
                    if value == 2 {
                        entered.signal()
                        proceed.wait()
                        log.append("delivery of 2 returns")
                    }
                }
            }
        }()
        input.send(value: 1)
        let sent = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            input.send(value: 2)
            sent.signal()
        }
        entered.wait()
        // The delivery of 2 is running the observer's closure: disposing the observer and
        // dropping its disposable must not free that closure under it.
        disposable?.dispose()
        disposable = nil
        proceed.signal()
        #expect(sent.wait(timeout: .now() + 60) == .success)
        input.send(value: 3)
        #expect(log.items == ["value 1", "value 2", "delivery of 2 returns", "released"])
    }

    @Test(
        "a second observer attached on another thread while a value is delivered: the next value reaches both"
    )
    func attachedDuringDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let first = Recorded<Int>()
        let second = Recorded<Int>()
        signal.observeValues { value in
            first.append(value)
            if value == 1 {
                entered.signal()
                proceed.wait()
            }
        }
        let sent = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            input.send(value: 1)
            sent.signal()
        }
        entered.wait()
        let disposable = signal.observeValues { second.append($0) }
        proceed.signal()
        #expect(sent.wait(timeout: .now() + 60) == .success)
        input.send(value: 2)
        disposable?.dispose()
        #expect(first.items == [1, 2])
        #expect(second.items == [2])
    }

    @Test("observers attached and disposed on 3 threads while one observer stays and values flow")
    func churnWhileSending() {
        for round in 0..<10 {
            let (signal, input) = Signal<Int, Never>.pipe()
            let kept = Recorded<Int>()
            let count = 3_000
            signal.observeValues { kept.append($0) }
            let orderViolations = Counter()
            let released = Counter()
            #expect(
                finishes(within: 20) {
                    concurrently(threads: 4) { part in
                        if part == 0 {
                            for value in 0..<count { input.send(value: value) }
                            return
                        }
                        var generator = SplitMix(seed: UInt64(round * 10 + part))
                        for _ in 0..<300 {
                            let last = Recorded<Int>()
                            let token = ReleaseCounter(released)
                            let disposable = signal.observeValues { value in
                                withExtendedLifetime(token) {
                                    if let previous = last.items.last, previous >= value {
                                        orderViolations.increment()
                                    }
                                    last.append(value)
                                }
                            }
                            for _ in 0..<Int.random(in: 0..<50, using: &generator) {
                                _ = last.items.count
                            }
                            disposable?.dispose()
                        }
                    }
                })
            #expect(kept.items == Array(0..<count))
            #expect(orderViolations.value == 0)
            // Every temporary observer is released: at once, or by the next value or the end.
            input.sendCompleted()
            #expect(released.value == 900)
        }
    }
}

/// Logs its own deinitialisation.
private final class ReleaseLogger {
    let log: Recorded<String>
    init(_ log: Recorded<String>) { self.log = log }
    deinit { log.append("released") }
}

/// Counts its own deinitialisation.
private final class ReleaseCounter {
    let counter: Counter
    init(_ counter: Counter) { self.counter = counter }
    deinit { counter.increment() }
}
