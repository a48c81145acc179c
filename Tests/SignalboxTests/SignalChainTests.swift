import Foundation
import Signalbox
import SignalboxLocks
import TestThreads
import Testing

/// Chains of synchronous operators on signals (`map`, `filter`, `compactMap`, `attemptMap`).
///
/// Once the intermediate signals of a chain are released, each has one observer for good (the
/// next operator) and delivers straight to it; these tests pin down that nothing observable
/// changes: order, terminal events, disposal, lifetimes, and the same on real threads.
@Suite("Signal chains: intermediate signals released, semantics kept", .ownThreads)
struct SignalChainTests {
    @Test("a derived signal runs its transform once per value, however many observers it has")
    func transformRunsOncePerValue() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let calls = Counter()
        let mapped = signal.map { value -> Int in
            calls.increment()
            return value * 2
        }
        let received = Recorded<Int>()
        for _ in 0..<3 { mapped.observeValues { received.append($0) } }
        mapped.filter { _ in true }.observeValues { received.append($0 + 1_000) }
        input.send(value: 1)
        input.send(value: 2)
        #expect(calls.value == 2)
        #expect(received.items == [2, 2, 2, 1_002, 4, 4, 4, 1_004])
    }

    @Test("a chain whose intermediate signals are gone delivers in order, then the failure")
    func releasedIntermediatesKeepOrderAndTerminal() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let received = Recorded<Event<Int, TestError>>()
        do {
            signal
                .map { $0 * 10 }
                .filter { $0 != 20 }
                .compactMap { $0 == 30 ? nil : $0 }
                .attemptMap { value -> Result<Int, TestError> in
                    value == 60 ? .failure(.boom) : .success(value + 1)
                }
                .observe { received.append($0) }
        }
        for value in 1...7 { input.send(value: value) }
        #expect(received.items == [.value(11), .value(41), .value(51), .failed(.boom)])
    }

    @Test("disposing the only observer of a chain releases every closure of it, at once")
    func disposingReleasesTheChain() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakTransformToken: Token?
        weak var weakObserverToken: Token?
        let transformed = Counter()
        var disposable: Disposable? = {
            let transformToken = Token()
            let observerToken = Token()
            weakTransformToken = transformToken
            weakObserverToken = observerToken
            return
                signal
                .map { value -> Int in
                    withExtendedLifetime(transformToken) { transformed.increment() }
                    return value
                }
                .map { $0 + 1 }
                .filter { _ in true }
                .observeValues { _ in withExtendedLifetime(observerToken) {} }
        }()
        input.send(value: 1)
        disposable?.dispose()
        disposable = nil
        #expect(weakTransformToken == nil)
        #expect(weakObserverToken == nil)
        input.send(value: 2)
        #expect(transformed.value == 1)
    }

    @Test("the terminal event releases every closure of a chain while the pipe's input lives")
    func terminalReleasesTheChain() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakToken: Token?
        let received = Recorded<Event<Int, Never>>()
        do {
            let token = Token()
            weakToken = token
            signal
                .map { value -> Int in withExtendedLifetime(token) { value + 1 } }
                .map { $0 * 2 }
                .observe { received.append($0) }
        }
        input.send(value: 1)
        input.sendCompleted()
        #expect(weakToken == nil)
        #expect(received.items == [.value(4), .completed])
    }

    @Test("releasing the pipe's input interrupts the observer at the end of a chain")
    func releasedInputInterruptsTheChain() {
        var input: Signal<Int, Never>.Observer?
        let received = Recorded<Event<Int, Never>>()
        do {
            let (signal, pipeInput) = Signal<Int, Never>.pipe()
            input = pipeInput
            signal.map { $0 + 1 }.filter { $0 > 1 }.observe { received.append($0) }
        }
        input?.send(value: 1)
        input = nil
        #expect(received.items == [.value(2), .interrupted])
    }

    @Test("an observer at the end of a chain that disposes itself receives nothing more")
    func observerDisposingItself() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorded<Int>()
        let holder = DisposableHolder()
        holder.disposable = signal.map { $0 + 1 }.map { $0 * 2 }.observeValues { value in
            received.append(value)
            holder.disposable?.dispose()
        }
        for value in 1...3 { input.send(value: value) }
        #expect(received.items == [4])
    }

    @Test("a run of a producer made from a chain, once the producer is gone, stops on disposal")
    func producerRunOfAChain() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorded<Event<Int, Never>>()
        weak var weakToken: Token?
        let disposable: Disposable = {
            let token = Token()
            weakToken = token
            let producer = SignalProducer(
                signal.map { value -> Int in withExtendedLifetime(token) { value * 2 } }
                    .scan(0, +))
            return producer.start { received.append($0) }
        }()
        input.send(value: 1)
        input.send(value: 2)
        disposable.dispose()
        input.send(value: 3)
        #expect(received.items == [.value(2), .value(6), .interrupted])
        #expect(weakToken == nil)
    }

    @Test("values keep flowing in order while the chain's signals are released on another thread")
    func releasingIntermediatesWhileSending() {
        for _ in 0..<20 {
            let (signal, input) = Signal<Int, Never>.pipe()
            let received = Recorded<Int>()
            // Only `kept` refers to the chain's signals.
            let kept = { () -> Kept<Signal<Int, Never>> in
                let first = signal.map { $0 + 1 }
                let second = first.filter { _ in true }
                let third = second.compactMap { $0 - 1 }
                third.observeValues { received.append($0) }
                return Kept([first, second, third])
            }()
            #expect(
                finishes(within: 10) {
                    concurrently(threads: 2) { part in
                        if part == 0 {
                            for value in 0..<2_000 { input.send(value: value) }
                        } else {
                            kept.release()
                        }
                    }
                })
            #expect(received.items == Array(0..<2_000))
        }
    }

    @Test("the observer of a chain disposed on one thread while another sends: then nothing more")
    func disposingWhileSending() {
        for _ in 0..<20 {
            let (signal, input) = Signal<Int, Never>.pipe()
            let received = Counter()
            weak var weakToken: Token?
            // Only `kept` refers to the observer's disposable.
            let kept = { () -> Kept<Disposable> in
                let token = Token()
                weakToken = token
                let disposable = signal.map { $0 + 1 }.filter { _ in true }.map { $0 * 2 }
                    .observeValues { _ in withExtendedLifetime(token) { received.increment() } }
                return Kept(disposable.map { [$0] } ?? [])
            }()
            #expect(
                finishes(within: 10) {
                    concurrently(threads: 2) { part in
                        if part == 0 {
                            for value in 0..<2_000 { input.send(value: value) }
                        } else {
                            kept.first { $0.dispose() }
                        }
                    }
                })
            let countAfterDisposal = received.value
            input.send(value: -1)
            #expect(received.value == countAfterDisposal)
            kept.release()
            #expect(weakToken == nil)
        }
    }
}

/// Holds the disposable of an observer that disposes itself.
private final class DisposableHolder: @unchecked Sendable {
    // Safety: written once before any value is sent, read only on the sending thread.
    var disposable: Disposable?
}

/// A list of objects that another thread releases.
private final class Kept<Element>: @unchecked Sendable {
    // Safety: `items` is only touched while holding `lock`.
    private let lock = Lock()
    private var items: [Element]

    init(_ items: [Element]) {
        self.items = items
    }

    /// Calls `body` with the first element, if any, while holding it.
    func first(_ body: (Element) -> Void) {
        lock.lock()
        let item = items.first
        lock.unlock()
        if let item { body(item) }
    }

    /// Releases every element.
    func release() {
        lock.lock()
        let released = items
        items = []
        lock.unlock()
        withExtendedLifetime(released) {}
    }
}
