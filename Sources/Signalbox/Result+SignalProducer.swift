extension SignalProducer {
    /// A producer that sends the success value and completes, or fails with the failure;
    /// the same as `init(result:)`, spelt as in ReactiveSwift.
    ///
    /// ```swift
    /// SignalProducer(Result<Int, TestError>.success(1))  // sends 1, then completes
    /// ```
    ///
    /// - Parameter result: The outcome to send.
    @inlinable
    public init(_ result: Result<Value, Error>) {
        self.init(result: result)
    }
}

extension Result: SignalProducerConvertible {
    /// A producer that sends the success value and completes, or fails with the failure.
    ///
    /// So a `Result` can be returned where a stream is expected, for instance from the
    /// transform of `flatMap`: `values.flatMap(.concat) { validate($0) }`.
    public var producer: SignalProducer<Success, Failure> {
        SignalProducer(result: self)
    }
}
