import Foundation
import Signalbox
import Synchronization
import TestThreads
import Testing

@Suite("Contract 2: serialized delivery", .ownThreads)
struct SerializedDeliveryTests {
    @Test("4 threads × 10,000 sends into one pipe arrive exactly once each, never overlapping")
    func concurrentSendsAreSerialized() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let received = Atomic<Int>(0)
        let afterTerminal = Atomic<Int>(0)
        let terminated = Atomic<Bool>(false)
        signal.observe { event in
            if inside.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
                overlaps.add(1, ordering: .relaxed)
            }
            switch event {
            case .value:
                if terminated.load(ordering: .sequentiallyConsistent) {
                    afterTerminal.add(1, ordering: .relaxed)
                }
                received.add(1, ordering: .relaxed)
            default:
                terminated.store(true, ordering: .sequentiallyConsistent)
            }
            inside.subtract(1, ordering: .sequentiallyConsistent)
        }
        concurrently(threads: 4) { thread in
            for i in 0..<10_000 { input.send(value: thread * 10_000 + i) }
        }
        input.sendCompleted()
        input.send(value: -1)
        #expect(received.load(ordering: .relaxed) == 40_000)
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(afterTerminal.load(ordering: .relaxed) == 0)
    }

    @Test("disposing while another thread sends: nothing arrives after .interrupted (1,000 rounds)")
    func disposeWhileSending() {
        let violations = Atomic<Int>(0)
        let interruptions = Atomic<Int>(0)
        for _ in 0..<1_000 {
            let ended = Atomic<Bool>(false)
            let producer = SignalProducer<Int, Never> { observer, lifetime in
                DispatchQueue.global().async {
                    var i = 0
                    while !lifetime.hasEnded, i < 10_000 {
                        observer.send(value: i)
                        i += 1
                    }
                    observer.sendCompleted()
                }
            }
            let gate = DispatchSemaphore(value: 0)
            let disposable = producer.start { event in
                if ended.load(ordering: .sequentiallyConsistent) {
                    violations.add(1, ordering: .relaxed)
                }
                if event.isTerminating {
                    if case .interrupted = event { interruptions.add(1, ordering: .relaxed) }
                    ended.store(true, ordering: .sequentiallyConsistent)
                    gate.signal()
                }
            }
            disposable.dispose()
            gate.wait()
        }
        #expect(violations.load(ordering: .relaxed) == 0)
        // Most rounds are disposed before the sender finishes; a few may complete first.
        #expect(interruptions.load(ordering: .relaxed) > 0)
    }

    @Test("concurrent terminal events: exactly one is delivered")
    func concurrentTerminals() {
        for _ in 0..<200 {
            let terminals = Atomic<Int>(0)
            let observer = Signal<Int, TestError>.Observer { event in
                if event.isTerminating { terminals.add(1, ordering: .relaxed) }
            }
            concurrently(threads: 4) { thread in
                switch thread {
                case 0: observer.sendCompleted()
                case 1: observer.sendInterrupted()
                case 2: observer.send(error: .boom)
                default: observer.send(value: 1)
                }
            }
            #expect(terminals.load(ordering: .relaxed) == 1)
        }
    }
}
