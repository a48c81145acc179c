/// Runs one producer at a time, on demand, and reports its state and results.
///
/// An action is the in-flight guard of a view model: while it executes, `apply` fails with
/// `ActionError.disabled` instead of starting a second run, so "load the next page" cannot
/// be requested twice while a request is running.
///
/// ```swift
/// let refresh = Action<Void, [Item], NetworkError> { service.fetchItems() }
/// refresh.values.observeValues { items in … }
/// refresh.apply().start()
/// refresh.apply().start()  // Fails with .disabled: the first run is still executing.
/// ```
///
/// `isExecuting` and `isEnabled` change on the thread that starts or finishes a run (or
/// changes the condition); observe them `on` a scheduler to hop to a UI thread. Their
/// `Observation` change handlers run once that thread holds no lock of the library, so a
/// handler may hop synchronously to a queue that applies the action.
public final class Action<Input, Output, Error: Swift.Error>: @unchecked Sendable {
    // Safety: the mutable state lives in `state` (a `MutableProperty`) and in signals, which
    // are lock-protected; everything else is immutable.
    private let execute: (Input) -> SignalProducer<Output, Error>
    /// The condition, kept alive with the action (as ReactiveSwift keeps its state property).
    private let enabledIf: Property<Bool>
    /// The condition's latest value and whether a run is in progress, changed atomically:
    /// `apply` reads and writes them in one step, and `isEnabled`/`isExecuting` derive from
    /// them.
    private let state: MutableProperty<ActionState>
    private let eventsInput: Signal<Event<Output, Error>, Never>.Observer

    /// Whether a run is in progress.
    public let isExecuting: Property<Bool>

    /// Whether `apply` would start a run now: the `enabledIf` condition holds and no run is
    /// in progress.
    public let isEnabled: Property<Bool>

    /// Every event of every run.
    public let events: Signal<Event<Output, Error>, Never>

    /// The values of every run.
    public let values: Signal<Output, Never>

    /// The errors of runs that failed.
    public let errors: Signal<Error, Never>

    /// Sends `()` whenever a run completes.
    public let completed: Signal<Void, Never>

    /// Sends `()` whenever `apply`'s producer is started while the action is disabled, on
    /// the thread that started it, right after that run failed with `ActionError.disabled`.
    /// Completes when the action is deinitialised.
    public let disabledErrors: Signal<Void, Never>
    private let disabledErrorsInput: Signal<Void, Never>.Observer

    /// Creates an action that is enabled while `enabledIf` holds `true` and no run is in
    /// progress. The action keeps `enabledIf` alive.
    ///
    /// - Parameters:
    ///   - enabledIf: The condition, besides not executing, for the action to be enabled.
    ///   - execute: Creates the producer to run for an input.
    public init<P: PropertyProtocol>(
        enabledIf: P, execute: @escaping (Input) -> SignalProducer<Output, Error>
    ) where P.Value == Bool {
        self.execute = execute
        self.enabledIf = Property(capturing: enabledIf)
        let state = MutableProperty(ActionState(isUserEnabled: enabledIf.value))
        self.state = state
        // The condition's producer sends its current value, then its changes: none is
        // missed between reading the value above and observing.
        state.lifetime += enabledIf.producer.startWithValues { [weak state] isUserEnabled in
            state?.modifyIfChanged { state in
                guard state.isUserEnabled != isUserEnabled else { return false }
                state.isUserEnabled = isUserEnabled
                return true
            }
        }
        isExecuting = Property(composing: state.producer.map(\.isExecuting).skipRepeats()) {
            false
        }
        isEnabled = Property(composing: state.producer.map(\.isEnabled).skipRepeats()) {
            enabledIf.value
        }
        (events, eventsInput) = Signal<Event<Output, Error>, Never>.pipe()
        values = events.compactMap { $0.value }
        errors = events.compactMap { $0.error }
        completed = events.compactMap { $0.isCompleted ? () : nil }
        (disabledErrors, disabledErrorsInput) = Signal<Void, Never>.pipe()
    }

    /// Creates an action that is enabled whenever no run is in progress.
    ///
    /// - Parameter execute: Creates the producer to run for an input.
    public convenience init(execute: @escaping (Input) -> SignalProducer<Output, Error>) {
        self.init(enabledIf: Property(value: true), execute: execute)
    }

    deinit {
        eventsInput.sendCompleted()
        disabledErrorsInput.sendCompleted()
    }

    /// A producer that, when started, runs the action with `input`.
    ///
    /// Starting it while the action is disabled fails at once with `.disabled` and does not
    /// create the underlying producer. Otherwise the action is executing until the run ends
    /// (its events are forwarded, then sent on `events`); disposing the run interrupts the
    /// underlying producer and ends the execution.
    ///
    /// - Parameter input: The input for `execute`.
    /// - Returns: The values of the run, failing with `.producerFailed` or `.disabled`.
    public func apply(_ input: Input) -> SignalProducer<Output, ActionError<Error>> {
        SignalProducer { [weak self] observer, lifetime in
            guard let self else {
                observer.send(error: .disabled)
                return
            }
            let state = self.state
            let started = state.modifyIfChanged { state -> Bool in
                guard state.isEnabled else { return false }
                state.isExecuting = true
                return true
            }
            guard started else {
                observer.send(error: .disabled)
                self.disabledErrorsInput.send(value: ())
                return
            }
            // The execution ends with the run, however it ends.
            lifetime.observeEnded {
                state.modifyIfChanged { state in
                    state.isExecuting = false
                    return true
                }
            }
            let eventsInput = self.eventsInput
            lifetime += self.execute(input).start { event in
                switch event {
                case .value(let value): observer.send(value: value)
                case .failed(let error): observer.send(error: .producerFailed(error))
                case .completed: observer.sendCompleted()
                case .interrupted: observer.sendInterrupted()
                }
                eventsInput.send(value: event)
            }
        }
    }
}

/// An action's condition and execution, changed together (see `Action.state`).
private struct ActionState {
    /// The latest value of the `enabledIf` condition.
    var isUserEnabled: Bool
    /// Whether a run is in progress.
    var isExecuting = false

    /// Whether `apply` may start a run.
    var isEnabled: Bool { isUserEnabled && !isExecuting }
}

extension Action where Input == Void {
    /// A producer that runs the action; see `apply(_:)`.
    ///
    /// - Returns: The values of the run.
    public func apply() -> SignalProducer<Output, ActionError<Error>> {
        apply(())
    }
}

/// Why an `Action`'s run failed.
public enum ActionError<Error: Swift.Error>: Swift.Error {
    /// The action was not enabled (disabled by its condition, or already executing).
    case disabled
    /// The action's producer failed with this error.
    case producerFailed(Error)
}

extension ActionError: Equatable where Error: Equatable {}
extension ActionError: Sendable where Error: Sendable {}

extension ActionError: CustomStringConvertible {
    /// `disabled`, or `producerFailed(…)` with the underlying error, as ReactiveSwift prints
    /// them (it uses Swift's default form of an enum case).
    public var description: String {
        switch self {
        case .disabled: return "disabled"
        case .producerFailed(let error): return "producerFailed(\(String(reflecting: error)))"
        }
    }
}
