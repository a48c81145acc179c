/// One occurrence in a stream: a value, or the terminal event that ends the stream.
///
/// Every stream in Signalbox follows one grammar: `value* (failed | completed | interrupted)?`.
/// After a terminal event (`failed`, `completed` or `interrupted`) nothing more is delivered,
/// on any thread.
public enum Event<Value, Error: Swift.Error> {
    /// A value produced by the stream.
    case value(Value)
    /// The stream failed with an error; terminal.
    case failed(Error)
    /// The stream finished normally; terminal.
    case completed
    /// The stream was cancelled (its run was disposed) before it finished; terminal.
    case interrupted

    /// Whether this event ends the stream.
    @inlinable
    public var isTerminating: Bool {
        if case .value = self { return false }
        return true
    }

    /// Whether this is `.completed`.
    @inlinable
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// The value carried by a `.value` event, otherwise `nil`.
    @inlinable
    public var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// The error carried by a `.failed` event, otherwise `nil`.
    @inlinable
    public var error: Error? {
        if case .failed(let error) = self { return error }
        return nil
    }

    /// Transforms the value of a `.value` event; terminal events pass through unchanged.
    ///
    /// - Parameter transform: Applied to the carried value.
    /// - Returns: The event with its value transformed.
    @inlinable
    public func map<U>(_ transform: (Value) -> U) -> Event<U, Error> {
        switch self {
        case .value(let value): return .value(transform(value))
        case .failed(let error): return .failed(error)
        case .completed: return .completed
        case .interrupted: return .interrupted
        }
    }

    /// Transforms the error of a `.failed` event; other events pass through unchanged.
    ///
    /// - Parameter transform: Applied to the carried error.
    /// - Returns: The event with its error transformed.
    @inlinable
    public func mapError<F>(_ transform: (Error) -> F) -> Event<Value, F> {
        switch self {
        case .value(let value): return .value(value)
        case .failed(let error): return .failed(transform(error))
        case .completed: return .completed
        case .interrupted: return .interrupted
        }
    }
}

extension Event: Sendable where Value: Sendable, Error: Sendable {}
extension Event: Equatable where Value: Equatable, Error: Equatable {}

extension Event: CustomStringConvertible {
    /// ReactiveSwift's form: `VALUE 1`, `FAILED timedOut`, `COMPLETED` or `INTERRUPTED`
    /// (what `materialize()` and `logEvents()` print).
    public var description: String {
        switch self {
        case .value(let value): return "VALUE \(value)"
        case .failed(let error): return "FAILED \(error)"
        case .completed: return "COMPLETED"
        case .interrupted: return "INTERRUPTED"
        }
    }
}
