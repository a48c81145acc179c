extension SignalProducer {
    /// Runs the producer `count` times in a row, each run starting once the previous one
    /// completed; a failure or interruption ends it at once.
    ///
    /// ```swift
    /// ping.repeat(3)  // three pings, one after the other
    /// ```
    ///
    /// - Parameter count: How many runs; zero or less completes at once without a run.
    /// - Returns: A producer of the values of all runs.
    public func `repeat`(_ count: Int) -> SignalProducer<Value, Error> {
        guard count > 1 else { return count == 1 ? self : .empty }
        return SignalProducer<SignalProducer<Value, Error>, Error>(
            sequence: repeatElement(self, count: count)
        ).flatten(.concat)
    }
}
