import Foundation
import Signalbox
import SignalboxAtomic
import Synchronization
import TestThreads
import Testing

/// Checks one stream's grammar as it is delivered, from any thread: callbacks never
/// overlap, at most one terminal event arrives, and nothing arrives after it.
final class GrammarProbe<Value, Error: Swift.Error>: Sendable {
    let values = Atomic<Int>(0)
    let terminals = Atomic<Int>(0)
    let afterTerminal = Atomic<Int>(0)
    let overlaps = Atomic<Int>(0)
    private let inside = Atomic<Int>(0)
    /// 0 none, 1 completed, 2 failed, 3 interrupted.
    let terminal = Atomic<Int>(0)

    func receive(_ event: Event<Value, Error>) {
        if inside.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
            overlaps.add(1, ordering: .relaxed)
        }
        if terminals.load(ordering: .sequentiallyConsistent) != 0 {
            afterTerminal.add(1, ordering: .relaxed)
        }
        switch event {
        case .value: values.add(1, ordering: .relaxed)
        case .completed: end(1)
        case .failed: end(2)
        case .interrupted: end(3)
        }
        inside.subtract(1, ordering: .sequentiallyConsistent)
    }

    private func end(_ kind: Int) {
        terminal.store(kind, ordering: .relaxed)
        terminals.add(1, ordering: .sequentiallyConsistent)
    }

    /// How the stream so far broke the grammar (expecting exactly one terminal event if
    /// `terminated`, none otherwise); empty if it did not.
    func problems(terminated: Bool = true) -> [String] {
        var found: [String] = []
        let overlapping = overlaps.load(ordering: .relaxed)
        if overlapping != 0 { found.append("\(overlapping) overlapping callbacks") }
        let late = afterTerminal.load(ordering: .relaxed)
        if late != 0 { found.append("\(late) events after the terminal event") }
        let ends = terminals.load(ordering: .sequentiallyConsistent)
        if ends != (terminated ? 1 : 0) { found.append("\(ends) terminal events") }
        return found
    }
}

/// Threads × rounds hammering the core, with exact counts. Bounded: every wait has a
/// timeout, and the whole suite takes a few seconds in a debug build.
@Suite("Concurrency stress: exact counts, nothing after a terminal event", .ownThreads)
struct ConcurrencyStressTests {
    static let threads = 4

    @Test("Observer: 4 threads × 50 values race a terminal event (200 rounds)")
    func observerSendRacesTerminal() {
        var broken = 0
        var problems: [String] = []
        var delivered = 0
        for round in 0..<200 {
            let probe = GrammarProbe<Int, TestError>()
            let observer = Signal<Int, TestError>.Observer(probe.receive)
            concurrently(threads: Self.threads + 1) { thread in
                if thread == Self.threads {
                    // The terminal sender: one of the three terminal kinds per round.
                    switch round % 3 {
                    case 0: observer.sendCompleted()
                    case 1: observer.send(error: .boom)
                    default: observer.sendInterrupted()
                    }
                } else {
                    for value in 0..<50 { observer.send(value: value) }
                }
            }
            observer.send(value: -1)
            observer.sendCompleted()
            problems += probe.problems()
            if probe.terminal.load(ordering: .relaxed) != [1, 2, 3][round % 3] { broken += 1 }
            delivered += probe.values.load(ordering: .relaxed)
        }
        #expect(broken == 0)
        #expect(problems.isEmpty)
        #expect(delivered <= 200 * Self.threads * 50)
    }

