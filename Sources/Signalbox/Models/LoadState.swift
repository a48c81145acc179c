/// Where a piece of data loaded from somewhere stands: what one screen shows while it
/// loads, once it has loaded, and when loading failed.
///
/// Why one generic enum instead of a delegate protocol per screen ("did start updating",
/// "did update", "did fail"): every screen that loads something goes through the same four
/// states, and keeping the previous value in the loading and failed states lets a screen
/// keep showing what it had (a list being refreshed, the last good data beside an error).
///
/// ```swift
/// switch controller.state.value {
/// case .idle: showPlaceholder()
/// case .updating(let previous): showSpinner(over: previous)
/// case .updated(let weather): show(weather)
/// case .failed(let error, let previous): show(error, over: previous)
/// }
/// ```
public enum LoadState<Value, Failure: Error> {
    /// Nothing was asked for yet.
    case idle
    /// A load is in flight; `previous` is the last value loaded, if any.
    case updating(previous: Value?)
    /// The latest load produced this value.
    case updated(Value)
    /// The latest load failed; `previous` is the last value loaded, if any.
    case failed(Failure, previous: Value?)

    /// The value to show: the one just loaded, or the previous one while updating or after
    /// a failure; `nil` when nothing has loaded yet.
    public var value: Value? {
        switch self {
        case .idle: return nil
        case .updating(let previous): return previous
        case .updated(let value): return value
        case .failed(_, let previous): return previous
        }
    }

    /// Whether a load is in flight.
    public var isUpdating: Bool {
        if case .updating = self { return true }
        return false
    }

    /// The error of the latest load, if it failed.
    public var error: Failure? {
        if case .failed(let error, _) = self { return error }
        return nil
    }
}

extension LoadState: Equatable where Value: Equatable, Failure: Equatable {}
extension LoadState: Hashable where Value: Hashable, Failure: Hashable {}
extension LoadState: Sendable where Value: Sendable, Failure: Sendable {}
