@testable import Signalbox

/// An event a thread of a model sends into a funnel: the source (for `.latest`, the inner
/// run) that sent it, its number among that source's events, and whether it is terminal.
struct ModelEvent: Hashable, CustomStringConvertible {
    var source: Int
    var number: Int
    var isTerminal = false

    var description: String { "\(isTerminal ? "end" : "v")\(source).\(number)" }
}

struct ModelError: Error, Hashable {}

/// One thing a thread of a model does: send an event, or (for `.latest`) move the current
/// inner run, as an outer value does.
enum ModelOperation: Hashable {
    case send(ModelEvent)
    case makeCurrent(Int)
}

/// What the receiver saw, and the contract checked as it happens:
/// - each source's events are delivered in the order it sent them;
/// - nothing after the first terminal event, and exactly one terminal event in the end if
///   any was sent;
/// - no loss: when the terminal event is delivered, and when `.latest` moves on from a run,
///   every event whose `send` returned (of a source still current) has been delivered;
/// - with `boundsSenders`, a thread only ever delivers events its own thread sent.
struct Ledger: Hashable {
    var delivered: [ModelEvent] = []
    /// Per source: how many of its events have a `send` that returned.
    var returned: [Int: Int] = [:]
    /// Sources whose undelivered values may be dropped (`.latest` moved on from them).
    var retired: Set<Int> = []
    var terminals = 0
    var violation: String?
    let boundsSenders: Bool

    init(boundsSenders: Bool) { self.boundsSenders = boundsSenders }

    func deliveredCount(of source: Int) -> Int {
        delivered.count { $0.source == source }
    }

    mutating func fail(_ message: String) {
        if violation == nil { violation = message }
    }

    /// The receiver is called with `event`, sent by `sender`, on `thread`.
    mutating func deliver(_ event: ModelEvent, sentOn sender: Int, deliveredOn thread: Int) {
        if boundsSenders, sender != thread {
            fail("thread \(thread) delivered \(event), sent on thread \(sender)")
        }
        if terminals > 0 { return fail("\(event) delivered after the terminal event") }
        if let last = delivered.last(where: { $0.source == event.source }),
            last.number >= event.number
        {
            return fail("\(event) delivered after \(last): out of order")
        }
        if event.isTerminal { checkNothingLost(before: event) }
        delivered.append(event)
        if event.isTerminal { terminals += 1 }
    }

    /// A `send` of `event` returned to its caller.
    mutating func returnedFromSend(_ event: ModelEvent) {
        returned[event.source, default: 0] = event.number + 1
    }

    /// The outer stream makes `run` current, as `.latest`'s outer value does: the run it
    /// replaces is retired.
    mutating func moveCurrent(_ current: inout Int?, to run: Int) {
        if let previous = current { retire(previous) }
        current = run
    }

    /// ``finalViolation(sentTerminal:)`` for the threads' `scripts`.
    func finalViolation(of scripts: [[ModelOperation]]) -> String? {
        finalViolation(
            sentTerminal: scripts.joined().contains { operation in
                if case .send(let event) = operation { return event.isTerminal }
                return false
            })
    }

    /// `.latest` moves on from `run`: every value of it whose send returned was delivered.
    mutating func retire(_ run: Int) {
        if terminals == 0, let count = returned[run],
            delivered.count(where: { $0.source == run }) < count
        {
            fail("a value of run \(run) whose send returned was lost when the outer moved on")
        }
        retired.insert(run)
    }

    mutating func checkNothingLost(before terminal: ModelEvent) {
        for (source, count) in returned.sorted(by: { $0.key < $1.key })
        where !retired.contains(source) && deliveredCount(of: source) < count {
            fail("an event of source \(source) whose send returned was lost behind \(terminal)")
        }
    }

