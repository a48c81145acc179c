import SignalboxLocks
import Synchronization

extension Transforms {
    /// Starts the producer made from each upstream value and combines the inner runs with
    /// `strategy`.
    ///
    /// The inner runs belong to the lifetime of the flattened run: when it ends, every inner
    /// run still going is disposed. Inlinable so that a client's pipeline is specialised
    /// for its concrete types (unspecialised generic code spends most of its time looking
    /// up type metadata).
    @inlinable
    static func flatten<V, E, U>(
        _ strategy: FlattenStrategy, _ transform: @escaping (V) -> SignalProducer<U, E>
    ) -> EventTransform<V, E, U, E> {
        let flattening = flattenSink(strategy, transform)
        return { downstream, lifetime in flattening(RunSink(event: downstream), lifetime).event }
    }

    /// `flatten(_:_:)` for a producer: it delivers to the downstream sink's value path, so
    /// an inner value reaches the observer of `start` with no `Event` wrapped around it, and
    /// offers a value path to the upstream for the outer values.
    @inlinable
    static func flattenSink<V, E, U>(
        _ strategy: FlattenStrategy, _ transform: @escaping (V) -> SignalProducer<U, E>
    ) -> (_ downstream: RunSink<U, E>, _ lifetime: Lifetime) -> RunSink<V, E> {
        { downstream, lifetime in
            let flattener = Flattener<U, E>(strategy: strategy, downstream: downstream)
            // Strongly, though the flattener's output keeps the lifetime: a weak reference
            // would put every retain and release of the flattener on the runtime's slow
            // path (about 5% of W4). So a never-ending run of `flatMap` is released only
            // once it ends (see "Run lifetime" on `SignalProducer`).
            lifetime.observeEnded { flattener.disposeAll() }
            return RunSink(
                value: { value in flattener.outerValue(transform(value)) },
                event: { event in
                    switch event {
                    case .value(let value): flattener.outerValue(transform(value))
                    case .failed(let error): flattener.terminate(.failed(error))
                    case .completed: flattener.outerCompleted()
                    case .interrupted: flattener.terminate(.interrupted)
                    }
                })
        }
    }
}

/// The id of the inner run whose values `.latest` still forwards.
@usableFromInline
final class CurrentInner: Sendable {
    @usableFromInline let id = LockFreeAtomic<UInt64>(0)
    @usableFromInline init() {}
}

/// A value of an inner run, tagged with the id of that run.
@usableFromInline
struct TaggedValue<U> {
    @usableFromInline let id: UInt64
    @usableFromInline let value: U

    @inlinable
    init(id: UInt64, value: U) {
        self.id = id
        self.value = value
    }
}

/// The coordinator of one flattened run: starts, queues, replaces and disposes inner runs.
///
/// Outer events arrive serialised; inner events arrive from whatever thread each inner run
/// sends on. All bookkeeping happens under `lock`, and nothing is ever called out while the
/// lock is held. Output goes through one `EventFunnel`, whose values are tagged with the id
/// of the inner run that sent them so that `.latest` can drop a value of a replaced run that
/// was already on its way (the check is made when the value is delivered).
@usableFromInline
final class Flattener<U, E: Swift.Error>: @unchecked Sendable {
    // Safety: every `var` below is only read or written while `lock` is held (except
    // `atOnce` and `atOnceID`, only used from `outerValue`, which the outer stream serialises),
    // so the runtime's exclusivity checks are left out (they were 13% of W4's instructions);
    // `output` serialises its own deliveries and `current` is atomic.
    @usableFromInline let kind: FlattenStrategy.Kind
    /// `kind == .latest` and `kind == .race`, decided once rather than per inner value.
    @usableFromInline let isLatest: Bool
    @usableFromInline let isRace: Bool
    @usableFromInline let lock = Lock()
    @usableFromInline @exclusivity(unchecked) var queue = FIFOQueue<SignalProducer<U, E>>()
    /// The inner runs going on, for `.merge`, `.concat`, `.concurrent` and `.race`.
    @usableFromInline @exclusivity(unchecked) var running: [UInt64: ProducerRun] = [:]
    /// The inner run going on, for `.latest`.
    @usableFromInline @exclusivity(unchecked) var latest: ProducerRun?
    @usableFromInline @exclusivity(unchecked) var nextID: UInt64 = 0
    @usableFromInline @exclusivity(unchecked) var outerHasCompleted = false
    @usableFromInline @exclusivity(unchecked) var pumping = false
    /// Set once the result terminated or the run's lifetime ended: nothing starts any more.
    @usableFromInline @exclusivity(unchecked) var finished = false
    @usableFromInline @exclusivity(unchecked) var winner: UInt64?
    /// The run and sink with which inner producers of one value are started
    /// (`startAtOnce`), made on first use; used only by `outerValue`, which the outer stream
    /// serialises, as is `atOnceID`.
    @usableFromInline @exclusivity(unchecked) var atOnce: AtOnceStart<U, E>?
    /// The id of the inner run `atOnce` stands for at the moment.
    @usableFromInline @exclusivity(unchecked) var atOnceID: UInt64 = 0
    @usableFromInline let current = CurrentInner()
    @usableFromInline let output: EventFunnel<U, E>

