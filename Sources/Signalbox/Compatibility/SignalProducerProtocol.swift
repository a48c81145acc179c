/// A type that is, or can be viewed as, a `SignalProducer`.
///
/// `SignalProducer` conforms. Code written for ReactiveSwift extends this protocol to add
/// operators to every producer; new code can extend `SignalProducer` directly.
public protocol SignalProducerProtocol<Value, Error> {
    /// The type of values the producer sends.
    associatedtype Value
    /// The type of error the producer can fail with.
    associatedtype Error: Swift.Error

    /// The producer itself.
    var producer: SignalProducer<Value, Error> { get }
}

extension SignalProducer: SignalProducerProtocol {
    /// The type of signal a run of this producer produces: `Signal<Value, Error>`.
    ///
    /// Handy in helpers written against any producer, such as a producer-side `pipe()`:
    /// `(SignalProducer<Value, Error>, SignalProducer<Value, Error>.ProducedSignal.Observer)`.
    public typealias ProducedSignal = Signal<Value, Error>
}
