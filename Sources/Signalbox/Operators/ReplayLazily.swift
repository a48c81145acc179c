import SignalboxLocks

extension SignalProducer {
    /// A producer that shares one run of this producer among all its runs, and replays up
    /// to `capacity` of the latest values (and the terminal event, once there is one) to
    /// each run that starts later.
    ///
    /// Rule (ReactiveSwift's): this producer is started when the returned producer is
    /// started for the first time, and never again. Its run lives until it terminates, or
    /// until the returned producer (every copy of it) is released *and* every run of it has
    /// ended; disposing the runs alone does not stop it while the returned producer is
    /// still held, so a later start still finds the cache. When it is stopped that way it
    /// completes, with nobody left to tell.
    ///
    /// Each run first receives the replayed values, then the live ones, in upstream order,
    /// with nothing lost or repeated, even when runs start on other threads while values
    /// arrive. A run may be started (or disposed) from inside another run's observer.
    ///
    /// ```swift
    /// let profile = api.fetchProfile().replayLazily(upTo: 1)
    /// profile.startWithValues { show($0) }  // starts the request
    /// profile.startWithValues { log($0) }   // no second request: replays the response
    /// ```
    ///
    /// - Parameter capacity: How many of the latest values to keep; zero or less keeps
    ///   none (the terminal event is still replayed).
    /// - Returns: The sharing, replaying producer.
    public func replayLazily(upTo capacity: Int) -> SignalProducer<Value, Error> {
        let state = ReplayState<Value, Error>(capacity: max(0, capacity))
        // Released with the returned producer and with each run: its end stops the upstream.
        let (lifetime, token) = Lifetime.make()
        let upstream = take(during: lifetime)
        return SignalProducer { observer, runLifetime in
            runLifetime.observeEnded { withExtendedLifetime(token) {} }
            if state.attach(observer, until: runLifetime) {
                upstream.start { event in state.receive(event) }
            }
        }
    }
}

/// The cache and the runs of one `replayLazily` producer.
final class ReplayState<Value, Error: Swift.Error>: @unchecked Sendable {
    // Safety: every `var` is only touched while `lock` is held. Each run's events go
    // through its own `DrainQueue`, filled under `lock` (so replayed and live events are
    // queued in upstream order) and drained outside it.
    private let lock = Lock()
    private let capacity: Int
    @exclusivity(unchecked) private var values = FIFOQueue<Value>()
    @exclusivity(unchecked) private var valueCount = 0
    @exclusivity(unchecked) private var terminal: Event<Value, Error>?
    @exclusivity(unchecked) private var runs:
        [(key: UInt64, events: DrainQueue<Event<Value, Error>>)] =
            []
    @exclusivity(unchecked) private var nextKey: UInt64 = 0
    @exclusivity(unchecked) private var started = false

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Adds a run: queues the replay for it and, unless the upstream has terminated,
    /// attaches it to the live events until `lifetime` ends.
    ///
    /// - Returns: Whether the caller must start the upstream (the first run does).
    func attach(_ observer: Signal<Value, Error>.Observer, until lifetime: Lifetime) -> Bool {
        let events = DrainQueue<Event<Value, Error>> { observer.send($0) }
        lock.lock()
        var replay = values
        while let value = replay.popFirst() { events.enqueue(.value(value)) }
        let key = nextKey
        nextKey += 1
        if let terminal {
            events.enqueue(terminal)
        } else {
            runs.append((key, events))
        }
        let mustStart = !started
        started = true
        lock.unlock()
        events.drain()
        lifetime.observeEnded { [weak self] in self?.detach(key) }
        return mustStart
    }

    /// Records an upstream event and queues it for every attached run.
    func receive(_ event: Event<Value, Error>) {
        lock.lock()
        if case .value(let value) = event {
            if capacity > 0 {
                values.append(value)
                if valueCount == capacity {
                    _ = values.popFirst()
                } else {
                    valueCount += 1
                }
            }
        } else {
            terminal = event
        }
        let targets = runs
        if event.isTerminating { runs = [] }
        for target in targets { target.events.enqueue(event) }
        lock.unlock()
        for target in targets { target.events.drain() }
    }

    private func detach(_ key: UInt64) {
        lock.withLock { runs.removeAll { $0.key == key } }
    }
}