    @inlinable
    init(strategy: FlattenStrategy, downstream: RunSink<U, E>) {
        kind = strategy.kind
        isLatest = strategy.kind == .latest
        isRace = strategy.kind == .race
        output = EventFunnel<U, E>(
            current: isLatest ? current : nil, value: downstream.valuePath,
            terminal: downstream.event)
    }

    /// The number of inner runs allowed at once.
    @inlinable
    var limit: Int {
        switch kind {
        case .concurrent(let limit): return limit
        case .throttle: return 1
        case .latest, .race: return .max
        }
    }

    /// Whether an inner producer given now would be started at once, on this thread, by
    /// `pump()`: nothing queued before it, nobody pumping, room under the limit. Called with
    /// `lock` held.
    @inlinable
    var startsAtOnce: Bool {
        !pumping && queue.isEmpty && running.count < limit
    }

    /// Starts `inner`, a producer that sends one value and completes before its set-up
    /// returns (`SignalProducer.sendsOneValueAtOnce`), as the inner run `id`, with the run
    /// and sink made once for all such inners (`atOnce`) instead of a run of its own.
    ///
    /// Nothing is left going when this returns, so nothing is registered. Its value goes out
    /// as the run `id`'s. Its completion (or interruption) changes nothing: the result
    /// completes only after the outer stream did, and the outer stream is sending the value
    /// this inner was made from. Called only from `outerValue`, which the outer stream
    /// serialises, and that is what makes one run and one `atOnceID` enough.
    @inlinable
    func startAtOnce(_ inner: SignalProducer<U, E>, id: UInt64) {
        atOnceID = id
        // Borrowed, not retained: the flattener keeps it.
        Unmanaged.passUnretained(atOnce ?? makeAtOnce())._withUnsafeGuaranteedRef {
            inner.setUp($0.sink, $0.run)
        }
    }

    /// Makes the run and sink of `startAtOnce`, once per flattener.
    @inlinable @inline(never)
    func makeAtOnce() -> AtOnceStart<U, E> {
        // The flattener unowned: it keeps the sink, and only calls it while it runs itself.
        // The funnel captured: a call then needs no retain of it.
        let made = AtOnceStart(
            sink: RunSink<U, E>(
                value: { [output, unowned(unsafe) self] value in
                    output.send(value: value, from: atOnceID)
                },
                event: { [output, unowned(unsafe) self] event in
                    if case .value(let value) = event {
                        output.send(value: value, from: atOnceID)
                    }
                }))
        atOnce = made
        return made
    }

    /// How many inner runs are going on. Called with `lock` held.
    @inlinable
    var runningCount: Int {
        isLatest ? (latest == nil ? 0 : 1) : running.count
    }

