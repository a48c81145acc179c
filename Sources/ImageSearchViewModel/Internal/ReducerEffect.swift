import Signalbox

/// What one reducer step asks for besides its new state: producers of actions to start, and
/// running ones to cancel, each named by an `ID`.
///
/// Why effects are values: the reducer stays a pure function (state × action → state,
/// effect) that tests call without threads or time, and everything it sets in motion leaves
/// it as a producer that the ``ReducerStore`` (or a test's `TestStore`) starts. What a
/// running effect sends comes back to the reducer as actions, so a later step (a page
/// arriving, a search failing) is one more step of the same function.
///
/// The model is The Composable Architecture's `Effect` with `.cancellable(id:
/// cancelInFlight: true)` and `.cancel(id:)`: every effect here has an ID, and starting one
/// cancels the effect running under the same ID. An effect that must follow the state (a
/// search whose next page is asked for by a later step) says so
/// (``run(_:following:)``): whoever runs it hands it the state, so the reducer reads no
/// store through a side door.
struct ReducerEffect<State, Action, ID: Hashable> {
    /// One thing to do.
    enum Operation {
        /// Start the producer made from the state (its current value, then every change),
        /// first cancelling the effect running under the same ID; its values are the actions
        /// fed back. It must deliver them on the store's scheduler.
        case run(ID, (SignalProducer<State, Never>) -> SignalProducer<Action, Never>)
        /// Cancel (dispose) the effect running under this ID, if any.
        case cancel(ID)
    }

    /// What to do, in order.
    var operations: [Operation] = []

    /// Nothing to do.
    static var none: ReducerEffect { ReducerEffect() }

    /// Starts `producer` under `id`, replacing the effect running under it.
    static func run(_ id: ID, _ producer: SignalProducer<Action, Never>) -> ReducerEffect {
        ReducerEffect(operations: [.run(id, { _ in producer })])
    }

    /// Starts the producer `make` builds from the state (its current value, then every
    /// change) under `id`, replacing the effect running under it.
    static func run(
        _ id: ID,
        following make: @escaping (SignalProducer<State, Never>) -> SignalProducer<Action, Never>
    ) -> ReducerEffect {
        ReducerEffect(operations: [.run(id, make)])
    }

    /// Cancels the effect running under `id`.
    static func cancel(_ id: ID) -> ReducerEffect {
        ReducerEffect(operations: [.cancel(id)])
    }

    /// This effect's operations followed by `other`'s.
    func merge(with other: ReducerEffect) -> ReducerEffect {
        ReducerEffect(operations: operations + other.operations)
    }

    /// The IDs this effect starts, in order (for tests and logs).
    var started: [ID] {
        operations.compactMap { operation in
            if case .run(let id, _) = operation { return id }
            return nil
        }
    }

    /// The IDs this effect cancels without starting anew, in order.
    var cancelled: [ID] {
        operations.compactMap { operation in
            if case .cancel(let id) = operation { return id }
            return nil
        }
    }
}
