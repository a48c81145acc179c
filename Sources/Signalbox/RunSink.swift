/// Where one run of a producer (or one operator of it) delivers its events.
///
/// Two entrances lead to the same receiver: `event` takes any event, and the optional
/// `value` path takes values with no `Event` wrapped around them. Operators that only
/// transform values (`map`, `filter`, `compactMap`, `attemptMap`) and the final
/// `startWithValues` closure offer the value path, so a value crosses such a chain as plain
/// function calls; every other operator receives events. `send(value: v)` always behaves
/// exactly as `event(.value(v))`.
@usableFromInline
struct RunSink<Value, Error: Swift.Error> {
    /// Receives values; only meaningful when `hasValuePath` is true.
    @usableFromInline let value: (Value) -> Void
    /// Whether `value` leads to the receiver. (A flag rather than an optional closure: calling
    /// an unwrapped optional closure copies it, a retain and release per value.)
    @usableFromInline let hasValuePath: Bool
    /// Receives every event (values too, when there is no value path).
    @usableFromInline let event: (Event<Value, Error>) -> Void

    /// A sink with only the event path.
    @inlinable
    init(event: @escaping (Event<Value, Error>) -> Void) {
        value = { _ in }
        hasValuePath = false
        self.event = event
    }

    /// A sink with a value path; `event` must treat `.value` the same way.
    @inlinable
    init(value: @escaping (Value) -> Void, event: @escaping (Event<Value, Error>) -> Void) {
        self.value = value
        hasValuePath = true
        self.event = event
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
