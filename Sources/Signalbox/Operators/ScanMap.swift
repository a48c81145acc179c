extension Transforms {
    /// Carries a state from value to value and sends what `next` derives from each.
    static func scanMap<V, E, State, U>(
        into initial: State, _ next: @escaping (inout State, V) -> U
    ) -> EventTransform<V, E, U, E> {
        { downstream, _ in
            var state = initial
            return { event in
                switch event {
                case .value(let value): downstream(.value(next(&state, value)))
                case .failed(let error): downstream(.failed(error))
                case .completed: downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Carries a state through the values and sends, for each value, the output `next`
    /// derives from the state and the value. Each run starts from `initial`.
    ///
    /// ```swift
    /// prices.scanMap(0.0) { previous, price in (price, price - previous) }  // changes
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The state before the first value.
    ///   - next: Returns the new state and the output for a value.
    /// - Returns: A producer of the outputs.
    public func scanMap<State, U>(
        _ initial: State, _ next: @escaping (State, Value) -> (State, U)
    ) -> SignalProducer<U, Error> {
        lift(
            Transforms.scanMap(into: initial) { (state: inout State, value: Value) -> U in
                let (newState, output) = next(state, value)
                state = newState
                return output
            })
    }

    /// Carries a state through the values, updated in place by `next`, and sends the
    /// output it returns for each value. Each run starts from `initial`.
    ///
    /// - Parameters:
    ///   - initial: The state before the first value.
    ///   - next: Updates the state for a value and returns the output.
    /// - Returns: A producer of the outputs.
    public func scanMap<State, U>(
        into initial: State, _ next: @escaping (inout State, Value) -> U
    ) -> SignalProducer<U, Error> {
        lift(Transforms.scanMap(into: initial, next))
    }
}

extension Signal {
    /// Carries a state through the values and sends the output `next` derives for each;
    /// see `SignalProducer.scanMap(_:_:)`.
    ///
    /// - Parameters:
    ///   - initial: The state before the first value.
    ///   - next: Returns the new state and the output for a value.
    /// - Returns: A signal of the outputs.
    public func scanMap<State, U>(
        _ initial: State, _ next: @escaping (State, Value) -> (State, U)
    ) -> Signal<U, Error> {
        lift(
            Transforms.scanMap(into: initial) { (state: inout State, value: Value) -> U in
                let (newState, output) = next(state, value)
                state = newState
                return output
            })
    }

    /// Carries a state through the values, updated in place, and sends the output `next`
    /// returns for each; see `SignalProducer.scanMap(into:_:)`.
    ///
    /// - Parameters:
    ///   - initial: The state before the first value.
    ///   - next: Updates the state for a value and returns the output.
    /// - Returns: A signal of the outputs.
    public func scanMap<State, U>(
        into initial: State, _ next: @escaping (inout State, Value) -> U
    ) -> Signal<U, Error> {
        lift(Transforms.scanMap(into: initial, next))
    }
}
