extension SignalProducer {
    /// Sends an array of the latest values of every producer whenever one sends, once all
    /// have sent at least one.
    ///
    /// Contract: the producers are started in order. A failure (or interruption) of any
    /// ends the result and disposes the others; the result completes when all have
    /// completed. Disposing the result disposes every run. An empty collection completes
    /// at once without a value, as in ReactiveSwift (see
    /// `combineLatest(_:emptySentinel:)` to send a value instead).
    ///
    /// ```swift
    /// SignalProducer.combineLatest([width.producer, height.producer])  // [w, h] per change
    /// ```
    ///
    /// - Parameter producers: The streams to combine, in the order of the array's elements.
    /// - Returns: A producer of arrays of latest values.
    public static func combineLatest<S: Sequence>(
        _ producers: S
    ) -> SignalProducer<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        let sources = producers.map(\.producer)
        guard !sources.isEmpty else { return .empty }
        return SignalProducer<[Value], Error>.gathering(sources) { output in
            var latest = [Value?](repeating: nil, count: sources.count)
            var missing = sources.count
            var running = sources.count
            return { index, value in
                guard let value else {
                    running -= 1
                    if running == 0 { output.sendCompleted() }
                    return
                }
                if latest[index] == nil { missing -= 1 }
                latest[index] = value
                if missing == 0 { output.send(value: latest.compactMap { $0 }) }
            }
        }
    }

    /// Like `combineLatest(_:)`, but an empty collection sends `emptySentinel` once and
    /// then completes.
    ///
    /// - Parameters:
    ///   - producers: The streams to combine.
    ///   - emptySentinel: The value sent when `producers` is empty.
    /// - Returns: A producer of arrays of latest values.
    public static func combineLatest<S: Sequence>(
        _ producers: S, emptySentinel: [Value]
    ) -> SignalProducer<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        let sources = producers.map(\.producer)
        guard !sources.isEmpty else { return SignalProducer<[Value], Error>(value: emptySentinel) }
        return combineLatest(sources)
    }
}

extension Signal {
    /// Sends an array of the latest values of every stream whenever one sends, once all
    /// have sent; see `SignalProducer.combineLatest(_:)` for the contract.
    ///
    /// - Parameter signals: The streams to combine; producers are started at once.
    /// - Returns: A signal of arrays of latest values.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public static func combineLatest<S: Sequence>(_ signals: S) -> Signal<[Value], Error>
    where S.Element: SignalProducerConvertible, S.Element.Value == Value, S.Element.Error == Error {
        Signal<[Value], Error>.starting(SignalProducer.combineLatest(signals))
    }

    /// Combines the latest values of any number of signals into arrays; see
    /// `SignalProducer.combineLatest(_:)` for the contract.
    ///
    /// - Parameter signals: The signals to combine.
    /// - Returns: A signal of arrays of latest values, in the order of `signals`.
    public static func combineLatest<S: Sequence>(_ signals: S) -> Signal<[Value], Error>
    where S.Element == Signal<Value, Error> {
        Signal<[Value], Error>.starting(SignalProducer.combineLatest(signals))
    }
}
