import SignalboxLocks

extension SignalProducer {
    /// Groups the values of every producer by position into arrays: the first values of
    /// all, then the second values of all, and so on.
    ///
    /// Values wait until every producer has sent its value for that position. Contract: the
    /// producers are started in order. The result completes as soon as one producer has
    /// completed and every value it sent has been grouped; a failure (or interruption) of
    /// any ends the result. Disposing the result disposes every run. An empty collection
    /// completes at once without a value, as in ReactiveSwift (see
    /// `zip(_:emptySentinel:)`).
    ///
    /// ```swift
    /// SignalProducer.zip([SignalProducer(values: 1, 2), SignalProducer(values: 3, 4)])
    /// // sends [1, 3], [2, 4]
    /// ```
    ///
    /// - Parameter producers: The streams to zip, in the order of the array's elements.
    /// - Returns: A producer of arrays.
    public static func zip<S: Sequence>(_ producers: S) -> SignalProducer<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        let sources = producers.map(\.producer)
        guard !sources.isEmpty else { return .empty }
        return SignalProducer<[Value], Error>.gathering(sources) { output in
            var queues = [FIFOQueue<Value>](repeating: FIFOQueue(), count: sources.count)
            var completed = [Bool](repeating: false, count: sources.count)
            return { index, value in
                if let value {
                    queues[index].append(value)
                    if queues.allSatisfy({ !$0.isEmpty }) {
                        var group: [Value] = []
                        group.reserveCapacity(queues.count)
                        for position in queues.indices {
                            if let first = queues[position].popFirst() { group.append(first) }
                        }
                        output.send(value: group)
                    }
                } else {
                    completed[index] = true
                }
                let exhausted = queues.indices.contains { completed[$0] && queues[$0].isEmpty }
                if exhausted { output.sendCompleted() }
            }
        }
    }

    /// Like `zip(_:)`, but an empty collection sends `emptySentinel` once and then
    /// completes.
    ///
    /// - Parameters:
    ///   - producers: The streams to zip.
    ///   - emptySentinel: The value sent when `producers` is empty.
    /// - Returns: A producer of arrays.
    public static func zip<S: Sequence>(
        _ producers: S, emptySentinel: [Value]
    ) -> SignalProducer<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        let sources = producers.map(\.producer)
        guard !sources.isEmpty else { return SignalProducer<[Value], Error>(value: emptySentinel) }
        return zip(sources)
    }
}

extension Signal {
    /// Groups the values of every stream by position into arrays; see
    /// `SignalProducer.zip(_:)` for the contract.
    ///
    /// - Parameter signals: The streams to zip; producers are started at once.
    /// - Returns: A signal of arrays.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public static func zip<S: Sequence>(_ signals: S) -> Signal<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        Signal<[Value], Error>.starting(SignalProducer.zip(signals))
    }

    /// Zips any number of signals into arrays; see `SignalProducer.zip(_:)` for the
    /// contract.
    ///
    /// - Parameter signals: The signals to zip.
    /// - Returns: A signal of arrays, in the order of `signals`.
    public static func zip<S: Sequence>(_ signals: S) -> Signal<[Value], Error>
    where S.Element == Signal<Value, Error> {
        Signal<[Value], Error>.starting(SignalProducer.zip(signals))
    }
}
