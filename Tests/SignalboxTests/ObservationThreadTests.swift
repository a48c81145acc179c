import Foundation
import Observation
import Signalbox
import SignalboxLocks
import TestThreads
import Testing

/// A serial queue standing in for an app's main queue: properties are written on it, and
/// change handlers hop to it synchronously (`DispatchQueue.main.sync` unless already on
/// main), as UIKit bindings and SwiftUI-like renderers do.
private final class UIQueue: Sendable {
    let queue = DispatchQueue(label: "signalbox.tests.ui")
    private let key = DispatchSpecificKey<Bool>()

    init() {
        queue.setSpecific(key: key, value: true)
    }

    /// Runs `body` on the queue and waits for it (at once if already on the queue).
    func hop(_ body: () -> Void) {
        if DispatchQueue.getSpecific(key: key) == true {
            body()
        } else {
            queue.sync(execute: body)
        }
    }
}

/// A "view": reads a value under `withObservationTracking` on the UI queue and, from each
/// change handler, hops synchronously to the UI queue to read it again (re-arming the
/// tracking), as a view bound to a view model does.
private final class Renderer<Value: Sendable>: @unchecked Sendable {
    // Safety: `latest` and `count` are only touched under `lock`; `read` and `ui` are
    // immutable.
    private let read: @Sendable () -> Value
    private let ui: UIQueue
    private let lock = Lock()
    private var latest: Value?
    private var count = 0

    init(on ui: UIQueue, reading read: @escaping @Sendable () -> Value) {
        self.ui = ui
        self.read = read
    }

    /// The value the last rendering read.
    var lastRendered: Value? { lock.withLock { latest } }

    /// How many renderings ran.
    var renderings: Int { lock.withLock { count } }

    /// Renders on the UI queue (call once to start).
    func start() {
        ui.hop { render() }
    }

    private func render() {
        let value = withObservationTracking(read) { [self] in
            ui.hop { render() }
        }
        lock.withLock {
            latest = value
            count += 1
        }
    }
}

/// Writes `count` values from `threads` background threads and the UI queue at once, and
/// tells whether every write returned within `seconds` (a deadlock fails the test instead
/// of hanging it).
private func writeConcurrently(
    from threads: Int, andFrom ui: UIQueue, count: Int, within seconds: Double = 10,
    _ write: @escaping @Sendable (Int) -> Void
) -> Bool {
    finishes(within: seconds) {
        let group = DispatchGroup()
        for index in 0..<count {
            ui.queue.async(group: group) { write(-index) }
        }
        concurrently(threads: threads) { thread in
            for index in 0..<count { write(thread * 1_000_000 + index) }
        }
        group.wait()
    }
}

/// Observation on real threads (issue 28): change handlers run with no lock of the library
/// held, on every path, and no notification waits a fixed time. Each scenario is one that
/// an app meets: a UI queue writes a property while background threads write it too, and
/// the change handler hops synchronously to the UI queue.
@Suite("Observation on real threads: handlers run with no lock held", .ownThreads)
struct ObservationThreadTests {
    /// Runs per scenario: each run is a fresh set of objects and threads.
    static let runs = 25

    @Test("a derived property's handler hops to the UI queue, which writes the source")
    func derivedPropertyHop() {
        for _ in 0..<Self.runs {
            let ui = UIQueue()
            let source = MutableProperty(0)
            let derived = source.map { $0 }
            let renderer = Renderer(on: ui) { derived.value }
            renderer.start()
            let done = writeConcurrently(from: 2, andFrom: ui, count: 40) { source.value = $0 }
            #expect(done, "deadlocked")
            guard done else { return }
            ui.hop {}
            #expect(renderer.lastRendered == source.value, "the final value was rendered")
        }
    }

    @Test("a combined property's handler hops to the UI queue, which writes both sources")
    func combinedPropertyHop() {
        for _ in 0..<Self.runs {
            let ui = UIQueue()
            let first = MutableProperty(0)
            let second = MutableProperty(0)
            let sum = first.combineLatest(with: second).map { $0 + $1 }
            let renderer = Renderer(on: ui) { sum.value }
            renderer.start()
            let done = writeConcurrently(from: 2, andFrom: ui, count: 40) { value in
                if value % 2 == 0 { first.value = value } else { second.value = value }
            }
            #expect(done, "deadlocked")
            guard done else { return }
            ui.hop {}
            #expect(renderer.lastRendered == first.value + second.value)
        }
    }

    @Test("Action.isEnabled's handler hops to the UI queue, which applies the action")
    func actionIsEnabledHop() {
        for _ in 0..<Self.runs {
            let ui = UIQueue()
            let allowed = MutableProperty(true)
            let action = Action<Int, Int, Never>(enabledIf: allowed) { SignalProducer(value: $0) }
            let renderer = Renderer(on: ui) { action.isEnabled.value }
            renderer.start()
            let done = writeConcurrently(from: 2, andFrom: ui, count: 40) { input in
                action.apply(input).start()
            }
            #expect(done, "deadlocked")
            guard done else { return }
            ui.hop {}
            #expect(action.isEnabled.value)
            #expect(renderer.lastRendered == true, "the final value was rendered")
        }
    }

