import SignalboxLocks

/// `DrainQueue`'s protocol: a send appends its input under the lock (one step), then tries
/// to become the drainer under the lock (one step); the drainer pops under the lock (one
/// step: an input, or "empty", which also gives draining up) and hands each input to the
/// handler (one step). Checked: every input handled once, each sender's in order, no
/// deadlock; `othersHandled` counts the inputs a thread handled for other threads (its
/// work is not bounded by its own sends).
struct DrainQueueModel: InterleavedSystem {
    enum Phase: Hashable {
        case appending
        case claiming
        case popping
        case handling(ModelEvent)
    }

    let scripts: [[ModelEvent]]
    var positions: [Int]
    var phases: [Phase]
    var pending = FIFOQueue<ModelEvent>()
    var senders: [Int] = []
    var draining = false
    var handled: [ModelEvent] = []
    var othersHandled = 0
    var violation: String?

    init(_ scripts: [[ModelEvent]]) {
        self.scripts = scripts
        positions = scripts.map { _ in 0 }
        phases = scripts.map { _ in .appending }
    }

    var threadCount: Int { scripts.count }
    func isFinished(_ thread: Int) -> Bool { positions[thread] == scripts[thread].count }
    func canStep(_ thread: Int) -> Bool { true }

    mutating func step(_ thread: Int) {
        switch phases[thread] {
        case .appending:
            pending.append(scripts[thread][positions[thread]])
            senders.append(thread)
            phases[thread] = .claiming
        case .claiming:
            if draining {
                finishSend(thread)
            } else {
                draining = true
                phases[thread] = .popping
            }
        case .popping:
            if let next = pending.popFirst() {
                if senders.removeFirst() != thread { othersHandled += 1 }
                phases[thread] = .handling(next)
            } else {
                draining = false
                finishSend(thread)
            }
        case .handling(let input):
            if let last = handled.last(where: { $0.source == input.source }),
                last.number >= input.number
            {
                violation = "\(input) handled after \(last)"
            }
            handled.append(input)
            phases[thread] = .popping
        }
    }

    mutating func finishSend(_ thread: Int) {
        positions[thread] += 1
        phases[thread] = .appending
    }

    func finalViolation() -> String? {
        let sent = scripts.joined().count
        return handled.count == sent ? nil : "\(handled.count) of \(sent) inputs handled"
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.positions == rhs.positions && lhs.phases == rhs.phases
            && Array(lhs.pending.elements) == Array(rhs.pending.elements)
            && lhs.senders == rhs.senders
            && lhs.draining == rhs.draining && lhs.handled == rhs.handled
            && lhs.othersHandled == rhs.othersHandled && lhs.violation == rhs.violation
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(positions)
        hasher.combine(phases)
        hasher.combine(Array(pending.elements))
        hasher.combine(handled)
        hasher.combine(draining)
    }
}

/// `ObservationGate`'s protocol, one sequentially consistent atomic operation a step: each
/// thread writes the property (a new version), stores `pending`, and then, while it can take
/// the gate (a load of `held`, then a compare-exchange), runs rounds while `pending` is set
/// (load, store false, the round reads the version), lets go (store), and checks `pending`
/// once more. Checked: the last round saw the last write ("a handler always ends up seeing
/// the latest value"), no deadlock, no endless loop.
struct ObservationGateModel: InterleavedSystem {
    enum Phase: Hashable {
        case writing, requesting, loadingHeld, exchangingHeld, checkingPending, clearingPending
        case round, releasing, rechecking, done
    }

    let writes: [Int]
    var phases: [Phase]
    var remaining: [Int]
    var held = false
    var pending = false
    var version = 0
    var lastRoundSaw = 0
    var rounds = 0
    var violation: String? { nil }

    init(writesPerThread: [Int]) {
        writes = writesPerThread
        remaining = writesPerThread
        phases = writesPerThread.map { $0 > 0 ? .writing : .done }
    }

    var threadCount: Int { writes.count }
    func isFinished(_ thread: Int) -> Bool { phases[thread] == .done }
    func canStep(_ thread: Int) -> Bool { true }

    mutating func step(_ thread: Int) {
        switch phases[thread] {
        case .writing:
            version += 1
            phases[thread] = .requesting
        case .requesting:
            pending = true
            phases[thread] = .loadingHeld
        case .loadingHeld:
            phases[thread] = held ? endWrite(thread) : .exchangingHeld
        case .exchangingHeld:
            if held {
                phases[thread] = endWrite(thread)
            } else {
                held = true
                phases[thread] = .checkingPending
            }
        case .checkingPending:
            phases[thread] = pending ? .clearingPending : .releasing
        case .clearingPending:
            pending = false
            phases[thread] = .round
        case .round:
            lastRoundSaw = version
            rounds += 1
            phases[thread] = .checkingPending
        case .releasing:
            held = false
            phases[thread] = .rechecking
        case .rechecking:
            phases[thread] = pending ? .loadingHeld : endWrite(thread)
        case .done:
            break
        }
    }

    mutating func endWrite(_ thread: Int) -> Phase {
        remaining[thread] -= 1
        return remaining[thread] > 0 ? .writing : .done
    }

    func finalViolation() -> String? {
        lastRoundSaw == version ? nil : "the last round saw version \(lastRoundSaw) of \(version)"
    }
}
