/// What a signal's input observer sends into: its core, which it interrupts when the input
/// observer is released (only the input could send into it, so nothing ever will again).
@usableFromInline
final class SignalInput<Value, Error: Swift.Error>: Sendable {
    @usableFromInline let core: SignalCore<Value, Error>

    @inlinable
    init(_ core: SignalCore<Value, Error>) {
        self.core = core
    }

    /// Creates the input observer of `core`.
    @inlinable
    static func observer(of core: SignalCore<Value, Error>) -> Signal<Value, Error>.Observer {
        let input = SignalInput(core)
        return Signal<Value, Error>.Observer { [input] event in input.core.deliver(event) }
    }

    deinit {
        // Released with the input observer's callback: after the terminal event it delivered
        // (then the core ignores this), or with an observer that never terminated.
        core.deliver(.interrupted)
    }
}
