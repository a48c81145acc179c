/// A read-only view of a changing value.
///
/// View models expose their state as `Property` (backed by a private `MutableProperty`),
/// so front ends can read and observe but not write.
///
/// ```swift
/// private let _searching = MutableProperty(false)
/// public let searching: Property<Bool>  // = Property(capturing: _searching) in init
/// ```
///
/// There are three kinds, as in ReactiveSwift:
/// - **Constant**, made by `init(value:)`: its `producer` sends the value and completes, its
///   `signal` has already ended (an observer receives `.interrupted` at once).
/// - **Existential**, made by `init(capturing:)`: passes everything through to the
///   property it wraps, which it keeps alive.
/// - **Composed**, made by `init(_:)`, `init(initial:then:)` and the operators (`map`,
///   `combineLatest(with:)`, `zip(with:)`, `skipRepeats`, `filter(initial:_:)`, `flatMap`,
///   the Boolean ones): a view of its sources that does **not** keep them alive. Its
///   `producer` and `signal` follow the sources, not the composed property: they go on
///   after the property itself is gone (a temporary `a.map(f)` handed to `flatMap` keeps
///   sending), and complete when the sources have ended (a source deinitialised). Once a
///   source is gone, `value` keeps the last value.
///
/// A composed property starts observing its sources when it is made; it stops when it,
/// every producer made from it and every observer of its `signal` are gone.
@propertyWrapper
public final class Property<Value>: PropertyProtocol, @unchecked Sendable {
    // Safety: every stored property is immutable; the state lives in the wrapped property
    // or the `PropertyBox`, both lock-protected.

    /// Where the value comes from.
    private enum Source {
        /// A constant and its (ended) signal.
        case constant(Value, Signal<Value, Never>)
        /// The wrapped property.
        case captured(any PropertyProtocol<Value>)
        /// The composed property's storage.
        case composed(PropertyBox<Value>)
    }

    private let source: Source
    /// Ends this property's lifetime when it deinitialises (not for an existential one,
    /// whose lifetime is the wrapped property's).
    private let token: Lifetime.Token?

    /// Ends when the property deinitialises; an existential property's ends when the
    /// property it wraps does.
    public let lifetime: Lifetime

    /// A property that always holds `value`. Its `producer` sends the value and completes;
    /// its `signal` has already ended, so an observer receives `.interrupted` at once (as in
    /// ReactiveSwift).
    ///
    /// - Parameter value: The constant value.
    public init(value: Value) {
        source = .constant(value, .empty)
        let (lifetime, token) = Lifetime.make()
        self.lifetime = lifetime
        self.token = token
    }

    /// A read-only view of `property`, which it keeps alive: `value`, `producer`, `signal`
    /// and `lifetime` are the wrapped property's (an *existential* property).
    ///
    /// - Parameter property: The property to wrap.
    public init<P: PropertyProtocol>(capturing property: P) where P.Value == Value {
        source = .captured(property)
        lifetime = property.lifetime
        token = nil
    }

    /// A composed property reflecting `property`, which it does not keep alive: it holds
    /// `property`'s values, and its `producer` and `signal` complete when `property`
    /// deinitialises.
    ///
    /// ```swift
    /// private let _count = MutableProperty(0)
    /// public var count: Property<Int> { Property(_count) }
    /// ```
    ///
    /// - Parameter property: The property to reflect.
    public convenience init<P: PropertyProtocol>(_ property: P) where P.Value == Value {
        self.init(composing: property.producer) { property.value }
    }

    /// A composed property that starts at `initial` and then takes each value of `values`,
    /// which it starts at once (and stops when the property, its producers and its
    /// signal's observers are gone).
    ///
    /// When `values` ends, however it ends (completed or interrupted), the property keeps
    /// its last value and its `producer` and `signal` complete.
    ///
    /// - Parameters:
    ///   - initial: The value until `values` sends one.
    ///   - values: The later values. A value sent synchronously when `values` starts
    ///     replaces `initial` at once.
    public convenience init(initial: Value, then values: SignalProducer<Value, Never>) {
        self.init(composing: values) { initial }
    }

    /// A composed property that starts at `initial` and then takes each value of `values`;
    /// see `init(initial:then:)` with a producer.
    ///
    /// - Parameters:
    ///   - initial: The value until `values` sends one.
    ///   - values: The later values; the property completes with the signal.
    public convenience init(initial: Value, then values: Signal<Value, Never>) {
        self.init(initial: initial, then: SignalProducer(values))
    }

    /// A composed property holding the latest value of `values`, a producer that sends its
    /// first value when started (a property's producer, or an operator over such
    /// producers); `fallback` makes the initial value if it does not. (`fallback` is not
    /// called otherwise, so a derived property's transform runs once per value.)
    init(composing values: SignalProducer<Value, Never>, otherwise fallback: () -> Value) {
        let relay = Signal<Value, Never>(core: SignalCore.make())
        let upstream = PropertyUpstream(relay: relay.core)
        let run = values.start { upstream.receive($0) }
        let box = upstream.makeBox(relay: relay, otherwise: fallback)
        // The relay's lifetime keeps the run: abandoned (nobody can observe it any more),
        // or ended with its upstream, the relay disposes it.
        relay.core.lifetime += run
        source = .composed(box)
        let (lifetime, token) = Lifetime.make()
        self.lifetime = lifetime
        self.token = token
    }

    /// The current value. Reading it inside `withObservationTracking` (or a SwiftUI `body`)
    /// tracks it: see `Property+Observation.swift`.
    public var value: Value {
        switch source {
        case .constant(let value, _): return value
        case .captured(let property): return property.value
        case .composed(let box): return box.value
        }
    }

    /// Sends the current value, then every change; completes when the sources have ended
    /// (a constant property completes after its value). It holds the property's storage,
    /// not the property: a run goes on after the property is gone.
    public var producer: SignalProducer<Value, Never> {
        switch source {
        case .constant(let value, _):
            return SignalProducer(value: value)
        case .captured(let property):
            return property.producer
        case .composed(let box):
            return SignalProducer { observer, lifetime in box.attach(observer, lifetime) }
        }
    }

    /// Sends every change; completes when the sources have ended. A constant property's
    /// signal has already ended: an observer receives `.interrupted` at once.
    public var signal: Signal<Value, Never> {
        switch source {
        case .constant(_, let signal): return signal
        case .captured(let property): return property.signal
        case .composed(let box): return box.relay
        }
    }

    /// The current value, for `@Property var name: Value` (same contract as `value`).
    public var wrappedValue: Value { value }

    /// The property itself, for `$name` of a `@Property var name`: its `producer` and
    /// `signal`.
    public var projectedValue: Property<Value> { self }
}
