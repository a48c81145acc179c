import TestThreads
import Testing

/// `flatMap`'s funnel (`EventFunnel`) through every interleaving of its senders' atomic
/// steps (`InterleavingExplorer`): per-source order, nothing lost, one terminal event, no
/// deadlock, and a sender that delivers only what its own thread sent. The funnel it
/// replaced is explored too, to show that the explorer finds what real threads found.
@Suite("flatMap's funnel, explored interleaving by interleaving", .ownThreads)
struct FunnelExplorationTests {
    static func values(_ source: Int, _ count: Int, then terminal: Bool = false) -> [ModelOperation]
    {
        var operations = (0..<count).map {
            ModelOperation.send(ModelEvent(source: source, number: $0))
        }
        if terminal {
            operations.append(.send(ModelEvent(source: source, number: count, isTerminal: true)))
        }
        return operations
    }

    /// The configurations explored exhaustively, each with its name.
    static let merges: [(String, [[ModelOperation]])] = [
        ("2 senders, 3 values each", [values(0, 3), values(1, 3)]),
        ("2 senders, one failing after 2 values", [values(0, 2, then: true), values(1, 3)]),
        ("3 senders, 2 values each", [values(0, 2), values(1, 2), values(2, 2)]),
        (
            "3 senders, one failing after 2 values",
            [values(0, 2, then: true), values(1, 2), values(2, 2)]
        ),
        (
            "2 senders and a dispose (an interruption sent from a third thread)",
            [
                values(0, 2), values(1, 2),
                [.send(ModelEvent(source: 9, number: 0, isTerminal: true))],
            ]
        ),
        (
            "3 senders, each ending after a value",
            [values(0, 1, then: true), values(1, 1, then: true), values(2, 1, then: true)]
        ),
    ]

    /// `.latest`: inner run 0 delivers on one thread; the outer moves to run 1, run 1 sends
    /// a value and returns, then the outer moves to run 2 (issue 33's deterministic case).
    static let latest: [[ModelOperation]] = [
        [.send(ModelEvent(source: 0, number: 0))],
        [.makeCurrent(1), .send(ModelEvent(source: 1, number: 0)), .makeCurrent(2)],
    ]

    @Test("every interleaving of 2 and 3 senders keeps the contract", arguments: merges.indices)
    func waitingFunnel(configuration: Int) {
        let (name, scripts) = Self.merges[configuration]
        let report = InterleavingExplorer.exhaust(WaitingFunnelModel(scripts))
        print("EventFunnel, \(name): \(report)")
        #expect(report.failure == nil, "\(name): \(report)")
        #expect(report.interleavings > 1)
    }

    @Test("latest delivers a current inner's value whose send returned before the outer moved on")
    func waitingFunnelLatest() {
        let report = InterleavingExplorer.exhaust(WaitingFunnelModel(Self.latest, current: 0))
        print("EventFunnel, latest: \(report)")
        #expect(report.failure == nil, "\(report)")
    }

    @Test(
        "a value sent from inside the receiver is delivered by its thread, right after, in every interleaving"
    )
    func waitingFunnelReentrant() {
        // Source 0's first value makes the receiver send source 5's value on the same thread;
        // source 1 sends from another thread, then fails.
        let scripts = [Self.values(0, 2), Self.values(1, 1, then: true)]
        let reactions = [ModelEvent(source: 0, number: 0): ModelEvent(source: 5, number: 0)]
        let report = InterleavingExplorer.exhaust(WaitingFunnelModel(scripts, reactions: reactions))
        print("EventFunnel, re-entrant: \(report)")
        #expect(report.failure == nil, "\(report)")
    }

    @Test("seeded random interleavings of 5 senders, one failing, keep the contract")
    func waitingFunnelSampled() {
        let scripts = [Self.values(0, 6, then: true)] + (1..<5).map { Self.values($0, 6) }
        let report = InterleavingExplorer.sample(
            WaitingFunnelModel(scripts), walks: 3_000, seed: 33)
        print("EventFunnel, 5 senders sampled: \(report)")
        #expect(report.failure == nil, "\(report)")
        #expect(report.interleavings == 3_000)
    }

    @Test("the explorer finds the claim-counting funnel's lost and reordered events")
    func claimCountingFunnelFails() {
        let inversion = InterleavingExplorer.exhaust(ClaimCountingFunnelModel(Self.merges[2].1))
        print("claim-counting funnel, 3 senders: \(inversion)")
        #expect(inversion.failure?.message.contains("out of order") == true)
        let loss = InterleavingExplorer.exhaust(ClaimCountingFunnelModel(Self.merges[3].1))
        print("claim-counting funnel, 3 senders with a failure: \(loss)")
        #expect(loss.failure != nil)
        let latest = InterleavingExplorer.exhaust(ClaimCountingFunnelModel(Self.latest, current: 0))
        print("claim-counting funnel, latest: \(latest)")
        #expect(latest.failure?.message.contains("lost when the outer moved on") == true)
    }
}

/// The serialisers that are not `flatMap`'s funnel, through every interleaving. (`Trampoline`
/// takes its turn and queues re-entrant calls exactly as `EventFunnel` does: the same
/// `OwnedLock` turn and a queue only the holder touches, so `WaitingFunnelModel` covers its
/// protocol.)
@Suite("the other serialisers, explored interleaving by interleaving", .ownThreads)
struct SerialiserExplorationTests {
    static func inputs(_ source: Int, _ count: Int) -> [ModelEvent] {
        (0..<count).map { ModelEvent(source: source, number: $0) }
    }

    @Test("DrainQueue: every input handled once, each sender's in order, with 2 and 3 senders")
    func drainQueue() {
        for scripts in [
            [Self.inputs(0, 3), Self.inputs(1, 3)],
            [Self.inputs(0, 2), Self.inputs(1, 2), Self.inputs(2, 2)],
        ] {
            let report = InterleavingExplorer.exhaust(DrainQueueModel(scripts))
            print("DrainQueue, \(scripts.count) senders: \(report)")
            #expect(report.failure == nil, "\(report)")
        }
    }

    @Test("ObservationGate: the last round sees the last write, with 2 and 3 writers")
    func observationGate() {
        for writes in [[2, 2], [1, 1, 1], [2, 1, 1]] {
            let report = InterleavingExplorer.exhaust(ObservationGateModel(writesPerThread: writes))
            print("ObservationGate, writes \(writes): \(report)")
            #expect(report.failure == nil, "\(report)")
        }
    }

    @Test("ObservationGate: seeded random interleavings of 6 writers")
    func observationGateSampled() {
        let report = InterleavingExplorer.sample(
            ObservationGateModel(writesPerThread: Array(repeating: 4, count: 6)), walks: 3_000,
            seed: 28)
        print("ObservationGate, 6 writers sampled: \(report)")
        #expect(report.failure == nil, "\(report)")
    }
}
