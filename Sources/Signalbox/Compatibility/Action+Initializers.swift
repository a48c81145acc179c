extension Action {
    /// Creates an action whose runs see the current value of `state`, and which is enabled
    /// while `isEnabled(state.value)` holds and no run is in progress.
    ///
    /// The action keeps `state` (and the closures) alive. `execute` is called on the thread
    /// that starts the `apply` producer, with `state`'s value at that moment.
    ///
    /// ```swift
    /// let submit = Action(state: form, enabledIf: { $0.isComplete }) { form, _ in
    ///     service.submit(form)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - state: The property whose value each run receives.
    ///   - isEnabled: Decides from the state whether the action is enabled.
    ///   - execute: Creates the producer to run for the state and an input.
    public convenience init<State: PropertyProtocol>(
        state: State, enabledIf isEnabled: @escaping (State.Value) -> Bool,
        execute: @escaping (State.Value, Input) -> SignalProducer<Output, Error>
    ) {
        let state = Property(capturing: state)
        self.init(enabledIf: state.map(isEnabled)) { input in execute(state.value, input) }
    }

    /// Creates an action whose runs see the current value of `state`, enabled whenever no
    /// run is in progress; see `init(state:enabledIf:execute:)`.
    ///
    /// - Parameters:
    ///   - state: The property whose value each run receives.
    ///   - execute: Creates the producer to run for the state and an input.
    public convenience init<State: PropertyProtocol>(
        state: State, execute: @escaping (State.Value, Input) -> SignalProducer<Output, Error>
    ) {
        self.init(state: state, enabledIf: { _ in true }, execute: execute)
    }

    /// Creates an action that is enabled while `state` holds a value (not `nil`) and no run
    /// is in progress; each run receives the unwrapped value.
    ///
    /// - Parameters:
    ///   - state: The optional property whose value each run receives, unwrapped.
    ///   - execute: Creates the producer to run for the value and an input.
    public convenience init<State: PropertyProtocol, Wrapped>(
        unwrapping state: State,
        execute: @escaping (Wrapped, Input) -> SignalProducer<Output, Error>
    ) where State.Value == Wrapped? {
        // Enabled only while there is a value, so a run never sees `nil`; should the state
        // change between the check and the read, the run completes at once.
        let run = { (value: Wrapped?, input: Input) -> SignalProducer<Output, Error> in
            guard let value else { return .empty }
            return execute(value, input)
        }
        self.init(state: state, enabledIf: { $0 != nil }, execute: run)
    }

    /// Creates an action that is enabled while `state` holds a valid (or coerced) value and
    /// no run is in progress; each run receives the value the property stored.
    ///
    /// - Parameters:
    ///   - state: The validating property whose stored value each run receives.
    ///   - execute: Creates the producer to run for the value and an input.
    public convenience init<Value, ValidationError: Swift.Error>(
        validated state: ValidatingProperty<Value, ValidationError>,
        execute: @escaping (Value, Input) -> SignalProducer<Output, Error>
    ) {
        let run = {
            (result: ValidationResult<Value, ValidationError>, input: Input) -> SignalProducer<
                Output, Error
            > in
            guard let value = result.value else { return .empty }
            return execute(value, input)
        }
        self.init(state: state.result, enabledIf: { !$0.isInvalid }, execute: run)
    }
}

extension Action where Input == Void {
    /// Creates an action whose runs see the current value of `state`, enabled while
    /// `isEnabled(state.value)` holds and no run is in progress; see
    /// `init(state:enabledIf:execute:)`.
    ///
    /// - Parameters:
    ///   - state: The property whose value each run receives.
    ///   - isEnabled: Decides from the state whether the action is enabled.
    ///   - execute: Creates the producer to run for the state.
    public convenience init<State: PropertyProtocol>(
        state: State, enabledIf isEnabled: @escaping (State.Value) -> Bool,
        execute: @escaping (State.Value) -> SignalProducer<Output, Error>
    ) {
        self.init(state: state, enabledIf: isEnabled, execute: { value, _ in execute(value) })
    }

    /// Creates an action whose runs see the current value of `state`, enabled whenever no
    /// run is in progress.
    ///
    /// - Parameters:
    ///   - state: The property whose value each run receives.
    ///   - execute: Creates the producer to run for the state.
    public convenience init<State: PropertyProtocol>(
        state: State, execute: @escaping (State.Value) -> SignalProducer<Output, Error>
    ) {
        self.init(state: state, enabledIf: { _ in true }, execute: { value, _ in execute(value) })
    }

    /// Creates an action that is enabled while `state` is not `nil`; each run receives the
    /// unwrapped value. See `init(unwrapping:execute:)`.
    ///
    /// - Parameters:
    ///   - state: The optional property whose value each run receives, unwrapped.
    ///   - execute: Creates the producer to run for the value.
    public convenience init<State: PropertyProtocol, Wrapped>(
        unwrapping state: State, execute: @escaping (Wrapped) -> SignalProducer<Output, Error>
    ) where State.Value == Wrapped? {
        self.init(unwrapping: state) { (value: Wrapped, _: Void) in execute(value) }
    }

    /// Creates an action that is enabled while `state` holds a valid (or coerced) value;
    /// each run receives the stored value. See `init(validated:execute:)`.
    ///
    /// - Parameters:
    ///   - state: The validating property whose stored value each run receives.
    ///   - execute: Creates the producer to run for the value.
    public convenience init<Value, ValidationError: Swift.Error>(
        validated state: ValidatingProperty<Value, ValidationError>,
        execute: @escaping (Value) -> SignalProducer<Output, Error>
    ) {
        self.init(validated: state) { (value: Value, _: Void) in execute(value) }
    }
}

/// What happened to a value written to a `ValidatingProperty`: ReactiveSwift's name for
/// `ValidatingProperty.Result`.
public typealias ValidationResult<Value, ValidationError: Swift.Error> =
    ValidatingProperty<Value, ValidationError>.Result
