import SignalboxLocks

extension Transforms {
    static func take<V, E>(last count: Int) -> EventTransform<V, E, V, E> {
        { downstream, _ in
            var kept = FIFOQueue<V>()
            var keptCount = 0
            return { event in
                switch event {
                case .value(let value):
                    guard count > 0 else { return }
                    kept.append(value)
                    if keptCount == count {
                        _ = kept.popFirst()
                    } else {
                        keptCount += 1
                    }
                case .completed:
                    while let value = kept.popFirst() { downstream(.value(value)) }
                    downstream(.completed)
                case .failed, .interrupted:
                    downstream(event)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Waits for completion, then sends the last `count` values and completes.
    ///
    /// A failure or interruption is passed on at once and nothing is sent. At most `count`
    /// values are held in memory.
    ///
    /// ```swift
    /// SignalProducer<Int, Never>(values: 1...5).take(last: 2)  // sends 4, 5 at completion
    /// ```
    ///
    /// - Parameter count: How many of the last values to send; zero or less sends none.
    /// - Returns: A producer of at most `count` values, sent when the upstream completes.
    public func take(last count: Int) -> SignalProducer<Value, Error> {
        lift(Transforms.take(last: count))
    }
}

extension Signal {
    /// Waits for completion, then sends the last `count` values and completes; see
    /// `SignalProducer.take(last:)` for the contract.
    ///
    /// - Parameter count: How many of the last values to send; zero or less sends none.
    /// - Returns: A signal of at most `count` values, sent when this one completes.
    public func take(last count: Int) -> Signal<Value, Error> {
        liftSynchronous(Transforms.take(last: count))
    }
}