    /// In the end: one terminal event if any was sent, or every event delivered.
    func finalViolation(sentTerminal: Bool) -> String? {
        if sentTerminal, terminals != 1 { return "\(terminals) terminal events delivered" }
        if !sentTerminal {
            for (source, count) in returned
            where !retired.contains(source) && deliveredCount(of: source) < count {
                return "an event of source \(source) was never delivered"
            }
        }
        return nil
    }
}

/// The funnel of `flatMap` as it is: `EventFunnel`'s turn (an `OwnedLock`, modelled by the
/// thread that holds it) around the production `FunnelState`, which decides what is
/// delivered and keeps what a delivering thread sends from inside its own delivery.
///
/// Steps of a send: take the turn (waiting while another thread holds it), deliver (which
/// reads `.latest`'s current run, an atomic load), deliver each queued event, give the turn
/// up and return. `reactions` makes the receiver send an event on its own thread when it
/// receives one (a downstream that makes an inner source send).
struct WaitingFunnelModel: InterleavedSystem {
    enum Phase: Hashable {
        case idle
        case delivering(ModelEvent)
        case drainingQueue
    }

    let scripts: [[ModelOperation]]
    let reactions: [ModelEvent: ModelEvent]
    var positions: [Int]
    var phases: [Phase]
    var turn: Int?
    var funnel = FunnelState<ModelEvent, ModelError>()
    /// The thread each queued event was sent on.
    var queuedSenders: [Int] = []
    var current: Int?
    var ledger = Ledger(boundsSenders: true)

    init(
        _ scripts: [[ModelOperation]], current: Int? = nil,
        reactions: [ModelEvent: ModelEvent] = [:]
    ) {
        self.scripts = scripts
        self.reactions = reactions
        self.current = current
        positions = scripts.map { _ in 0 }
        phases = scripts.map { _ in .idle }
    }

    var threadCount: Int { scripts.count }
    var violation: String? { ledger.violation }

    func isFinished(_ thread: Int) -> Bool {
        positions[thread] == scripts[thread].count
    }

    func canStep(_ thread: Int) -> Bool {
        guard case .idle = phases[thread], case .send = scripts[thread][positions[thread]] else {
            return true
        }
        return turn == nil
    }

    mutating func step(_ thread: Int) {
        switch phases[thread] {
        case .idle:
            switch scripts[thread][positions[thread]] {
            case .makeCurrent(let run):
                ledger.moveCurrent(&current, to: run)
                positions[thread] += 1
            case .send(let event):
                turn = thread
                phases[thread] = .delivering(event)
            }
        case .delivering(let event):
            deliver(
                .value(TaggedValue(id: UInt64(event.source), value: event)), sentOn: thread,
                by: thread)
            phases[thread] = .drainingQueue
        case .drainingQueue:
            if let next = funnel.nextQueued() {
                deliver(next, sentOn: queuedSenders.removeFirst(), by: thread)
            } else {
                turn = nil
                phases[thread] = .idle
                if case .send(let event) = scripts[thread][positions[thread]] {
                    ledger.returnedFromSend(event)
                }
                positions[thread] += 1
            }
        }
    }

    /// What `EventFunnel.deliver`/`deliverTerminal` do, with the receiver recording.
    mutating func deliver(
        _ tagged: Event<TaggedValue<ModelEvent>, ModelError>, sentOn sender: Int, by thread: Int
    ) {
        guard case .value(let value) = tagged else { return }
        let event = value.value
        if event.isTerminal {
            guard funnel.admitTerminal() else { return }
        } else {
            guard funnel.admitsValue(from: value.id, current: current.map(UInt64.init)) else {
                return
            }
        }
        ledger.deliver(event, sentOn: sender, deliveredOn: thread)
        if let reaction = reactions[event] {
            // A send from inside the receiver, on the thread holding the turn: queued.
            funnel.queue(.value(TaggedValue(id: UInt64(reaction.source), value: reaction)))
            queuedSenders.append(thread)
            ledger.returnedFromSend(reaction)
        }
    }