    @Test("producers: disposal races delivery through an operator chain (300 rounds)")
    func disposeRacesProducerDelivery() {
        var broken = 0
        var problems: [String] = []
        let lifetimesEnded = Atomic<Int>(0)
        let disposedHooks = Atomic<Int>(0)
        for _ in 0..<300 {
            let probe = GrammarProbe<Int, Never>()
            let sender = DispatchGroup()
            let producer = SignalProducer<Int, Never> { observer, lifetime in
                lifetime.observeEnded { lifetimesEnded.add(1, ordering: .relaxed) }
                sender.enter()
                DispatchQueue.global().async {
                    var value = 0
                    while !lifetime.hasEnded, value < 5_000 {
                        observer.send(value: value)
                        value += 1
                    }
                    observer.sendCompleted()
                    sender.leave()
                }
            }
            .map { $0 + 1 }
            .filter { $0 % 2 == 0 }
            .scan(0, +)
            .on(disposed: { disposedHooks.add(1, ordering: .relaxed) })
            let run = producer.start(probe.receive)
            concurrently(threads: 2) { thread in
                if thread == 0 { run.dispose() } else { run.dispose() }
            }
            // A disposal that finds a value being delivered leaves the interruption to the
            // sender, which delivers it after that value: wait for the sender to finish.
            if sender.wait(timeout: .now() + 60) != .success { broken += 1 }
            problems += probe.problems()
        }
        #expect(broken == 0)
        #expect(problems.isEmpty)
        #expect(lifetimesEnded.load(ordering: .relaxed) == 300)
        #expect(disposedHooks.load(ordering: .relaxed) == 300)
    }

    @Test(
        "flatMap(.latest) and merge: disposal races inner runs sending on other threads",
        arguments: [FlattenStrategy.latest, .merge])
    func disposeRacesFlatten(strategy: FlattenStrategy) {
        var broken = 0
        var problems: [String] = []
        let started = Atomic<Int>(0)
        let ended = Atomic<Int>(0)
        let queue = DispatchQueue(label: "stress.inner", attributes: .concurrent)
        for _ in 0..<150 {
            let probe = GrammarProbe<Int, Never>()
            let (outer, outerInput) = Signal<Int, Never>.pipe()
            let run = SignalProducer(outer)
                .flatMap(strategy) { value in
                    SignalProducer<Int, Never> { observer, lifetime in
                        started.add(1, ordering: .relaxed)
                        lifetime.observeEnded { ended.add(1, ordering: .relaxed) }
                        queue.async {
                            for inner in 0..<20 where !lifetime.hasEnded {
                                observer.send(value: value * 100 + inner)
                            }
                            observer.sendCompleted()
                        }
                    }
                }
                .start(probe.receive)
            concurrently(threads: 2) { thread in
                if thread == 0 {
                    for value in 0..<20 { outerInput.send(value: value) }
                } else {
                    run.dispose()
                }
            }
            outerInput.sendCompleted()
            // An interruption that found an inner value being delivered is delivered by that
            // inner sender after it: wait for every inner sender of this round.
            queue.sync(flags: .barrier) {}
            problems += probe.problems()
            if probe.terminal.load(ordering: .relaxed) != 3 { broken += 1 }
        }
        // Every inner run started has ended: disposal ends the ones still going.
        queue.sync(flags: .barrier) {}
        #expect(broken == 0)
        #expect(problems.isEmpty)
        #expect(started.load(ordering: .relaxed) == ended.load(ordering: .relaxed))
    }

    @Test("observe(on: QueueScheduler): disposal races queued deliveries (300 rounds)")
    func observeOnRacesDisposal() {
        let scheduler = QueueScheduler(name: "stress.observe-on")
        var broken = 0
        var problems: [String] = []
        for _ in 0..<300 {
            let probe = GrammarProbe<Int, Never>()
            let (signal, input) = Signal<Int, Never>.pipe()
            let run = SignalProducer(signal).observe(on: scheduler).start(probe.receive)
            concurrently(threads: 2) { thread in
                if thread == 0 {
                    for value in 0..<100 { input.send(value: value) }
                    input.sendCompleted()
                } else {
                    run.dispose()
                }
            }
            let drained = DispatchSemaphore(value: 0)
            scheduler.schedule { drained.signal() }
            if drained.wait(timeout: .now() + 60) != .success { broken += 1 }
            problems += probe.problems()
        }
        #expect(broken == 0)
        #expect(problems.isEmpty)
    }

