import Signalbox
import SignalboxLocks

/// Runs a reducer on a scheduler: one state, actions in, effects started, their actions fed
/// back.
///
/// This is the small "store" of The Composable Architecture, written with the library's own
/// types: the state is a `MutableProperty` (so it is published as a `Property`), effects are
/// producers, and a running effect is a `Disposable` kept under its ID.
///
/// Contract:
/// - ``send(_:)`` is the one way in: it may be called from any thread, and the action is
///   reduced on the scheduler. The actions that effects feed back arrive on the scheduler
///   and are reduced as they arrive, without another hop; nothing else reaches the reducer.
/// - Actions are reduced one at a time, in the order they arrive. One that arrives while
///   another is being reduced or published (from an observer of ``state``, or sent
///   synchronously by an effect as it starts) is reduced right after it.
/// - After each action the new state is published (``state`` changes and its observers run),
///   then the effect is performed, operation by operation.
/// - An effect must deliver its actions on the scheduler (`observe(on:)`): they are reduced
///   as they arrive, without another hop.
/// - ``cancelEffects()`` (and `deinit`) dispose every running effect; actions that arrive
///   afterwards are dropped and no effect starts again.
final class ReducerStore<State, Action, ID: Hashable>: @unchecked Sendable {
    // Safety: the mutable state is in the `Atomic` box `running` and in the lock-protected
    // `MutableProperty` `current`, written only by the thread that drains `inbox` (a
    // `DrainQueue`: one drain at a time); `reduce` and `scheduler` are immutable.
    private let current: MutableProperty<State>
    private let scheduler: any Scheduler
    private let reduce: (inout State, Action) -> ReducerEffect<State, Action, ID>
    /// The actions waiting to be reduced, reduced one at a time by the thread that drains
    /// (each with the store that receives it, so that the queue needs no reference back).
    private let inbox = DrainQueue<(store: ReducerStore, action: Action)> { received in
        received.store.reduceNow(received.action)
    }
    private let running = Atomic(Running())
    private let token: Lifetime.Token

    /// The effects started and not cancelled, by ID.
    private struct Running {
        var effects: [ID: Disposable] = [:]
        var ended = false
    }

    /// The state, changing on the scheduler once per action.
    let state: Property<State>
    /// Ends when the store is deinitialised (bindings into it end then).
    let lifetime: Lifetime

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - state: Holds the initial state; the store writes every later one into it.
    ///   - scheduler: Where actions are reduced and the state changes.
    ///   - reduce: The reducer: changes the state for an action, returns the effect.
    init(
        state: MutableProperty<State>, scheduler: any Scheduler,
        reduce: @escaping (inout State, Action) -> ReducerEffect<State, Action, ID>
    ) {
        current = state
        self.state = Property(capturing: state)
        self.scheduler = scheduler
        self.reduce = reduce
        (lifetime, token) = Lifetime.make()
    }

    deinit {
        cancelEffects()
    }

    /// Reduces `action` on the scheduler.
    ///
    /// - Parameter action: What happened.
    func send(_ action: Action) {
        scheduler.schedule { [weak self] in self?.feedBack(action) }
    }

    /// Reduces `action` now, or right after the action being reduced: an action an effect
    /// delivered (on the scheduler), or one `send` brought there.
    private func feedBack(_ action: Action) {
        inbox.send((self, action))
    }

    /// Reduces `action` and performs its effect; called by the thread draining the inbox.
    private func reduceNow(_ action: Action) {
        guard !running.withValue({ $0.ended }) else { return }
        let effect = current.modify { reduce(&$0, action) }
        perform(effect)
    }

    /// Disposes every running effect; no effect starts afterwards.
    func cancelEffects() {
        let effects = running.modify { running -> [Disposable] in
            running.ended = true
            defer { running.effects = [:] }
            return Array(running.effects.values)
        }
        for effect in effects { effect.dispose() }
    }

    private func perform(_ effect: ReducerEffect<State, Action, ID>) {
        for operation in effect.operations {
            switch operation {
            case .cancel(let id):
                running.modify { $0.effects.removeValue(forKey: id) }?.dispose()
            case .run(let id, let make):
                running.modify { $0.effects.removeValue(forKey: id) }?.dispose()
                guard !running.withValue({ $0.ended }) else { return }
                let run = make(state.producer).startWithValues { [weak self] in
                    self?.feedBack($0)
                }
                let replaced = running.modify { running -> Disposable? in
                    guard !running.ended else { return run }
                    defer { running.effects[id] = run }
                    return running.effects[id]
                }
                replaced?.dispose()
            }
        }
    }
}

extension ReducerStore: BindingTargetProvider {
    /// Sends each bound value as an action (`store <~ producer`); bindings end with the store.
    var bindingTarget: BindingTarget<Action> {
        BindingTarget(lifetime: lifetime) { [weak self] in self?.send($0) }
    }
}
