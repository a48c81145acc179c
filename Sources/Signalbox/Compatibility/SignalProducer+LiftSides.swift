extension SignalProducer {
    /// `lift(_:)` for a binary operator, starting this producer before the other: the
    /// order `lift(_:)` uses. Internal in ReactiveSwift; here for its tests.
    func liftLeft<U, F, V, G>(
        _ transform: @escaping (Signal<Value, Error>) -> (Signal<U, F>) -> Signal<V, G>
    ) -> (SignalProducer<U, F>) -> SignalProducer<V, G> {
        lift(transform)
    }

    /// `lift(_:)` for a binary operator, starting the other producer first.
    func liftRight<U, F, V, G>(
        _ transform: @escaping (Signal<Value, Error>) -> (Signal<U, F>) -> Signal<V, G>
    ) -> (SignalProducer<U, F>) -> SignalProducer<V, G> {
        { other in
            other.lift { (otherSignal: Signal<U, F>) in
                { (signal: Signal<Value, Error>) in transform(signal)(otherSignal) }
            }(self)
        }
    }
}