    @Test("Action.isExecuting's handler hops to the UI queue while runs end on other threads")
    func actionIsExecutingHop() {
        for _ in 0..<Self.runs {
            let ui = UIQueue()
            let work = QueueScheduler(name: "signalbox.tests.work")
            let action = Action<Int, Int, Never> { input in
                SignalProducer(value: input).start(on: work)
            }
            let renderer = Renderer(on: ui) { action.isExecuting.value }
            renderer.start()
            let done = writeConcurrently(from: 2, andFrom: ui, count: 20) { input in
                action.apply(input).start()
            }
            #expect(done, "deadlocked")
            guard done else { return }
            // The runs that started end on the work queue: wait until none is executing.
            let idle = DispatchSemaphore(value: 0)
            action.isExecuting.producer.filter { !$0 }.take(first: 1)
                .startWithCompleted { idle.signal() }
            #expect(idle.wait(timeout: .now() + 60) == .success, "still executing")
            // The last run's end (and its notification) happened in a block of the work
            // queue, a serial one: this block runs after it.
            let drained = DispatchSemaphore(value: 0)
            work.schedule { drained.signal() }
            #expect(drained.wait(timeout: .now() + 60) == .success)
            ui.hop {}
            #expect(renderer.lastRendered == false, "the final value was rendered")
        }
    }

    @Test("a bound property's handler hops to the UI queue, which writes the binding's source")
    func bindingHop() {
        for _ in 0..<Self.runs {
            let ui = UIQueue()
            let source = MutableProperty(0)
            let target = MutableProperty(0)
            target <~ source
            let renderer = Renderer(on: ui) { target.value }
            renderer.start()
            let done = writeConcurrently(from: 2, andFrom: ui, count: 40) { source.value = $0 }
            #expect(done, "deadlocked")
            guard done else { return }
            ui.hop {}
            #expect(renderer.lastRendered == source.value)
        }
    }

    @Test("a property fed by a pipe: its handler hops to the UI queue, which sends into the pipe")
    func pipeFedPropertyHop() {
        for _ in 0..<Self.runs {
            let ui = UIQueue()
            let (values, input) = Signal<Int, Never>.pipe()
            let latest = Property(initial: 0, then: values)
            let renderer = Renderer(on: ui) { latest.value }
            renderer.start()
            let done = writeConcurrently(from: 2, andFrom: ui, count: 40) {
                input.send(value: $0)
            }
            #expect(done, "deadlocked")
            guard done else { return }
            ui.hop {}
            #expect(renderer.lastRendered == latest.value)
        }
    }

    @Test("a validating property's handler hops to the UI queue, which writes the property")
    func validatingPropertyHop() {
        for _ in 0..<Self.runs {
            let ui = UIQueue()
            let age = ValidatingProperty<Int, TestError>(0) { $0 >= 0 ? .valid : .invalid(.boom) }
            let renderer = Renderer(on: ui) { age.value }
            renderer.start()
            let done = writeConcurrently(from: 2, andFrom: ui, count: 40) { age.value = $0 }
            #expect(done, "deadlocked")
            guard done else { return }
            ui.hop {}
            #expect(renderer.lastRendered == age.value)
        }
    }

    @Test(
        "bursts from 4 to 8 writers with the UI queue writing too: the final value is rendered",
        arguments: [4, 8])
    func writerBursts(writers: Int) {
        // The source itself tracked: no deadlock, but while every clash of two notifying
        // threads waited a fixed 50 ms, these runs took about 20 s in all (now well under 1).
        let started = Date()
        for _ in 0..<Self.runs {
            let ui = UIQueue()
            let source = MutableProperty(0)
            let renderer = Renderer(on: ui) { source.value }
            renderer.start()
            let done = writeConcurrently(from: writers, andFrom: ui, count: 50, within: 20) {
                source.value = $0
            }
            #expect(done, "writers still running after 20 s")
            guard done else { return }
            ui.hop {}
            #expect(renderer.lastRendered == source.value, "the final value was rendered")
            #expect(renderer.renderings >= 2)
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < 10, "\(Self.runs) runs took \(elapsed) s: notifications waited")
    }

    @Test("a write that finds another thread notifying returns without waiting for it")
    func clashingWriteDoesNotWait() {
        // Thread B's change handler is held until the UI thread's clashing write returns.
        // A write that waited for B's notification would return only after a timeout (it
        // was 50 ms per clash): 40 clashes would take 2 s.
        let source = MutableProperty(0)
        let clashes = 40
        let inHandler = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let started = Date()
        let done = finishes(within: 30) {
            for round in 0..<clashes {
                withObservationTracking {
                    _ = source.value
                } onChange: {
                    inHandler.signal()
                    _ = release.wait(timeout: .now() + 10)
                }
                let writer = Thread { source.value = round * 2 }
                writer.start()
                _ = inHandler.wait(timeout: .now() + 10)
                source.value = round * 2 + 1  // clashes with the notification in progress
                release.signal()
            }
        }
        let elapsed = Date().timeIntervalSince(started)
        #expect(done)
        #expect(elapsed < Double(clashes) * 0.025, "clashing writes waited (\(elapsed) s)")
    }
}
