/// A type that is, or can be viewed as, a `Signal`: the home of the `Signal<Value, Error>.Event`
/// spelling.
///
/// `Signal` conforms; other types rarely need to. The protocol exists so that the event type
/// can be spelled as a member of the signal, `Signal<Int, Never>.Event`, as ReactiveSwift code
/// does, while the event type itself stays the top-level `Event<Value, Error>` that the rest of
/// Signalbox uses. (A typealias declared inside `Signal` would shadow the generic `Event` in
/// every `Signal` extension; a protocol extension's typealias does not.)
public protocol SignalProtocol<Value, Error> {
    /// The type of values the signal sends.
    associatedtype Value
    /// The type of error the signal can fail with.
    associatedtype Error: Swift.Error

    /// The signal itself.
    var signal: Signal<Value, Error> { get }
}

extension SignalProtocol {
    /// The type of the events of this signal: `Event<Value, Error>`.
    ///
    /// `Signal<Int, Never>.Event` and `Event<Int, Never>` are the same type.
    public typealias Event = Signalbox.Event<Value, Error>
}

extension Signal: SignalProtocol {
    /// The signal itself; present for `SignalProtocol`.
    public var signal: Signal<Value, Error> { self }
}
