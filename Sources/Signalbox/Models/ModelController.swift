import Foundation
import SignalboxLocks

/// Loads one piece of data on request and publishes its ``LoadState``: the reactive form of
/// a "model controller" that tells its view "updating / updated / failed" for any data type.
///
/// Why: each screen that loads something needs the same three things — a state to render,
/// a command to (re)load that cannot run twice at once, and a way to stop. Written by hand
/// per screen they drift apart; here they come from one type built on ``Action`` (the
/// in-flight guard) and ``Property`` (the observable state).
///
/// ```swift
/// let forecast = ModelController(scheduler: QueueScheduler.main) {
///     network.send(ForecastRequest(city: "Oslo"))
/// }
/// forecast.state.producer.startWithValues { render($0) }
/// forecast.refresh.apply().start()   // .updating(previous: nil), then .updated(…)
/// ```
///
/// Contract:
/// - ``state`` starts ``LoadState/idle`` and changes only on `scheduler`, in the order the
///   load's events happened: ``LoadState/updating(previous:)`` when a refresh starts, then
///   ``LoadState/updated(_:)`` for each value, or ``LoadState/failed(_:previous:)``.
/// - ``refresh`` starts `load` once per application; applied while a load is in flight it
///   fails with ``ActionError/disabled`` and starts nothing. When the load ends (completed,
///   failed or cancelled), the action is free again.
/// - ``cancel()`` interrupts the load in flight (its producer's run is disposed, so a
///   network request is cancelled); `state` returns to what it was before the refresh
///   (`updated(previous)`, or `idle`). A load that completes without a value does the same.
/// - Events of a load that was cancelled never reach `state`, even if they were already on
///   their way to the scheduler.
/// - Thread-safe: `refresh` and `cancel()` may be used from any thread.
public final class ModelController<Value: Sendable, Failure: Error>: @unchecked Sendable {
    // Safety: `runs` is only touched under `lock`; `_state` is a lock-protected
    // `MutableProperty`, written only on `scheduler`.
    private let scheduler: any Scheduler
    private let _state = MutableProperty<LoadState<Value, Failure>>(.idle)
    private let lock = Lock()
    private var runs = Runs()

    /// The bookkeeping of loads: which one is in flight, which ended, which was cancelled.
    private struct Runs {
        /// The id of the latest load started (ids grow from 1).
        var latest = 0
        /// The load in flight and its disposable, once it is known.
        var inFlight: (id: Int, disposable: Disposable)?
        /// The latest load that ended by itself.
        var lastEnded = 0
        /// The latest load that was cancelled: its events, and older ones, are stale.
        var lastCancelled = 0
    }

    /// The state of the data, changing on the scheduler given to `init`.
    public let state: Property<LoadState<Value, Failure>>
    /// Loads the data; disabled while a load is in flight (the in-flight guard).
    public let refresh: Action<Void, Value, Failure>

    /// Creates a controller; nothing is loaded until ``refresh`` is applied.
    ///
    /// - Parameters:
    ///   - scheduler: Where ``state`` changes (the UI scheduler in an app, a
    ///     `TestScheduler` in tests).
    ///   - load: Makes the producer of one load, called once per refresh.
    public init(
        scheduler: any Scheduler, load: @escaping @Sendable () -> SignalProducer<Value, Failure>
    ) {
        self.scheduler = scheduler
        state = Property(capturing: _state)
        let box = WeakController<Value, Failure>()
        refresh = Action {
            SignalProducer { observer, lifetime in
                guard let controller = box.controller else {
                    observer.sendInterrupted()
                    return
                }
                controller.run(load(), into: observer, lifetime: lifetime)
            }
        }
        box.controller = self
    }

    /// Interrupts the load in flight, if any; see the type's contract.
    public func cancel() {
        let disposable = lock.withLock { () -> Disposable? in
            guard let inFlight = runs.inFlight else {
                // Started but its disposable is not known yet: mark it cancelled, and
                // `run` disposes it as soon as it is.
                if runs.latest > runs.lastEnded { runs.lastCancelled = runs.latest }
                return nil
            }
            runs.inFlight = nil
            runs.lastCancelled = inFlight.id
            return inFlight.disposable
        }
        // Queued before the disposal frees the action, so a refresh started right after
        // cannot have its `updating` undone by this.
        scheduler.schedule { [weak self] in self?.restoreAfterCancel() }
        disposable?.dispose()
    }

    /// Starts one load for `refresh`, reporting to the action's `observer` and to `state`.
    private func run(
        _ load: SignalProducer<Value, Failure>, into observer: Signal<Value, Failure>.Observer,
        lifetime: Lifetime
    ) {
        let id = lock.withLock { () -> Int in
            runs.latest += 1
            return runs.latest
        }
        let scheduler = self.scheduler
        scheduler.schedule { [weak self] in self?.apply(id) { .updating(previous: $0.value) } }
        let disposable = load.start { [weak self] event in
            switch event {
            case .value(let value):
                scheduler.schedule { self?.apply(id) { _ in .updated(value) } }
                observer.send(value: value)
            case .failed(let error):
                scheduler.schedule { self?.apply(id) { .failed(error, previous: $0.value) } }
                self?.ended(id)
                observer.send(error: error)
            case .completed:
                // Still `updating` when this runs means no value came: put the state back.
                scheduler.schedule {
                    self?.apply(id) { state in
                        guard case .updating(let previous) = state else { return nil }
                        return previous.map { .updated($0) } ?? .idle
                    }
                }
                self?.ended(id)
                observer.sendCompleted()
            case .interrupted:
                observer.sendInterrupted()
            }
        }
        let cancelledAlready = lock.withLock { () -> Bool in
            if runs.lastCancelled >= id { return true }
            if runs.lastEnded < id { runs.inFlight = (id, disposable) }
            return false
        }
        if cancelledAlready { disposable.dispose() }
        // Disposing the action's run (the disposable `refresh.apply().start()` returned)
        // cancels the load like `cancel()` does.
        lifetime.observeEnded { [weak self] in
            guard let self, self.lock.withLock({ self.runs.inFlight?.id == id }) else { return }
            self.cancel()
        }
    }

    /// Notes that load `id` ended by itself.
    private func ended(_ id: Int) {
        lock.withLock {
            runs.lastEnded = max(runs.lastEnded, id)
            if runs.inFlight?.id == id { runs.inFlight = nil }
        }
    }

    /// Applies `change` to the state unless load `id` was cancelled (`nil` from `change`:
    /// no change, nothing published); runs on the scheduler.
    private func apply(
        _ id: Int, _ change: (LoadState<Value, Failure>) -> LoadState<Value, Failure>?
    ) {
        guard lock.withLock({ id > runs.lastCancelled }) else { return }
        _state.modifyIfChanged { state in
            guard let new = change(state) else { return false }
            state = new
            return true
        }
    }

    /// Puts the state back after a cancellation; runs on the scheduler.
    private func restoreAfterCancel() {
        _state.modifyIfChanged { state in
            guard case .updating(let previous) = state else { return false }
            state = previous.map { .updated($0) } ?? .idle
            return true
        }
    }
}

/// Lets the `refresh` action, created before the controller is complete, reach it without
/// keeping it alive.
private final class WeakController<Value: Sendable, Failure: Error>: @unchecked Sendable {
    // Safety: `controller` is written once in the controller's `init`, before the action
    // can be applied, and only read afterwards.
    weak var controller: ModelController<Value, Failure>?
}
