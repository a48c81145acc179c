import Foundation
import Observation
import Signalbox
import SignalboxLocks
import TestThreads
import Testing

/// The rendering pattern `Observation.md` recommends for a tracking that reads several
/// properties: one rendering scheduled on a serial queue, tracking again from there, and a
/// check after arming that renders again if a value changed between the read and the
/// arming (`withObservationTracking` reads first and registers after, so a write in that
/// gap notifies nobody; no library can close it from inside).
private final class ScheduledRenderer: @unchecked Sendable {
    // Safety: `isScheduled`, `drawn` and `count` are only touched under `lock`; the rest is
    // immutable.
    private let lock = Lock()
    private var isScheduled = false
    private var drawn: (String, Int)?
    private var count = 0
    /// The last `historyLength` things that happened (renderings, change handlers,
    /// schedulings), oldest first: what a stale run's report shows.
    private var history: [String] = []
    private static let historyLength = 12
    private let name: Property<String>
    private let total: Property<Int>
    private let queue: DispatchQueue
    private let checksAfterArming: Bool

    init(
        name: Property<String>, total: Property<Int>, on queue: DispatchQueue,
        checksAfterArming: Bool
    ) {
        self.name = name
        self.total = total
        self.queue = queue
        self.checksAfterArming = checksAfterArming
    }

    var lastDrawn: (String, Int)? { lock.withLock { drawn } }
    var renderings: Int { lock.withLock { count } }
    /// The values of the properties it renders (composed from the written ones).
    var current: (String, Int) { (name.value, total.value) }
    var scheduled: Bool { lock.withLock { isScheduled } }

    /// What happened last, oldest first (see `history`).
    var recentHistory: String { lock.withLock { history.joined(separator: "; ") } }

    /// Call on `queue`: draws, tracking what it reads.
    func render() {
        lock.withLock { isScheduled = false }
        let values = withObservationTracking {
            (name.value, total.value)
        } onChange: { [self] in
            schedule(because: "change")
        }
        let rendering = lock.withLock {
            drawn = values
            count += 1
            return count
        }
        record("rendering \(rendering) drew \(values)")
        // A write between the read above and the arming notified nobody: look again.
        guard checksAfterArming else { return }
        let check = (name.value, total.value)
        if check != values {
            schedule(because: "check saw \(check)")
        } else {
            record("check saw no change")
        }
    }

    private func schedule(because reason: String) {
        let first = lock.withLock {
            defer { isScheduled = true }
            return !isScheduled
        }
        record(first ? "\(reason): scheduled" : "\(reason): already scheduled")
        if first { queue.async { self.render() } }
    }

    private func record(_ entry: String) {
        lock.withLock {
            if history.count == Self.historyLength { history.removeFirst() }
            history.append(entry)
        }
    }
}

@Suite("Observation: the recommended rendering pattern under 8 writers", .ownThreads)
struct ObservationRenderingTests {
    /// Runs `runs` rounds of 8 threads writing both properties, and counts the rounds whose
    /// final rendering is not of the final values; `first` describes the first such round
    /// (what was drawn, what the properties and the renderer's own view of them hold).
    static func staleFinalRenderings(runs: Int, checksAfterArming: Bool) -> (
        count: Int, first: String?
    ) {
        var stale = 0
        var first: String?
        for _ in 0..<runs {
            let queue = DispatchQueue(label: "signalbox.tests.render")
            let name = MutableProperty("")
            let total = MutableProperty(0)
            let renderer = ScheduledRenderer(
                name: Property(name), total: Property(total), on: queue,
                checksAfterArming: checksAfterArming)
            queue.sync { renderer.render() }
            JoinedSourcesContractTests.onThreads(8) { thread in
                for index in 0..<20 {
                    name.value = "\(thread).\(index)"
                    total.value = thread * 100 + index
                }
            }
            // Let every scheduled rendering run (each may schedule one more). Asked on the
            // queue: a rendering clears the flag as it starts, so asked from here "nothing
            // scheduled" could be a rendering still drawing, and the run looked stale.
            for _ in 0..<1_000 {
                if !queue.sync(execute: { renderer.scheduled }) { break }
            }
            if let drawn = renderer.lastDrawn, drawn != (name.value, total.value) {
                stale += 1
                if first == nil {
                    first =
                        "drawn \(drawn), properties (\(name.value), \(total.value)), composed "
                        + "\(renderer.current), still scheduled "
                        + "\(renderer.scheduled), \(renderer.renderings) renderings; last: "
                        + renderer.recentHistory
                }
            }
        }
        return (stale, first)
    }

    /// Without the check after arming, 15 to 18 of 1,000 runs end on stale values (five
    /// plain runs on a 2-core machine; the gap is narrow, so the count varies).
    @Test("the final values are rendered in every run")
    func finalValuesRendered() {
        let stale = Self.staleFinalRenderings(runs: 1_000, checksAfterArming: true)
        // Until stop 44 about one run in 20,000 under load ended "stale", and the test
        // tolerated one as a known issue. The renderer's history showed why: the last
        // rendering had drawn the final values, but the wait in `staleFinalRenderings`, then
        // reading the flag from this thread, saw it cleared by that rendering as it started,
        // and read what the rendering before had drawn. The library was right; the wait was
        // not.
        #expect(stale.count == 0, Comment(rawValue: stale.first ?? ""))
    }
}
