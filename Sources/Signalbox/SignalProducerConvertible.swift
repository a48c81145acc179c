/// Something that can be turned into a `SignalProducer`: a producer itself or a `Signal`.
///
/// Operators that start other streams (`flatMap`, `merge`, `combineLatest`, `concat`, …)
/// accept any conforming type, so a transform may return a producer or a live signal.
public protocol SignalProducerConvertible<Value, Error> {
    /// The type of the values sent.
    associatedtype Value
    /// The type of the error the stream can fail with.
    associatedtype Error: Swift.Error

    /// The stream as a producer. For a `Signal`, each start observes the signal from then on.
    var producer: SignalProducer<Value, Error> { get }
}

extension SignalProducer: SignalProducerConvertible {
    /// The producer itself.
    public var producer: SignalProducer<Value, Error> { self }
}

extension Signal: SignalProducerConvertible {
    /// A producer that, each time it is started, forwards this signal's events from then on.
    public var producer: SignalProducer<Value, Error> { SignalProducer(self) }
}

extension Signal {
    /// Starts `producer` at once and returns a signal of the events of that run.
    ///
    /// The run is disposed when the returned signal terminates. This is how the operators
    /// that combine several streams share their producer implementation with `Signal`.
    @inlinable
    static func starting(_ producer: SignalProducer<Value, Error>) -> Signal<Value, Error> {
        Signal { output, lifetime in
            lifetime += producer.start(output)
        }
    }
}
