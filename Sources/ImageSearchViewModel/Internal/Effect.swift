import Signalbox

/// What one reducer step asks for besides its new state: producers of actions to start, and
/// running ones to cancel, each named by an `ID`.
///
/// Why effects are values: the reducer stays a pure function (state × action → state,
/// effect) that tests call without threads or time, and everything it sets in motion leaves
/// it as a producer that the ``ReducerStore`` starts. What a running effect sends comes back
/// to the reducer as actions, so a later step (a page arriving, a search failing) is one
/// more step of the same function — nothing is performed from a flag read in an observer.
///
/// The model is The Composable Architecture's `Effect` with `.cancellable(id:
/// cancelInFlight: true)` and `.cancel(id:)`: every effect here has an ID, and starting one
/// cancels the effect running under the same ID.
struct Effect<Action, ID: Hashable> {
    /// One thing for the store to do.
    enum Operation {
        /// Start the producer, first cancelling the effect running under the same ID; its
        /// values are the actions fed back. It must deliver them on the store's scheduler.
        case run(ID, SignalProducer<Action, Never>)
        /// Cancel (dispose) the effect running under this ID, if any.
        case cancel(ID)
    }

    /// What to do, in order.
    var operations: [Operation] = []

    /// Nothing to do.
    static var none: Effect { Effect() }

    /// Starts `producer` under `id`, replacing the effect running under it.
    static func run(_ id: ID, _ producer: SignalProducer<Action, Never>) -> Effect {
        Effect(operations: [.run(id, producer)])
    }

    /// Cancels the effect running under `id`.
    static func cancel(_ id: ID) -> Effect {
        Effect(operations: [.cancel(id)])
    }

    /// This effect's operations followed by `other`'s.
    func merge(with other: Effect) -> Effect {
        Effect(operations: operations + other.operations)
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

    /// The producer this effect starts under `id`, if it starts one.
    func producer(for id: ID) -> SignalProducer<Action, Never>? {
        for case .run(let runID, let producer) in operations.reversed() where runID == id {
            return producer
        }
        return nil
    }
}
