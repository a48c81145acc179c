/// A type that is an `Event`, so that `dematerialize()` can name its parts.
public protocol EventProtocol<Value, Error> {
    /// The value type of the event.
    associatedtype Value
    /// The error type of the event.
    associatedtype Error: Swift.Error
    /// The event itself.
    var event: Event<Value, Error> { get }
}

extension Event: EventProtocol {
    /// The event itself.
    public var event: Event<Value, Error> { self }
}

extension Transforms {
    static func materialize<V, E>() -> EventTransform<V, E, Event<V, E>, Never> {
        { downstream, _ in
            { event in
                downstream(.value(event))
                if event.isTerminating { downstream(.completed) }
            }
        }
    }

    static func dematerialize<V: EventProtocol>() -> EventTransform<V, Never, V.Value, V.Error> {
        { downstream, _ in
            var done = false
            return { event in
                guard !done else { return }
                switch event {
                case .value(let wrapped):
                    if wrapped.event.isTerminating { done = true }
                    downstream(wrapped.event)
                case .completed:
                    done = true
                    downstream(.completed)
                case .interrupted:
                    done = true
                    downstream(.interrupted)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Turns every event, terminal ones included, into a value; then completes.
    ///
    /// - Returns: A producer that cannot fail, sending the events as values.
    public func materialize() -> SignalProducer<Event<Value, Error>, Never> {
        lift(Transforms.materialize())
    }
}

extension SignalProducer where Value: EventProtocol, Error == Never {
    /// Turns `Event` values back into events; the first terminal one ends the stream.
    ///
    /// - Returns: A producer of the wrapped events.
    public func dematerialize() -> SignalProducer<Value.Value, Value.Error> {
        lift(Transforms.dematerialize())
    }
}

extension Signal {
    /// Turns every event, terminal ones included, into a value; then completes.
    ///
    /// - Returns: A signal that cannot fail, sending the events as values.
    public func materialize() -> Signal<Event<Value, Error>, Never> {
        lift(Transforms.materialize())
    }
}

extension Signal where Value: EventProtocol, Error == Never {
    /// Turns `Event` values back into events; the first terminal one ends the signal.
    ///
    /// - Returns: A signal of the wrapped events.
    public func dematerialize() -> Signal<Value.Value, Value.Error> {
        lift(Transforms.dematerialize())
    }
}
