extension Transforms {
    /// Gathers values into an array; `emitsBefore` (given the array so far and a new value)
    /// decides whether the array goes out before the value starts a new one, `emitsAfter`
    /// (given the array including the value) whether it goes out after the value joined it.
    static func collect<V, E>(
        emitsBefore: (([V], V) -> Bool)?, emitsAfter: (([V]) -> Bool)?
    ) -> EventTransform<V, E, [V], E> {
        { downstream, _ in
            var buffer: [V] = []
            return { event in
                switch event {
                case .value(let value):
                    if let emitsBefore, !buffer.isEmpty, emitsBefore(buffer, value) {
                        downstream(.value(buffer))
                        buffer.removeAll()
                    }
                    buffer.append(value)
                    if let emitsAfter, emitsAfter(buffer) {
                        downstream(.value(buffer))
                        buffer.removeAll()
                    }
                case .failed(let error): downstream(.failed(error))
                case .completed:
                    if !buffer.isEmpty { downstream(.value(buffer)) }
                    downstream(.completed)
                case .interrupted: downstream(.interrupted)
                }
            }
        }
    }
}

extension SignalProducer {
    /// Gathers values into arrays, sending the array gathered so far whenever
    /// `shouldEmit` (given it, the latest value included) returns `true`; the rest, if
    /// any, on completion.
    ///
    /// ```swift
    /// amounts.collect { $0.reduce(0, +) >= 100 }  // batches worth at least 100
    /// ```
    ///
    /// - Parameter shouldEmit: Decides, after each value joined the array, whether to send
    ///   it; called on the thread of the value.
    /// - Returns: A producer of arrays.
    public func collect(_ shouldEmit: @escaping (_ collectedValues: [Value]) -> Bool)
        -> SignalProducer<[Value], Error>
    {
        lift(Transforms.collect(emitsBefore: nil, emitsAfter: shouldEmit))
    }

    /// Gathers values into arrays; when `shouldEmit` (given the array so far and a new
    /// value) returns `true`, the array goes out and the value starts the next one. The
    /// rest, if any, is sent on completion.
    ///
    /// ```swift
    /// lines.collect { _, line in line.isEmpty }  // paragraphs, split before blank lines
    /// ```
    ///
    /// - Parameter shouldEmit: Decides whether the array so far is sent before the value;
    ///   not called while the array is empty.
    /// - Returns: A producer of arrays.
    public func collect(
        _ shouldEmit: @escaping (_ collected: [Value], _ latest: Value) -> Bool
    ) -> SignalProducer<[Value], Error> {
        lift(Transforms.collect(emitsBefore: shouldEmit, emitsAfter: nil))
    }
}

extension Signal {
    /// Gathers values into arrays, sending the array whenever `shouldEmit` returns `true`
    /// for it; see `SignalProducer.collect(_:)`.
    ///
    /// - Parameter shouldEmit: Decides, after each value joined the array, whether to send
    ///   it.
    /// - Returns: A signal of arrays.
    public func collect(_ shouldEmit: @escaping (_ collectedValues: [Value]) -> Bool)
        -> Signal<[Value], Error>
    {
        lift(Transforms.collect(emitsBefore: nil, emitsAfter: shouldEmit))
    }

    /// Gathers values into arrays, sending the array so far before a value for which
    /// `shouldEmit` returns `true`; see `SignalProducer.collect(_:)`.
    ///
    /// - Parameter shouldEmit: Decides whether the array so far is sent before the value.
    /// - Returns: A signal of arrays.
    public func collect(
        _ shouldEmit: @escaping (_ collected: [Value], _ latest: Value) -> Bool
    ) -> Signal<[Value], Error> {
        lift(Transforms.collect(emitsBefore: shouldEmit, emitsAfter: nil))
    }
}
