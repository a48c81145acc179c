import Dispatch
import Foundation
import Signalbox
import SignalboxLocks
import TestThreads
import Testing

/// The contract of operators that join sources (`TheContracts.md`, "Joining sources") on
/// real threads: each source sends from a thread of its own, thousands of runs, and every
/// run is checked for per-source order, loss, one terminal event, and a sender that delivers
/// only its own events. The runs per scenario can be raised with
/// `SIGNALBOX_CONTRACT_RUNS` (CI's optimised stage runs the default, 3,000).
@Suite(
    "joined sources on real threads: order, nothing lost, one terminal event", .serialized,
    .ownThreads)
struct JoinedSourcesContractTests {
    static let runs =
        ProcessInfo.processInfo.environment["SIGNALBOX_CONTRACT_RUNS"].flatMap(Int.init) ?? 3_000
    static let valuesPerSource = 60

    enum Join: String, CaseIterable, CustomTestStringConvertible {
        case merge, flatMapMerge, flatMapConcurrent

        var testDescription: String { rawValue }
    }

    /// What one run delivered: (source, number, thread that delivered it), and terminal events.
    final class Delivery: @unchecked Sendable {
        // Safety: the observer is serialised by the library under test; `lock` also guards
        // the arrays so that a broken serialisation shows up as a wrong count, not a crash.
        let lock = NSLock()
        var values: [(source: Int, number: Int, thread: UInt)] = []
        var terminals: [Event<Int, TestError>] = []
        var busy = false
        var overlaps = 0

        func receive(_ event: Event<Int, TestError>) {
            lock.lock()
            if busy { overlaps += 1 }
            busy = true
            lock.unlock()
            lock.lock()
            switch event {
            case .value(let value):
                values.append((value / 1_000_000, value % 1_000_000, currentThreadIdentity()))
            default:
                terminals.append(event)
            }
            busy = false
            lock.unlock()
        }
    }

    /// Runs `runs` rounds of `round` and returns the first broken rule. (The rounds block
    /// for long, minutes under the thread sanitizer: the suite runs `.ownThreads`.)
    static func firstBroken(in runs: Int, _ round: (_ attempt: Int) -> String?) -> String? {
        for attempt in 0..<runs {
            if let broken = round(attempt) { return broken }
        }
        return nil
    }

