import Observation
import SignalboxLocks
import Synchronization

/// The storage of a composed property (see `Property`): its latest value, which reads
/// under `withObservationTracking` depend on, and the relay signal its upstream's events
/// are forwarded to.
///
/// Who holds what (the ownership graph of ReactiveSwift's composed properties): the
/// property and every producer made from it hold the box; the box holds the relay's
/// `Signal`; the upstream run holds the relay's core and the box *weakly*
/// (`PropertyUpstream`); the relay's lifetime holds the upstream run. So nothing holds the
/// sources: a source that deinitialises completes the upstream, which completes the relay.
/// And once the property, its producers and the relay's observers are gone, the relay is
/// abandoned (`SignalCore.abandonIfUnused`), which disposes the upstream run.
final class PropertyBox<Value>: Observable, ObservationNotifying, @unchecked Sendable {
    // Safety: the value lives in `cell`, under its lock. `sendLock` is held around each
    // update with its delivery to the relay, and around a producer's "current value, then
    // changes" hand-over, so a run sees every value exactly once, in order; `upstreamEnded`
    // is only touched with `sendLock` held. `hasBeenRead` and `observationGate` are atomics.
    let sendLock = OwnedLock()
    /// Whether `value` has ever been read: until then no tracking can depend on the box.
    let hasBeenRead = LockFreeAtomic(false)
    let observationGate = ObservationGate()
    private let cell: LockedBox<Value>
    /// The relay (its `Signal`: held here so that the relay stays attachable while the
    /// property or a producer of it lives).
    let relay: Signal<Value, Never>
    /// Whether the upstream has ended (the relay has completed).
    @exclusivity(unchecked) private var upstreamEnded: Bool
    private let registrar = ObservationRegistrar()
    /// `\.value`, made once: a key path into a generic class is rebuilt at every use.
    private let valueKeyPath: KeyPath<PropertyBox<Value>, Value>

    init(_ initial: Value, relay: Signal<Value, Never>, upstreamEnded: Bool) {
        cell = LockedBox(initial)
        self.relay = relay
        self.upstreamEnded = upstreamEnded
        valueKeyPath = \PropertyBox<Value>.value
    }

    /// The latest value; reading it tracks it (see `Property+Observation.swift`).
    var value: Value {
        if !hasBeenRead.load(ordering: .relaxed) { recordFirstRead() }
        registrar.access(self, keyPath: valueKeyPath)
        return cell.value
    }

    /// The latest value, read without tracking (starting a producer is no tracked read).
    var untrackedValue: Value { cell.value }

    private func recordFirstRead() {
        // Frames first: whoever sees the flag set sees the frames recorded.
        sendLock.frames.arm()
        hasBeenRead.store(true, ordering: .sequentiallyConsistent)
    }

    /// Stores a value from the upstream and forwards it to the relay, then tells
    /// `Observation` (held back until the delivering thread holds no lock of the library).
    func update(_ value: Value) {
        let locked = sendLock.lockUnlessHeldByCurrentThread()
        cell.modify { $0 = value }
        relay.core.deliver(value: value)
        if locked { sendLock.unlock() }
        if hasBeenRead.load(ordering: .sequentiallyConsistent) {
            DeliveryFrames.shared.notify(self)
        }
    }

    /// Completes the relay: the upstream has ended.
    func complete() {
        let locked = sendLock.lockUnlessHeldByCurrentThread()
        upstreamEnded = true
        relay.core.deliver(.completed)
        if locked { sendLock.unlock() }
    }

    /// Sends the current value to `observer`, then attaches it to the relay; it completes
    /// with the relay, or at once if the upstream has ended.
    func attach(_ observer: Signal<Value, Never>.Observer, _ lifetime: Lifetime) {
        // Re-entrant (from inside a delivery of this box, on this thread): the value stored
        // is the latest, and the delivery in progress is not sent to an observer attached
        // during it.
        let locked = sendLock.lockUnlessHeldByCurrentThread()
        observer.send(value: cell.value)
        if upstreamEnded {
            observer.sendCompleted()
        } else {
            lifetime += relay.observe(observer)
        }
        if locked { sendLock.unlock() }
    }

    func notifyObservation() {
        observationGate.notify {
            registrar.willSet(self, keyPath: valueKeyPath)
            registrar.didSet(self, keyPath: valueKeyPath)
        }
    }
}

/// What the upstream run of a composed property sends into: the relay, and the box once it
/// exists (held weakly; see `PropertyBox`).
///
/// The box is made when the upstream's start returns, from the last value sent during the
/// start (a property's producer sends its current value at once), or from the property's
/// fallback if none came; values sent before that are only kept.
final class PropertyUpstream<Value>: @unchecked Sendable {
    // Safety: `early`, `endedEarly` and `box` are written under `lock` until `started` is set
    // (releasing), and `box` is only read after `started` was read set (acquiring) or under
    // `lock`; a weak reference is itself atomic in the runtime.
    private let relay: SignalCore<Value, Never>
    private let started = LockFreeAtomic(false)
    private let lock = Lock()
    private var early: Value?
    private var endedEarly = false
    private weak var box: PropertyBox<Value>?

    init(relay: SignalCore<Value, Never>) {
        self.relay = relay
    }

    /// Receives an event of the upstream. Every terminal event completes the relay: the
    /// upstream only ends when its sources have (or when the relay was abandoned, and then
    /// nobody listens).
    func receive(_ event: Event<Value, Never>) {
        if !started.load(ordering: .acquiring), keepEarly(event) { return }
        let box = self.box
        switch event {
        case .value(let value):
            if let box { box.update(value) } else { relay.deliver(value: value) }
        case .completed, .interrupted:
            if let box { box.complete() } else { relay.deliver(.completed) }
        }
    }

    /// During the start: keeps the value (or notes the end) for the box; `false` once
    /// started.
    private func keepEarly(_ event: Event<Value, Never>) -> Bool {
        lock.withLock {
            guard !started.load(ordering: .relaxed) else { return false }
            switch event {
            case .value(let value): early = value
            case .completed, .interrupted: endedEarly = true
            }
            return true
        }
    }

    /// Makes the box once the upstream's start returned, from the last value the upstream
    /// sent, or `fallback()` if it sent none.
    func makeBox(relay signal: Signal<Value, Never>, otherwise fallback: () -> Value)
        -> PropertyBox<Value>
    {
        let sent = lock.withLock { early }
        // Outside the lock: `fallback` is user code.
        let initial = sent ?? fallback()
        let (box, ended) = lock.withLock { () -> (PropertyBox<Value>, Bool) in
            // A value sent meanwhile (from another thread) is newer than `initial`.
            let box = PropertyBox(early ?? initial, relay: signal, upstreamEnded: endedEarly)
            self.box = box
            early = nil
            started.store(true, ordering: .releasing)
            return (box, endedEarly)
        }
        // The relay has no observer yet: completing it now only marks it ended.
        if ended { relay.deliver(.completed) }
        return box
    }
}
