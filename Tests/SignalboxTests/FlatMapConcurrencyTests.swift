import Dispatch
import Signalbox
import TestThreads
import Testing

@Suite("flatMap under concurrency", .ownThreads)
struct FlatMapConcurrencyTests {
    @Test("merge delivers every value of inner runs sending on other threads, exactly once")
    func merge() {
        let inner = { (n: Int) in
            SignalProducer<Int, Never>(values: (0..<200).map { n * 1000 + $0 })
                .start(on: QueueScheduler(name: "inner \(n)"))
        }
        let values = Recorded<Int>()
        let result = SignalProducer<Int, Never>(values: 0..<40).flatMap(.merge, inner)
            .on(value: values.append)
            .wait()
        #expect(result.isSuccess)
        let expected = (0..<40).flatMap { n in (0..<200).map { n * 1000 + $0 } }
        #expect(values.items.sorted() == expected)
    }

    @Test("latest never forwards a value of a replaced inner run after a newer one's")
    func latestOrdering() {
        let queues = (0..<4).map { QueueScheduler(name: "inner \($0)") }
        let (outer, input) = Signal<Int, Never>.pipe()
        let values = Recorded<Int>()
        let done = DispatchSemaphore(value: 0)
        outer.flatMap(.latest) { (n: Int) in
            SignalProducer<Int, Never>(values: Array(repeating: n, count: 50))
                .start(on: queues[n % queues.count])
        }
        .observe { event in
            if let value = event.value { values.append(value) }
            if event.isTerminating { done.signal() }
        }
        for n in 0..<300 { input.send(value: n) }
        input.sendCompleted()
        done.wait()
        let received = values.items
        #expect(zip(received, received.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(received.suffix(50) == Array(repeating: 299, count: 50))
    }

    @Test("disposing from another thread while inner runs send ends the result once")
    func concurrentDisposal() {
        for _ in 0..<50 {
            let events = Recorded<Event<Int, Never>>()
            let terminated = DispatchSemaphore(value: 0)
            let run = SignalProducer<Int, Never>(values: 0..<20)
                .flatMap(.merge) { n in
                    SignalProducer<Int, Never>(values: 0..<50)
                        .start(on: QueueScheduler(name: "q\(n)"))
                }
                .start { event in
                    events.append(event)
                    if event.isTerminating { terminated.signal() }
                }
            DispatchQueue.global().sync { run.dispose() }
            // The interruption may be handed to a thread that is delivering a value at that
            // moment; it arrives when that delivery returns.
            #expect(terminated.wait(timeout: .now() + 60) == .success)
            // The run may also have completed just before the disposal.
            let terminals = events.items.filter(\.isTerminating)
            #expect(terminals.count == 1)
            #expect(events.items.last?.isTerminating == true)
        }
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
