/// Where one run of a producer (or one operator of it) delivers its events.
///
/// Two entrances lead to the same receiver: `event` takes any event, and, when
/// `hasValuePath` is true, `value` takes values with no `Event` wrapped around them.
/// Operators that only transform values (`map`, `filter`, `compactMap`, `attemptMap`) and
/// the closure given to `start` or `startWithValues` offer the value path, so a value
/// crosses such a chain as plain function calls; every other operator receives events.
/// `send(value: v)` always behaves exactly as `event(.value(v))`.
///
/// A `filter`'s sink also describes itself (`isFilter`, `predicate`, `passed`), so that the
/// operator or source right before it can test the predicate itself and call `passed`
/// directly: one closure call per value fewer for the common `map { … }.filter { … }`.
@usableFromInline
struct RunSink<Value, Error: Swift.Error> {
    /// Receives values; only meaningful when `hasValuePath` is true.
    @usableFromInline let value: (Value) -> Void
    /// Whether `value` leads to the receiver. (A flag rather than an optional closure: calling
    /// an unwrapped optional closure copies it, a retain and release per value.)
    @usableFromInline let hasValuePath: Bool
    /// Receives every event (values too, when there is no value path).
    @usableFromInline let event: (Event<Value, Error>) -> Void
    /// Whether the value path is `if predicate(v) { passed(v) }`, so a sender may run that
    /// itself instead of calling `value`.
    @usableFromInline let isFilter: Bool
    /// The filter's predicate; only meaningful when `isFilter` is true.
    @usableFromInline let predicate: (Value) -> Bool
    /// Where the filter sends the values that pass; only meaningful when `isFilter` is true.
    @usableFromInline let passed: (Value) -> Void

    /// A sink with only the event path.
    @inlinable
    init(event: @escaping (Event<Value, Error>) -> Void) {
        self.init(value: { _ in }, hasValuePath: false, event: event)
    }

    /// A sink with a value path; `event` must treat `.value` the same way.
    @inlinable
    init(value: @escaping (Value) -> Void, event: @escaping (Event<Value, Error>) -> Void) {
        self.init(value: value, hasValuePath: true, event: event)
    }

    @inlinable
    init(
        value: @escaping (Value) -> Void, hasValuePath: Bool,
        event: @escaping (Event<Value, Error>) -> Void
    ) {
        self.value = value
        self.hasValuePath = hasValuePath
        self.event = event
        isFilter = false
        predicate = { _ in true }
        passed = { _ in }
    }

    /// The sink of a filter: values that satisfy `predicate` go on to `passed`.
    @inlinable
    init(
        filter predicate: @escaping (Value) -> Bool, passed: @escaping (Value) -> Void,
        event: @escaping (Event<Value, Error>) -> Void
    ) {
        value = { if predicate($0) { passed($0) } }
        hasValuePath = true
        self.event = event
        isFilter = true
        self.predicate = predicate
        self.passed = passed
    }

    /// A closure that delivers `transform(input)`, testing a downstream filter's predicate
    /// in the same call when there is one.
    @inlinable
    func sending<Input>(_ transform: @escaping (Input) -> Value) -> (Input) -> Void {
        if isFilter {
            let predicate = self.predicate
            let passed = self.passed
            return { input in
                let output = transform(input)
                if predicate(output) { passed(output) }
            }
        }
        let send = valuePath
        return { send(transform($0)) }
    }

    /// A closure that delivers a value: the value path, or the event path wrapped.
    ///
    /// Resolve it once and call it per value, rather than `send(value:)`, when one sender
    /// sends many values.
    @inlinable
    var valuePath: (Value) -> Void {
        if hasValuePath { return value }
        let event = self.event
        return { event(.value($0)) }
    }

    /// Delivers a value through the value path if there is one.
    @inlinable @inline(__always)
    func send(value delivered: Value) {
        if hasValuePath {
            value(delivered)
        } else {
            event(.value(delivered))
        }
    }
}
