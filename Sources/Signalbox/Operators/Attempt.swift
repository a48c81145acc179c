extension SignalProducer {
    /// Runs `action` on each value and passes the value on, or fails with the error it
    /// returns.
    ///
    /// ```swift
    /// uploads.attempt { file in file.size <= limit ? .success(()) : .failure(.tooLarge) }
    /// ```
    ///
    /// - Parameter action: Checks (or acts on) a value; a `.failure` fails the stream and
    ///   the value is not sent.
    /// - Returns: A producer of the values `action` accepted.
    public func attempt(_ action: @escaping (Value) -> Result<Void, Error>) -> SignalProducer<
        Value, Error
    > {
        lift(Transforms.attemptMap { value in action(value).map { value } })
    }

    /// Runs a throwing `action` on each value and passes the value on, or fails with the
    /// error it throws.
    ///
    /// ```swift
    /// records.attempt { record throws(StoreError) in try store.save(record) }
    /// ```
    ///
    /// - Parameter action: Checks (or acts on) a value; a thrown error fails the stream and
    ///   the value is not sent.
    /// - Returns: A producer of the values `action` accepted.
    public func attempt(_ action: @escaping (Value) throws(Error) -> Void) -> SignalProducer<
        Value, Error
    > {
        attempt { value in Result { () throws(Error) in try action(value) } }
    }
}

extension Signal {
    /// Runs `action` on each value and passes the value on, or fails with the error it
    /// returns; see `SignalProducer.attempt(_:)`.
    ///
    /// - Parameter action: Checks (or acts on) a value; a `.failure` fails the signal.
    /// - Returns: A signal of the values `action` accepted.
    public func attempt(_ action: @escaping (Value) -> Result<Void, Error>) -> Signal<
        Value, Error
    > {
        liftSynchronous(Transforms.attemptMap { value in action(value).map { value } })
    }

    /// Runs a throwing `action` on each value and passes the value on, or fails with the
    /// error it throws; see `SignalProducer.attempt(_:)`.
    ///
    /// - Parameter action: Checks (or acts on) a value; a thrown error fails the signal.
    /// - Returns: A signal of the values `action` accepted.
    public func attempt(_ action: @escaping (Value) throws(Error) -> Void) -> Signal<Value, Error> {
        attempt { value in Result { () throws(Error) in try action(value) } }
    }
}
