extension SignalProducer where Value: Sendable {
    /// The values of a run, as an `AsyncSequence` that fails with the producer's error.
    ///
    /// ```swift
    /// do throws(NetworkError) {
    ///     for try await page in search.values { show(page) }
    /// } catch {
    ///     show(error)
    /// }
    /// ```
    ///
    /// Contract: each iterator starts its own run, on its first `next()`. Values are
    /// buffered until the loop asks for them (without limit, so a fast producer and a slow
    /// loop accumulate values in memory). A failure is thrown after the values sent before
    /// it. Completion and interruption end the loop. Cancelling the consuming `Task`, or
    /// leaving the loop early, disposes the run; the loop then ends without an error.
    public var values: AsyncProducerValues<Value, Error> {
        AsyncProducerValues(producer: self)
    }
}

/// The values of a producer as an `AsyncSequence`; see `SignalProducer.values`.
public struct AsyncProducerValues<Value: Sendable, Error: Swift.Error>: AsyncSequence {
    /// The type of the values.
    public typealias Element = Value
    /// The error thrown when the producer fails.
    public typealias Failure = Error

    let producer: SignalProducer<Value, Error>

    /// Creates an iterator, which starts a run of the producer on its first `next()`.
    ///
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> Iterator {
        Iterator(buffer: AsyncValueBuffer(producer))
    }

    /// Iterates the values of one run; dropping it disposes the run.
    public struct Iterator: AsyncIteratorProtocol {
        let buffer: AsyncValueBuffer<Value, Error>

        /// The next value, or `nil` when the run completed or was interrupted, or the task
        /// was cancelled.
        ///
        /// - Returns: The next value or `nil`.
        /// - Throws: The producer's error if the run failed.
        public mutating func next() async throws(Error) -> Value? {
            try await buffer.next()
        }

        /// The next value, or `nil` when the run ended; see `next()`.
        ///
        /// - Parameter actor: The caller's isolation.
        /// - Returns: The next value or `nil`.
        /// - Throws: The producer's error if the run failed.
        public mutating func next(
            isolation actor: isolated (any Actor)?
        ) async throws(Error) -> Value? {
            try await buffer.next()
        }
    }
}