    /// Starts `count` threads, lets them run `body` at once, and waits for all of them.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let ready = DispatchSemaphore(value: 0)
        let go = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        for index in 0..<count {
            Thread {
                ready.signal()
                go.wait()
                body(index)
                done.signal()
            }.start()
        }
        for _ in 0..<count { ready.wait() }
        for _ in 0..<count { go.signal() }
        for _ in 0..<count { done.wait() }
    }

    /// One run: `sources` pipes joined by `join`, each sending `valuesPerSource` values from a
    /// thread of its own; with `failing`, source 0 fails after its values. Returns the first
    /// broken rule, or `nil`.
    static func run(_ join: Join, sources: Int, failing: Bool) -> String? {
        let pipes = (0..<sources).map { _ in Signal<Int, TestError>.pipe() }
        let producers = pipes.map { SignalProducer($0.output) }
        let joined: SignalProducer<Int, TestError> =
            switch join {
            case .merge: SignalProducer.merge(producers)
            case .flatMapMerge: SignalProducer(producers).flatten(.merge)
            case .flatMapConcurrent: SignalProducer(producers).flatten(.concurrent(limit: sources))
            }
        let delivery = Delivery()
        let disposable = joined.start(delivery.receive)
        let senders = Atomic<[UInt]>(Array(repeating: 0, count: sources))
        onThreads(sources) { source in
            senders.modify { $0[source] = currentThreadIdentity() }
            for number in 0..<valuesPerSource {
                pipes[source].input.send(value: source * 1_000_000 + number)
            }
            if failing, source == 0 { pipes[0].input.send(error: .boom) }
        }
        for pipe in pipes { pipe.input.sendCompleted() }
        disposable.dispose()
        let threads = senders.value
        if delivery.overlaps > 0 { return "\(delivery.overlaps) deliveries overlapped" }
        if delivery.terminals.count != 1 { return "\(delivery.terminals.count) terminal events" }
        if failing, delivery.terminals.first != .failed(.boom) {
            return "ended by \(delivery.terminals) instead of the failure"
        }
        for source in 0..<sources {
            let own = delivery.values.filter { $0.source == source }
            if let stranger = own.first(where: { $0.thread != threads[source] }) {
                return
                    "source \(source)'s #\(stranger.number) was delivered by another sender's thread"
            }
            // Per-source order, no gap: a prefix of what the source sent (all of it for a
            // source that did not lose to another's failure).
            if own.map(\.number) != Array(0..<own.count) {
                return
                    "source \(source) delivered \(own.map(\.number).prefix(20))…: out of order or a gap"
            }
            if !failing || source == 0, own.count != valuesPerSource {
                return "source \(source): \(own.count) of \(valuesPerSource) values delivered"
            }
        }
        return nil
    }

    @Test(
        "merge and flatMap(.merge) from 3 threads: every run keeps per-source order and loses nothing",
        arguments: [Join.merge, .flatMapMerge, .flatMapConcurrent], [false, true])
    func threeSenders(join: Join, failing: Bool) {
        let broken = Self.firstBroken(in: Self.runs) { attempt in
            Self.run(join, sources: 3, failing: failing).map { "run \(attempt): \($0)" }
        }
        #expect(broken == nil, "\(join), failing \(failing)")
    }

    @Test("merge from 8 threads", arguments: [Join.merge, .flatMapMerge], [false, true])
    func eightSenders(join: Join, failing: Bool) {
        let broken = Self.firstBroken(in: max(Self.runs / 10, 1)) { attempt in
            Self.run(join, sources: 8, failing: failing).map { "run \(attempt): \($0)" }
        }
        #expect(broken == nil, "\(join), failing \(failing)")
    }

    @Test("zip and combineLatest of 3 sources on 3 threads: per-source order, nothing lost")
    func combined() {
        let broken = Self.firstBroken(in: max(Self.runs / 10, 1)) { attempt in
            let pipes = (0..<3).map { _ in Signal<Int, TestError>.pipe() }
            let zipped = Recorded<[Int]>()
            let combined = Recorded<[Int]>()
            let zipRun = SignalProducer.zip(pipes.map { SignalProducer($0.output) })
                .startWithResult { if case .success(let values) = $0 { zipped.append(values) } }
            let combineRun = SignalProducer.combineLatest(pipes.map { SignalProducer($0.output) })
                .startWithResult { if case .success(let values) = $0 { combined.append(values) } }
            Self.onThreads(3) { source in
                for number in 0..<Self.valuesPerSource { pipes[source].input.send(value: number) }
            }
            zipRun.dispose()
            combineRun.dispose()
            let tuples = zipped.items
            if tuples != (0..<Self.valuesPerSource).map({ [$0, $0, $0] }) {
                return "run \(attempt): zip delivered \(tuples.count) tuples, first wrong: "
                    + "\(tuples.first { Set($0).count != 1 } ?? [])"
            }
            let latest = combined.items
            let ordered = zip(latest, latest.dropFirst()).allSatisfy { earlier, later in
                zip(earlier, later).allSatisfy { $0 <= $1 }
            }
            if !ordered || latest.last != Array(repeating: Self.valuesPerSource - 1, count: 3) {
                return "run \(attempt): combineLatest went back or missed the last values: "
                    + "\(latest.suffix(3))"
            }
            return nil
        }
        #expect(broken == nil)
    }

    @Test(
        "latest: a current inner's value whose send returned before the outer moved on is delivered"
    )
    func latestDeliversWhatReturned() {
        for _ in 0..<20 {
            let outer = Signal<Int, Never>.pipe()
            let inners = (0..<3).map { _ in Signal<String, Never>.pipe() }
            let values = Recorded<String>()
            let inDelivery = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let run = SignalProducer(outer.output)
                .flatMap(.latest) { SignalProducer(inners[$0].output) }
                .startWithValues { value in
                    values.append(value)
                    if value == "a" {
                        inDelivery.signal()
                        release.wait()
                    }
                }
            outer.input.send(value: 0)
            Thread { inners[0].input.send(value: "a") }.start()
            inDelivery.wait()
            outer.input.send(value: 1)
            let returned = DispatchSemaphore(value: 0)
            Thread {
                inners[1].input.send(value: "b")
                returned.signal()
            }.start()
            // A sender that does not wait returns while "a" is still being delivered: the
            // outer then moves on before releasing it. A sender that waits returns after.
            if returned.wait(timeout: .now() + 0.2) == .success {
                outer.input.send(value: 2)
                release.signal()
            } else {
                release.signal()
                returned.wait()
                outer.input.send(value: 2)
            }
            inners[2].input.send(value: "c")
            #expect(values.items == ["a", "b", "c"])
            run.dispose()
        }
    }

    @Test(
        "dispose() waits for a delivery in progress on another thread; after it, no closure starts")
    func disposeWaitsForTheDeliveryInProgress() {
        let pipes = (0..<2).map { _ in Signal<Int, TestError>.pipe() }
        let inDelivery = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let events = Recorded<String>()
        let run = SignalProducer.merge(pipes.map { SignalProducer($0.output) }).start { event in
            events.append("\(event)")
            if event.value == 1 {
                inDelivery.signal()
                release.wait()
                events.append("value 1 returned")
            }
        }
        Thread { pipes[0].input.send(value: 1) }.start()
        inDelivery.wait()
        let disposed = DispatchSemaphore(value: 0)
        Thread {
            run.dispose()
            events.append("dispose returned")
            disposed.signal()
        }.start()
        // The disposer waits while the value's delivery is in progress.
        #expect(disposed.wait(timeout: .now() + 0.3) == .timedOut, "dispose returned mid-delivery")
        release.signal()
        disposed.wait()
        pipes[1].input.send(value: 2)
        pipes[0].input.send(value: 3)
        #expect(events.items == ["VALUE 1", "value 1 returned", "INTERRUPTED", "dispose returned"])
    }
}
