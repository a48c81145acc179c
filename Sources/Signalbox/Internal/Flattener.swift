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
        { downstream, lifetime in
            let flattener = Flattener<U, E>(strategy: strategy, downstream: downstream)
            // Strongly, though the flattener's output keeps the lifetime: a weak reference
            // would put every retain and release of the flattener on the runtime's slow
            // path (about 5% of W4). So a never-ending run of `flatMap` is released only
            // once it ends (see "Run lifetime" on `SignalProducer`).
            lifetime.observeEnded { flattener.disposeAll() }
            return { event in
                switch event {
                case .value(let value): flattener.outerValue(transform(value))
                case .failed(let error): flattener.outerTerminated(.failed(error))
                case .completed: flattener.outerCompleted()
                case .interrupted: flattener.outerTerminated(.interrupted)
                }
            }
        }
    }
}

/// The id of the inner run whose values `.latest` still forwards.
@usableFromInline
final class CurrentInner: Sendable {
    @usableFromInline let id = Atomic<UInt64>(0)
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
/// lock is held. Output goes through one serialising observer, whose values are tagged with
/// the id of the inner run that sent them so that `.latest` can drop a value of a replaced
/// run that was already on its way.
@usableFromInline
final class Flattener<U, E: Swift.Error>: @unchecked Sendable {
    // Safety: every `var` below is only read or written while `lock` is held, so the runtime's
    // exclusivity checks are left out (they were 13% of W4's instructions); `output` is a
    // serialising observer and `current` is atomic.
    @usableFromInline let kind: FlattenStrategy.Kind
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
    @usableFromInline let current = CurrentInner()
    @usableFromInline let output: Signal<TaggedValue<U>, E>.Observer

    @inlinable
    init(strategy: FlattenStrategy, downstream: @escaping (Event<U, E>) -> Void) {
        kind = strategy.kind
        let current = self.current
        let checksCurrent = strategy.kind == .latest
        output = Signal<TaggedValue<U>, E>.Observer { event in
            switch event {
            case .value(let tagged):
                if checksCurrent, tagged.id != current.id.load(ordering: .acquiring) { return }
                downstream(.value(tagged.value))
            case .failed(let error): downstream(.failed(error))
            case .completed: downstream(.completed)
            case .interrupted: downstream(.interrupted)
            }
        }
    }

    /// The number of inner runs allowed at once.
    @inlinable
    var limit: Int {
        if case .concurrent(let limit) = kind { return limit }
        return .max
    }

    /// How many inner runs are going on. Called with `lock` held.
    @inlinable
    var runningCount: Int {
        kind == .latest ? (latest == nil ? 0 : 1) : running.count
    }

    @inlinable
    func outerValue(_ inner: SignalProducer<U, E>) {
        lock.lock()
        guard !finished else { return lock.unlock() }
        switch kind {
        case .concurrent:
            queue.append(inner)
            lock.unlock()
            pump()
        case .race:
            guard winner == nil else { return lock.unlock() }
            queue.append(inner)
            lock.unlock()
            pump()
        case .latest:
            let previous = latest
            nextID &+= 1
            let id = nextID
            let run = ProducerRun()
            latest = run
            current.id.store(id, ordering: .releasing)
            lock.unlock()
            previous?.dispose()
            start(inner, run, id)
        }
    }

    @inlinable
    func outerCompleted() {
        lock.withLock { outerHasCompleted = true }
        pump()
    }

    @inlinable
    func outerTerminated(_ event: Event<U, E>) {
        guard let others = finish() else { return }
        output.send(event.map { TaggedValue(id: 0, value: $0) })
        for run in others { run.dispose() }
    }

    /// Disposes every inner run; called when the run's lifetime ends.
    ///
    /// If the result has not terminated yet (the run was disposed after the outer stream
    /// completed, while inner runs were still going), it is interrupted: the interruption
    /// of the outer observer cannot reach it any more.
    @inlinable
    func disposeAll() {
        guard let others = finish() else { return }
        output.sendInterrupted()
        for run in others { run.dispose() }
    }

    /// Marks the result finished and hands back the inner runs to dispose, or `nil` if it
    /// was already finished. With `id`, only finishes if that inner run is still running
    /// (and does not hand it back).
    @inlinable
    func finish(removing id: UInt64? = nil) -> [ProducerRun]? {
        lock.withLock {
            guard !finished else { return nil }
            if let id {
                if kind == .latest {
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
            let run = ProducerRun()
            running[id] = run
            lock.unlock()
            start(inner, run, id)
            lock.lock()
        }
        pumping = false
        let completes = !finished && outerHasCompleted && runningCount == 0 && queue.isEmpty
        if completes { finished = true }
        lock.unlock()
        if completes { output.sendCompleted() }
    }

    @inlinable
    func start(_ inner: SignalProducer<U, E>, _ run: ProducerRun, _ id: UInt64) {
        let isRace = kind == .race
        inner.startRun(
            run,
            values: { [self] value in
                if isRace, !claimRace(for: id) { return }
                output.send(value: TaggedValue(id: id, value: value))
            },
            terminal: { [self] event in
                if isRace, !claimRace(for: id) { return }
                innerTerminated(event, id)
            })
    }

    @inlinable
    func innerTerminated(_ event: Event<U, E>, _ id: UInt64) {
        if case .completed = event {
            lock.withLock {
                if kind == .latest {
                    if id == current.id.load(ordering: .relaxed) { latest = nil }
                } else {
                    running.removeValue(forKey: id)
                }
            }
            pump()
            return
        }
        // An inner run that was replaced or disposed by this flattener is no longer
        // registered; its interruption (or late failure) is not the result's.
        guard let others = finish(removing: id) else { return }
        output.send(event.map { TaggedValue(id: id, value: $0) })
        for run in others { run.dispose() }
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
