import Signalbox
import TestThreads
import Testing

@Suite("Detaching observers: any order, order of delivery kept", .ownThreads)
struct ObserverDetachTests {
    /// Attaches `count` observers that record their index, disposes those in `disposed` (in
    /// that order), sends one value and returns who received it, in delivery order.
    private func survivors(count: Int, disposing disposed: [Int]) -> [Int] {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorded<Int>()
        let disposables = (0..<count).map { index in
            signal.observeValues { _ in received.append(index) }
        }
        for index in disposed { disposables[index]?.dispose() }
        input.send(value: 0)
        return received.items
    }

    @Test(
        "the remaining observers receive values in the order they attached, whatever was disposed")
    func orderKeptAfterDisposals() {
        let count = 1_000
        // Oldest first, newest first, every third, and a fixed shuffle of half of them
        // (enough removals to compact the list of observers several times).
        var generator = SplitMix(seed: 17)
        let shuffled = Array((0..<count).shuffled(using: &generator).prefix(count / 2))
        let orders: [[Int]] = [
            Array(0..<(count - 3)), Array((3..<count).reversed()),
            Array(stride(from: 0, to: count, by: 3)), shuffled,
        ]
        for order in orders {
            let removed = Set(order)
            let expected = (0..<count).filter { !removed.contains($0) }
            #expect(survivors(count: count, disposing: order) == expected)
        }
    }

    @Test("disposing every observer, in any order, detaches a derived signal from its upstream")
    func lastDisposalDetachesDerivedSignal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let upstreamCalls = Counter()
        // The derived signal itself is not kept: only its observers' disposables are.
        let disposables = { () -> [Disposable?] in
            let derived = signal.map { value -> Int in
                upstreamCalls.increment()
                return value
            }
            return (0..<100).map { _ in derived.observeValues { _ in } }
        }()
        input.send(value: 1)
        #expect(upstreamCalls.value == 1)
        for index in [50, 0, 99] + Array(1..<50) + Array(51..<99) { disposables[index]?.dispose() }
        input.send(value: 2)
        #expect(upstreamCalls.value == 1)
    }

    @Test("a disposed observer's closure is released at once, not at the next compaction")
    func disposedClosureReleased() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakToken: Token?
        let kept = (0..<10).map { _ in signal.observeValues { _ in } }
        do {
            let token = Token()
            weakToken = token
            let disposable = signal.observeValues { _ in withExtendedLifetime(token) {} }
            disposable?.dispose()
        }
        #expect(weakToken == nil)
        input.send(value: 1)
        withExtendedLifetime(kept) {}
    }

    @Test("a disposed observer's closure is released while its disposable is still held")
    func disposedClosureReleasedWhileDisposableHeld() {
        // As in ReactiveSwift, whose disposable removes the observer from the signal: a view
        // model holding `disposable = signal.observeValues { self.… }` and disposing it is
        // not left in a cycle with the closure until it drops the disposable. (More cases in
        // DisposedObserverReleaseTests.)
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakToken: Token?
        let disposable = { () -> Disposable? in
            let token = Token()
            weakToken = token
            return signal.observeValues { _ in withExtendedLifetime(token) {} }
        }()
        input.send(value: 1)
        disposable?.dispose()
        #expect(weakToken == nil)
        withExtendedLifetime(disposable) {}
    }

    @Test("observers attached and disposed while values are delivered see only later values")
    func attachAndDisposeDuringDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorded<String>()
        var late: [Disposable?] = []
        var early: [Disposable?] = []
        for index in 0..<40 {
            early.append(signal.observeValues { received.append("early\(index):\($0)") })
        }
        signal.observeValues { value in
            guard value == 1 else { return }
            for disposable in early { disposable?.dispose() }
            late.append(signal.observeValues { received.append("late:\($0)") })
        }
        input.send(value: 1)
        input.send(value: 2)
        let expected = (0..<40).map { "early\($0):1" } + ["late:2"]
        #expect(received.items == expected)
        withExtendedLifetime(late) {}
    }

    @Test("observers disposed from several threads while values are sent are each detached once")
    func concurrentDisposal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let count = 4_000
        let disposables = (0..<count).map { _ in signal.observeValues { _ in } }
        concurrently(threads: 5) { part in
            guard part < 4 else {
                for value in 0..<200 { input.send(value: value) }
                return
            }
            for index in stride(from: part, to: count, by: 4) { disposables[index]?.dispose() }
        }
        let received = Recorded<Int>()
        signal.observeValues { received.append($0) }
        input.send(value: -1)
        #expect(received.items.last == -1)
        #expect(disposables.allSatisfy { $0?.isDisposed == true })
    }
}
