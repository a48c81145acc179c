import Synchronization

extension Transforms {
    /// Starts the producer made from each upstream value and combines the inner runs with
    /// `strategy`.
    ///
    /// The inner runs belong to the lifetime of the flattened run: when it ends, every inner
    /// run still going is disposed.
    static func flatten<V, E, U>(
        _ strategy: FlattenStrategy, _ transform: @escaping (V) -> SignalProducer<U, E>
    ) -> EventTransform<V, E, U, E> {
        { downstream, lifetime in
            let flattener = Flattener<U, E>(strategy: strategy, downstream: downstream)
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
private final class CurrentInner: Sendable {
    let id = Atomic<UInt64>(0)
}

/// The coordinator of one flattened run: starts, queues, replaces and disposes inner runs.
///
/// Outer events arrive serialised; inner events arrive from whatever thread each inner run
/// sends on. All bookkeeping happens under `lock`, and nothing is ever called out while the
/// lock is held. Output goes through one serialising observer, whose values are tagged with
/// the id of the inner run that sent them so that `.latest` can drop a value of a replaced
/// run that was already on its way.
final class Flattener<U, E: Swift.Error>: @unchecked Sendable {
    // Safety: every `var` below is only read or written while `lock` is held; `output` is a
    // serialising observer and `current` is atomic.
    private enum Mode {
        case concurrent(limit: Int)
        case latest
        case race
    }

    private let mode: Mode
    private let lock = Lock()
    private var queue = InnerQueue<SignalProducer<U, E>>()
    private var running: [UInt64: ProducerRun] = [:]
    private var nextID: UInt64 = 0
    private var outerHasCompleted = false
    private var pumping = false
    /// Set once the result terminated or the run's lifetime ended: nothing starts any more.
    private var finished = false
    private var winner: UInt64?
    private let current = CurrentInner()
    private let output: Signal<(UInt64, U), E>.Observer

    init(strategy: FlattenStrategy, downstream: @escaping (Event<U, E>) -> Void) {
        let current = self.current
        switch strategy.kind {
        case .concurrent(let limit): mode = .concurrent(limit: limit)
        case .latest: mode = .latest
        case .race: mode = .race
        }
        let checksCurrent = strategy.kind == .latest
        output = Signal<(UInt64, U), E>.Observer { event in
            switch event {
            case .value(let tagged):
                if checksCurrent, tagged.0 != current.id.load(ordering: .acquiring) { return }
                downstream(.value(tagged.1))
            case .failed(let error): downstream(.failed(error))
            case .completed: downstream(.completed)
            case .interrupted: downstream(.interrupted)
            }
        }
    }

    func outerValue(_ inner: SignalProducer<U, E>) {
        switch mode {
        case .concurrent:
            lock.lock()
            guard !finished else { return lock.unlock() }
            queue.append(inner)
            lock.unlock()
            pump()
        case .race:
            lock.lock()
            guard !finished, winner == nil else { return lock.unlock() }
            queue.append(inner)
            lock.unlock()
            pump()
        case .latest:
            lock.lock()
            guard !finished else { return lock.unlock() }
            let previous = running
            nextID += 1
            let id = nextID
            let run = ProducerRun()
            running = [id: run]
            current.id.store(id, ordering: .releasing)
            lock.unlock()
            for stale in previous.values { stale.dispose() }
            inner.startRun(run, sink(for: id))
        }
    }

    func outerCompleted() {
        lock.withLock { outerHasCompleted = true }
        pump()
    }

    func outerTerminated(_ event: Event<U, E>) {
        guard let others = finish() else { return }
        output.send(event.map { (0, $0) })
        for run in others { run.dispose() }
    }

    /// Disposes every inner run; called when the run's lifetime ends.
    func disposeAll() {
        for run in finish() ?? [] { run.dispose() }
    }

    /// Marks the result finished and hands back the inner runs to dispose, or `nil` if it
    /// was already finished. With `id`, only finishes if that inner run is still running
    /// (and does not hand it back).
    private func finish(removing id: UInt64? = nil) -> [ProducerRun]? {
        lock.withLock {
            guard !finished else { return nil }
            if let id, running.removeValue(forKey: id) == nil { return nil }
            finished = true
            queue = InnerQueue()
            defer { running = [:] }
            return Array(running.values)
        }
    }

    /// Starts queued inner producers while the strategy allows, then completes the result
    /// if nothing is left to run. Only one thread pumps at a time; an inner that completes
    /// synchronously while being started lets the pumping loop start the next one instead
    /// of recursing.
    private func pump() {
        let limit: Int
        if case .concurrent(let value) = mode { limit = value } else { limit = .max }
        lock.lock()
        if pumping { return lock.unlock() }
        pumping = true
        while !finished, running.count < limit, let inner = queue.popFirst() {
            nextID += 1
            let id = nextID
            let run = ProducerRun()
            running[id] = run
            lock.unlock()
            inner.startRun(run, sink(for: id))
            lock.lock()
        }
        pumping = false
        let completes = !finished && outerHasCompleted && running.isEmpty && queue.isEmpty
        if completes { finished = true }
        lock.unlock()
        if completes { output.sendCompleted() }
    }

    private func sink(for id: UInt64) -> (Event<U, E>) -> Void {
        { [self] event in
            if case .race = mode, !claimRace(for: id) { return }
            switch event {
            case .value(let value):
                output.send(value: (id, value))
            case .completed:
                lock.withLock { _ = running.removeValue(forKey: id) }
                pump()
            case .failed, .interrupted:
                // An inner run that was replaced or disposed by this flattener is no longer
                // in `running`; its interruption (or late failure) is not the result's.
                guard let others = finish(removing: id) else { return }
                output.send(event.map { (id, $0) })
                for run in others { run.dispose() }
            }
        }
    }

    /// For `.race`: the first inner run to send anything wins and the others are disposed.
    /// Returns whether `id` is the winner.
    private func claimRace(for id: UInt64) -> Bool {
        let (isWinner, losers) = lock.withLock { () -> (Bool, [ProducerRun]) in
            if let winner { return (winner == id, []) }
            winner = id
            let losers = running.filter { $0.key != id }.map(\.value)
            running = running.filter { $0.key == id }
            queue = InnerQueue()
            return (true, losers)
        }
        for run in losers { run.dispose() }
        return isWinner
    }
}

/// A first-in, first-out queue with amortised O(1) removal from the front.
struct InnerQueue<Element> {
    private var storage: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }

    mutating func append(_ element: Element) {
        storage.append(element)
    }

    mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64, head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
