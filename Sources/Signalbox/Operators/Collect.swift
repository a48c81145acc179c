extension Transforms {
    static func collect<V, E>(count: Int?) -> EventTransform<V, E, [V], E> {
        { downstream, _ in
            var buffer: [V] = []
            return { event in
                switch event {
                case .value(let value):
                    buffer.append(value)
                    if let count, buffer.count == count {
                        downstream(.value(buffer))
                        buffer.removeAll(keepingCapacity: true)
                    }
                case .failed(let error): downstream(.failed(error))
                case .completed:
                    if count == nil || !buffer.isEmpty { downstream(.value(buffer)) }
                    downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Sends all values as one array when the producer completes (an empty array if none).
    ///
    /// - Returns: A producer of one array.
    public func collect() -> SignalProducer<[Value], Error> {
        lift(Transforms.collect(count: nil))
    }

    /// Sends the values in arrays of `count`; the remainder, if any, on completion.
    ///
    /// - Parameter count: The size of each array; values below one count as one.
    /// - Returns: A producer of arrays.
    public func collect(count: Int) -> SignalProducer<[Value], Error> {
        lift(Transforms.collect(count: Swift.max(1, count)))
    }
}

extension Signal {
    /// Sends all values as one array when the signal completes (an empty array if none).
    ///
    /// - Returns: A signal of one array.
    public func collect() -> Signal<[Value], Error> {
        lift(Transforms.collect(count: nil))
    }

    /// Sends the values in arrays of `count`; the remainder, if any, on completion.
    ///
    /// - Parameter count: The size of each array; values below one count as one.
    /// - Returns: A signal of arrays.
    public func collect(count: Int) -> Signal<[Value], Error> {
        lift(Transforms.collect(count: Swift.max(1, count)))
    }
}
