extension SignalProducer {
    /// Creates a producer whose each run iterates `sequence` in a new `Task`: it sends each
    /// element, then completes when the sequence ends, or fails with the error it throws.
    ///
    /// ```swift
    /// // Swift 6.2's `Observations` (macOS 26 / iOS 26, and Linux): an `@Observable` model's
    /// // property as a producer, delivered through a task.
    /// let titles = SignalProducer(asyncSequence: Observations { model.title })
    /// ```
    ///
    /// (For a model read on a scheduler, deterministic under a `TestScheduler`, use
    /// `SignalProducer(observing:keyPath:on:)` instead.)
    ///
    /// Contract: each start makes its own iterator. Disposing the run cancels the task
    /// (cooperatively: the iteration sees `Task.isCancelled`, and `Observations` and the
    /// standard library's streams end on it); nothing is sent after the disposal. Events are
    /// sent from the task, off the caller's thread, one at a time.
    ///
    /// - Parameter sequence: The elements to send.
    public init<Sequence: AsyncSequence & Sendable>(asyncSequence sequence: Sequence)
    where Sequence.Element == Value, Sequence.Failure == Error {
        self.init { observer, lifetime in
            let task = Task {
                var iterator = sequence.makeAsyncIterator()
                do throws(Error) {
                    while let element = try await iterator.next(isolation: nil) {
                        if Task.isCancelled { return }
                        observer.send(value: element)
                    }
                    if !Task.isCancelled { observer.sendCompleted() }
                } catch {
                    if !Task.isCancelled { observer.send(error: error) }
                }
            }
            lifetime.observeEnded { task.cancel() }
        }
    }
}