    @Test("MutableProperty: 4 threads × 500 sets; every observer sees every change once")
    func propertySetFromManyThreads() {
        let property = MutableProperty(0)
        let probes = (0..<3).map { _ in GrammarProbe<Int, Never>() }
        let lastSeen = LockedBox(-1)
        for probe in probes {
            property.producer.start { event in
                probe.receive(event)
                if case .value(let value) = event { lastSeen.modify { $0 = value } }
            }
        }
        concurrently(threads: Self.threads) { thread in
            for index in 0..<500 { property.value = thread * 500 + index + 1 }
        }
        for probe in probes {
            #expect(probe.problems(terminated: false).isEmpty)
            // The current value when started, then each of the 2,000 sets.
            #expect(probe.values.load(ordering: .relaxed) == 1 + Self.threads * 500)
        }
        #expect(lastSeen.withValue { $0 } == property.value)
    }

    @Test("Action: 4 threads × 100 applies; one execution at a time, the rest disabled")
    func actionApplyFromManyThreads() {
        let running = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let executions = Atomic<Int>(0)
        let disabled = Atomic<Int>(0)
        let valuesSeen = Atomic<Int>(0)
        let queue = DispatchQueue(label: "stress.action")
        let action = Action<Int, Int, TestError> { input in
            SignalProducer { observer, _ in
                if running.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
                    overlaps.add(1, ordering: .relaxed)
                }
                executions.add(1, ordering: .relaxed)
                queue.async {
                    running.subtract(1, ordering: .sequentiallyConsistent)
                    observer.send(value: input)
                    observer.sendCompleted()
                }
            }
        }
        action.values.observeValues { _ in valuesSeen.add(1, ordering: .relaxed) }
        let finished = DispatchGroup()
        concurrently(threads: Self.threads) { thread in
            for index in 0..<100 {
                finished.enter()
                action.apply(thread * 100 + index).start { event in
                    switch event {
                    case .failed(.disabled): disabled.add(1, ordering: .relaxed)
                    case .value: return
                    default: break
                    }
                    finished.leave()
                }
            }
        }
        #expect(finished.wait(timeout: .now() + 60) == .success)
        queue.sync {}
        #expect(overlaps.load(ordering: .relaxed) == 0)
        let total = Self.threads * 100
        #expect(executions.load(ordering: .relaxed) + disabled.load(ordering: .relaxed) == total)
        #expect(executions.load(ordering: .relaxed) >= 1)
        #expect(valuesSeen.load(ordering: .relaxed) == executions.load(ordering: .relaxed))
    }

    @Test("combineLatest and zip fed from two threads × 1,000 values (10 rounds)")
    func pairingFromSeveralThreads() {
        var broken = 0
        var problems: [String] = []
        for _ in 0..<10 {
            let (left, leftInput) = Signal<Int, Never>.pipe()
            let (right, rightInput) = Signal<Int, Never>.pipe()
            let latestProbe = GrammarProbe<(Int, Int), Never>()
            let zipProbe = GrammarProbe<(Int, Int), Never>()
            let lastLatest = LockedBox<(Int, Int)?>(nil)
            let zipInOrder = LockedBox(true)
            let nextZip = LockedBox(0)
            SignalProducer(left).combineLatest(with: SignalProducer(right)).start { event in
                latestProbe.receive(event)
                if case .value(let pair) = event { lastLatest.value = pair }
            }
            SignalProducer(left).zip(with: SignalProducer(right)).start { event in
                zipProbe.receive(event)
                if case .value(let pair) = event {
                    let expected = nextZip.modify { next -> Int in
                        defer { next += 1 }
                        return next
                    }
                    if pair != (expected, expected) { zipInOrder.value = false }
                }
            }
            concurrently(threads: 2) { thread in
                let input = thread == 0 ? leftInput : rightInput
                for value in 0..<1_000 { input.send(value: value) }
                input.sendCompleted()
            }
            problems += latestProbe.problems() + zipProbe.problems()
            if latestProbe.terminal.load(ordering: .relaxed) != 1 { broken += 1 }
            if latestProbe.values.load(ordering: .relaxed) > 1_999 { broken += 1 }
            if let last = lastLatest.withValue({ $0 }), last != (999, 999) { broken += 1 }
            if zipProbe.values.load(ordering: .relaxed) != 1_000 { broken += 1 }
            if !zipInOrder.withValue({ $0 }) { broken += 1 }
        }
        #expect(broken == 0)
        #expect(problems.isEmpty)
    }
}