    @inlinable
    func outerValue(_ inner: SignalProducer<U, E>) {
        lock.lock()
        guard !finished else { return lock.unlock() }
        switch kind {
        case .concurrent:
            if inner.sendsOneValueAtOnce, startsAtOnce {
                lock.unlock()
                return startAtOnce(inner, id: 0)
            }
            queue.append(inner)
            lock.unlock()
            pump()
        case .race:
            guard winner == nil else { return lock.unlock() }
            queue.append(inner)
            lock.unlock()
            pump()
        case .throttle:
            // Dropped while an inner run is going on (or about to start).
            guard running.isEmpty, queue.isEmpty else { return lock.unlock() }
            if inner.sendsOneValueAtOnce, startsAtOnce {
                lock.unlock()
                return startAtOnce(inner, id: 0)
            }
            queue.append(inner)
            lock.unlock()
            pump()
        case .latest:
            let previous = latest
            nextID &+= 1
            let id = nextID
            if inner.sendsOneValueAtOnce {
                // Its run sends its value and completes before `start` returns: no run is
                // left going. (Kept apart from the lines below, though they differ only in
                // the run: one path with an optional run cost W4-1 44 instructions and W4 17
                // per outer value.)
                latest = nil
                current.id.store(id, ordering: .releasing)
                lock.unlock()
                previous?.dispose()
                return startAtOnce(inner, id: id)
            }
            let run = InnerRun(self, id: id)
            latest = run
            current.id.store(id, ordering: .releasing)
            lock.unlock()
            previous?.dispose()
            start(inner, run)
        }
    }

    @inlinable
    func outerCompleted() {
        lock.withLock { outerHasCompleted = true }
        pump()
    }

    /// Ends the result with `event` and disposes the inner runs still going: for the outer
    /// stream's failure or interruption, an inner run's failure (`id`), and the end of the
    /// run's lifetime. Does nothing if the result already ended, or, given `id`, if that
    /// inner run is no longer registered (it was replaced or disposed by this flattener:
    /// its late failure is not the result's).
    @inlinable
    func terminate(_ event: Event<U, E>, removing id: UInt64? = nil) {
        guard let others = finish(removing: id) else { return }
        output.send(terminal: event)
        for run in others { run.dispose() }
    }

    /// Disposes every inner run; called when the run's lifetime ends.
    ///
    /// If the result has not terminated yet (the run was disposed after the outer stream
    /// completed, while inner runs were still going), it is interrupted: the interruption
    /// of the outer observer cannot reach it any more.
    @inlinable
    func disposeAll() {
        terminate(.interrupted)
    }

    /// Marks the result finished and hands back the inner runs to dispose, or `nil` if it
    /// was already finished. With `id`, only finishes if that inner run is still running
    /// (and does not hand it back).
    @inlinable
    func finish(removing id: UInt64? = nil) -> [ProducerRun]? {
        lock.withLock {
            guard !finished else { return nil }
            if let id {
                if isLatest {
                    guard id == current.id.load(ordering: .relaxed), latest != nil else {
                        return nil
                    }
                    latest = nil
                } else if running.removeValue(forKey: id) == nil {
                    return nil
                }
            }
            finished = true
            queue = FIFOQueue()
            var others = Array(running.values)
            if let latest { others.append(latest) }
            running = [:]
            latest = nil
            return others
        }
    }

    /// Starts queued inner producers while the strategy allows, then completes the result
    /// if nothing is left to run. Only one thread pumps at a time; an inner that completes
    /// synchronously while being started lets the pumping loop start the next one instead
    /// of recursing.
    @inlinable
    func pump() {
        let limit = self.limit
        lock.lock()
        if pumping { return lock.unlock() }
        pumping = true
        while !finished, running.count < limit, let inner = queue.popFirst() {
            nextID &+= 1
            let id = nextID
            let run = InnerRun(self, id: id)
            running[id] = run
            lock.unlock()
            start(inner, run)
            lock.lock()
        }
        pumping = false
        let completes = !finished && outerHasCompleted && runningCount == 0 && queue.isEmpty
        if completes { finished = true }
        lock.unlock()
        if completes { output.sendCompleted() }
    }

    /// Starts `inner` as the run `run`.
    ///
    /// What `SignalProducer.startRun` does, with the run itself as the receiver of its
    /// events instead of three closures, each a context allocated per inner run.
    @inlinable
    func start(_ inner: SignalProducer<U, E>, _ run: InnerRun<U, E>) {
        inner.setUp(
            RunSink(
                value: { [run] value in run.value(value) },
                event: { [run] event in run.event(event) }), run)
        // See `startRun`: only a run whose work installed no interrupter needs a fallback.
        // The run keeps it, so it must not refer to the run: that cycle would outlive a run
        // that ends by itself.
        let disposedUnannounced = run.installFallbackInterrupter {
            { [self, lifetime = run.lifetime, id = run.id] in
                if lifetime.finishRun() { innerTerminal(.interrupted, id) }
            }
        }
        if disposedUnannounced, run.lifetime.finishRun() { run.terminal(.interrupted) }
    }

