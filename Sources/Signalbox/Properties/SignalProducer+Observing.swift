import Observation

extension SignalProducer where Error == Never {
    /// Sends the value at `keyPath` of an `Observable` object (an `@Observable` class) at
    /// once, then again after each change, read on `scheduler`: a model written with
    /// `@Observable` feeding a reactive pipeline.
    ///
    /// ```swift
    /// @MainActor @Observable final class SearchForm { var query = "" }
    /// let queries = SignalProducer(observing: form, keyPath: \.query, on: mainScheduler)
    /// ```
    ///
    /// Each read runs inside `withObservationTracking`, which reports the next change to any
    /// observable property the read touched; the run then schedules a new read on
    /// `scheduler`, sends its value and tracks again. Why a scheduler: `Observation` reports
    /// an `@Observable` property's change *before* storing it, so the new value can only be
    /// read later. Write the object on the scheduler's thread (the main scheduler for a
    /// main-actor model) and every read sees the finished write. Changes made before the
    /// scheduled read has run are sent as one value, the latest; equal values are sent too.
    ///
    /// The run holds the object weakly and does not complete by itself: dispose of it, or
    /// bind it with a lifetime. Once the object is gone nothing more is sent.
    ///
    /// Why not built on Swift 6.2's `Observations` sequence: on Apple platforms it needs
    /// macOS 26 / iOS 26 (this package supports macOS 15 / iOS 18), and it delivers through
    /// tasks, which a `TestScheduler` cannot drive. Where those suit, pass it to
    /// `SignalProducer(asyncSequence:)`.
    ///
    /// - Parameters:
    ///   - object: The observable object; held weakly. Read on the starting thread, then
    ///     on `scheduler` only.
    ///   - keyPath: What to read from it; every observable property it reads is tracked.
    ///   - scheduler: Where the reads after a change run (the first read runs on the thread
    ///     that starts the producer).
    public init<Object: AnyObject & Observable>(
        observing object: Object, keyPath: KeyPath<Object, Value>,
        on scheduler: any Scheduler
    ) {
        let target = ObservationTarget(object: object, keyPath: keyPath)
        self.init { observer, lifetime in
            let run = ObservationRun(
                target: target, scheduler: scheduler, observer: observer, lifetime: lifetime)
            run.readAndTrack()
        }
    }
}

extension Property {
    /// A property holding the value at `keyPath` of an `Observable` object, updated on
    /// `scheduler` after each change; see `SignalProducer(observing:keyPath:on:)`.
    ///
    /// The property holds the object weakly and keeps tracking it while the property lives.
    ///
    /// - Parameters:
    ///   - object: The observable object; held weakly.
    ///   - keyPath: What to read from it.
    ///   - scheduler: Where the property is updated after a change.
    public convenience init<Object: AnyObject & Observable>(
        observing object: Object, keyPath: KeyPath<Object, Value>,
        on scheduler: any Scheduler
    ) {
        self.init(
            initial: object[keyPath: keyPath],
            then: SignalProducer(observing: object, keyPath: keyPath, on: scheduler))
    }
}

/// How to read the observed value: a closure holding the object weakly and the key path.
///
/// Why a locked box: neither a model nor a key path into it need be `Sendable` (a main-actor
/// model's key path is not), yet a run reads them from change handlers, which must be; and
/// generic over the value only, because a change handler must not capture the object's
/// type (its metatype need not be `Sendable`).
private final class ObservationTarget<Value>: @unchecked Sendable {
    // Safety: `reader` is only taken out under its lock (an `Atomic` box). The object it reads
    // is read on the thread that starts a run and then on its scheduler, as the
    // initialiser's contract asks.
    private let reader: LockedBox<() -> Value?>

    init<Object: AnyObject>(object: Object, keyPath: KeyPath<Object, Value>) {
        reader = LockedBox { [weak object] in object.map { $0[keyPath: keyPath] } }
    }

    /// The value at the key path, or `nil` once the object is gone.
    func read() -> Value? {
        reader.value()
    }
}

/// One run of `SignalProducer(observing:keyPath:on:)`: reads under tracking, and on a
/// change schedules the next read.
private final class ObservationRun<Value>: Sendable {
    let target: ObservationTarget<Value>
    let scheduler: any Scheduler
    let observer: Signal<Value, Never>.Observer
    let lifetime: Lifetime

    init(
        target: ObservationTarget<Value>, scheduler: any Scheduler,
        observer: Signal<Value, Never>.Observer, lifetime: Lifetime
    ) {
        self.target = target
        self.scheduler = scheduler
        self.observer = observer
        self.lifetime = lifetime
    }

    /// Reads and sends the value, tracking what the read touched; does nothing once the run
    /// ended or the object is gone.
    func readAndTrack() {
        guard !lifetime.hasEnded else { return }
        let value = withObservationTracking {
            target.read()
        } onChange: {
            // The object's registrar holds this closure (and so the run) until the next
            // change; the run holds the object weakly, so no cycle.
            self.changed()
        }
        if let value { observer.send(value: value) }
    }

    /// A tracked property is about to change: read again once the change is done.
    private func changed() {
        guard !lifetime.hasEnded else { return }
        // Not added to `lifetime` (it would grow with every change): the read checks it.
        scheduler.schedule { [self] in readAndTrack() }
    }
}