    func finalViolation() -> String? {
        ledger.finalViolation(of: scripts)
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.positions == rhs.positions && lhs.phases == rhs.phases && lhs.turn == rhs.turn
            && lhs.current == rhs.current && lhs.ledger == rhs.ledger
            && lhs.queuedSenders == rhs.queuedSenders
            && lhs.funnel.terminated == rhs.funnel.terminated
            && lhs.funnel.queued.elements.map(\.value?.value)
                == rhs.funnel.queued.elements.map(\.value?.value)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(positions)
        hasher.combine(phases)
        hasher.combine(turn)
        hasher.combine(current)
        hasher.combine(ledger)
        hasher.combine(queuedSenders)
        hasher.combine(funnel.terminated)
        hasher.combine(funnel.queued.elements.map(\.value?.value))
    }
}

/// The funnel `flatMap` had before (0.3): a count of claims beside a locked queue, and
/// senders that never wait. A send takes the turn by moving `claims` from 0 to 1 and
/// delivers; otherwise it appends its event to `pending` (under a lock: one step) and then
/// counts it (one step), draining if the count was 0. The holder gives the turn up by
/// decrementing, draining while the result stays positive; a drain pops the head of
/// `pending` whatever its count (under the lock: one step), delivers it, and decrements.
struct ClaimCountingFunnelModel: InterleavedSystem {
    enum Phase: Hashable {
        case idle
        case deliveringDirectly(ModelEvent)
        case endingTurn
        case counting
        case popping
        case deliveringPopped(ModelEvent?)
        case decrementing
    }

    let scripts: [[ModelOperation]]
    var positions: [Int]
    var phases: [Phase]
    var claims = 0
    var pending: [ModelEvent] = []
    var terminated = false
    var current: Int?
    var ledger = Ledger(boundsSenders: false)

    init(_ scripts: [[ModelOperation]], current: Int? = nil) {
        self.scripts = scripts
        self.current = current
        positions = scripts.map { _ in 0 }
        phases = scripts.map { _ in .idle }
    }

    var threadCount: Int { scripts.count }
    var violation: String? { ledger.violation }
    func isFinished(_ thread: Int) -> Bool { positions[thread] == scripts[thread].count }
    func canStep(_ thread: Int) -> Bool { true }

    mutating func step(_ thread: Int) {
        switch phases[thread] {
        case .idle:
            switch scripts[thread][positions[thread]] {
            case .makeCurrent(let run):
                ledger.moveCurrent(&current, to: run)
                positions[thread] += 1
            case .send(let event):
                if claims == 0 {
                    claims = 1
                    phases[thread] = .deliveringDirectly(event)
                } else {
                    pending.append(event)
                    phases[thread] = .counting
                }
            }
        case .deliveringDirectly(let event):
            deliver(event, by: thread)
            phases[thread] = .endingTurn
        case .endingTurn:
            claims -= 1
            if claims > 0 { phases[thread] = .popping } else { finishSend(thread) }
        case .counting:
            claims += 1
            if claims == 1 {
                phases[thread] = .popping
            } else {
                finishSend(thread)
            }
        case .popping:
            phases[thread] = .deliveringPopped(pending.isEmpty ? nil : pending.removeFirst())
        case .deliveringPopped(let event):
            if let event { deliver(event, by: thread) }
            phases[thread] = .decrementing
        case .decrementing:
            claims -= 1
            if claims > 0 { phases[thread] = .popping } else { finishSend(thread) }
        }
    }

    mutating func finishSend(_ thread: Int) {
        if case .send(let event) = scripts[thread][positions[thread]] {
            ledger.returnedFromSend(event)
        }
        phases[thread] = .idle
        positions[thread] += 1
    }

    mutating func deliver(_ event: ModelEvent, by thread: Int) {
        guard !terminated else { return }
        if !event.isTerminal, let current, event.source != current { return }
        if event.isTerminal { terminated = true }
        ledger.deliver(event, sentOn: thread, deliveredOn: thread)
    }

    func finalViolation() -> String? {
        ledger.finalViolation(of: scripts)
    }
}