    /// Sends a value of the inner run `id` on (for `.race`, only if that run won).
    @inlinable
    func innerValue(_ value: U, _ id: UInt64) {
        if isRace, !claimRace(for: id) { return }
        output.send(value: value, from: id)
    }

    /// Handles the terminal event of the inner run `id` (for `.race`, only if that run won).
    @inlinable
    func innerTerminal(_ event: Event<U, E>, _ id: UInt64) {
        if isRace, !claimRace(for: id) { return }
        innerTerminated(event, id)
    }

    /// An inner run's terminal event: a failure fails the result; a completion, and an
    /// interruption (as in ReactiveSwift: an inner stream that is interrupted has simply
    /// ended), let the next queued inner start, and complete the result once the outer stream
    /// and every inner have ended.
    @inlinable
    func innerTerminated(_ event: Event<U, E>, _ id: UInt64) {
        switch event {
        case .completed, .interrupted:
            if isLatest {
                // Nothing is ever queued for `.latest`, so this is all `pump()` would do,
                // under one lock instead of two.
                lock.lock()
                if id == current.id.load(ordering: .relaxed) { latest = nil }
                let completes = !finished && outerHasCompleted && latest == nil
                if completes { finished = true }
                lock.unlock()
                if completes { output.sendCompleted() }
                return
            }
            lock.withLock { _ = running.removeValue(forKey: id) }
            pump()
        case .failed, .value:
            terminate(event, removing: id)
        }
    }

    /// For `.race`: the first inner run to send anything wins and the others are disposed.
    /// Returns whether `id` is the winner.
    @inlinable
    func claimRace(for id: UInt64) -> Bool {
        let (isWinner, losers) = lock.withLock { () -> (Bool, [ProducerRun]) in
            if let winner { return (winner == id, []) }
            winner = id
            let losers = running.filter { $0.key != id }.map(\.value)
            running = running.filter { $0.key == id }
            queue = FIFOQueue()
            return (true, losers)
        }
        for run in losers { run.dispose() }
        return isWinner
    }
}

/// The run and the sink with which a `Flattener` starts every inner producer that sends one
/// value at once (`Flattener.startAtOnce`). The run is never disposed: nothing of such a
/// producer is left to interrupt once its set-up returns.
@usableFromInline
final class AtOnceStart<U, E: Swift.Error> {
    @usableFromInline let sink: RunSink<U, E>
    @usableFromInline let run = ProducerRun()

    @inlinable
    init(sink: RunSink<U, E>) {
        self.sink = sink
    }
}

/// One inner run of a `Flattener`, which is also the receiver of the run's events: the
/// two closures of the run's sink capture only the run (a closure capturing a single object
/// needs no context of its own), so starting an inner run allocates the run and nothing
/// else of the flattener's.
///
/// The sink refers to the run here, unlike `SignalProducer.startRun`'s (see `ProducerRun`):
/// the flattener holds its inner runs while they refer back to it anyway, and lets go of a
/// run once it terminated or was disposed, both of which release what it kept.
@usableFromInline
final class InnerRun<U, E: Swift.Error>: ProducerRun, @unchecked Sendable {
    // Safety: the two properties added here are constants; the run's own state is guarded
    // as `ProducerRun` says, and the flattener serialises what it does.
    @usableFromInline let flattener: Flattener<U, E>
    @usableFromInline let id: UInt64

    @inlinable
    init(_ flattener: Flattener<U, E>, id: UInt64) {
        self.flattener = flattener
        self.id = id
        super.init()
    }

    @inlinable
    func value(_ value: U) {
        flattener.innerValue(value, id)
    }

    @inlinable
    func event(_ event: Event<U, E>) {
        // Operators guarantee that no value follows a terminal event, so only the terminal
        // path needs the flag.
        if case .value(let value) = event {
            flattener.innerValue(value, id)
        } else if lifetime.finishRun() {
            terminal(event)
            lifetime.end()
        }
    }

    /// Hands the terminal event to the flattener; called once, by whoever finished the run.
    @inlinable
    func terminal(_ event: Event<U, E>) {
        flattener.innerTerminal(event, id)
    }
}
