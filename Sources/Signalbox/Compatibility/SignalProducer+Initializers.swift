extension SignalProducer {
    /// A producer that sends every element of `values` in order, then completes.
    ///
    /// Each run iterates the sequence afresh, on the thread that starts it. Disposing the
    /// run stops the iteration before the next element is pulled and ends the run with
    /// `.interrupted`.
    ///
    /// ```swift
    /// SignalProducer([1, 2, 3])  // 1, 2, 3, completed
    /// ```
    ///
    /// - Parameter values: The values to send.
    @inlinable
    public init<S: Sequence>(_ values: S) where S.Element == Value {
        self.init(sequence: values)
    }
}

extension SignalProducer where Error == Never {
    /// A producer that sends every element of `values` in order, then completes; the form
    /// that lets the error type be inferred as `Never`. See `init(_:)`.
    ///
    /// - Parameter values: The values to send.
    @inlinable
    public init<S: Sequence>(_ values: S) where S.Element == Value {
        self.init(sequence: values)
    }
}

extension SignalProducer where Error == Swift.Error {
    /// Creates a producer whose each run calls the throwing `action` on the starting
    /// thread, then sends its value and completes, or fails with the error it throws.
    ///
    /// A trailing closure that throws binds here (not to `init(asyncOperation:)`), so
    /// `SignalProducer { try decode(data) }` runs synchronously on each start.
    ///
    /// - Parameter action: Computes the value of one run; called once per start.
    @inlinable
    public init(_ action: @escaping () throws -> Value) {
        self.init { observer, _ in
            let value: Value
            do {
                value = try action()
            } catch {
                observer.send(error: error)
                return
            }
            observer.send(value: value)
            observer.sendCompleted()
        }
    }
}
