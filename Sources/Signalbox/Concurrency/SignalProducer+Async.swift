extension SignalProducer {
    /// Creates a producer whose each run performs `operation` in a new `Task`, then sends
    /// its result and completes, or fails with the error it throws.
    ///
    /// ```swift
    /// let thumbnail = SignalProducer<Data, NetworkError>(asyncOperation: {
    ///     () async throws(NetworkError) in try await loader.load(url)
    /// })
    /// ```
    ///
    /// The label keeps a synchronous closure from landing here by accident: an unlabelled
    /// closure of no parameters is `init(_:)`, which runs it synchronously on each start.
    ///
    /// Contract: disposing the run cancels the task (cooperatively: the operation sees
    /// `Task.isCancelled`); whatever it returns or throws afterwards is dropped. Events are
    /// sent from the task, off the caller's thread.
    ///
    /// - Parameter operation: The asynchronous work of one run.
    public init(asyncOperation operation: @escaping @Sendable () async throws(Error) -> Value) {
        self.init { observer, lifetime in
            let task = Task {
                do throws(Error) {
                    let value = try await operation()
                    observer.send(value: value)
                    observer.sendCompleted()
                } catch {
                    observer.send(error: error)
                }
            }
            lifetime.observeEnded { task.cancel() }
        }
    }
}

extension SignalProducer where Value: Sendable {
    /// Starts the producer and suspends until its first value or its end.
    ///
    /// The run is disposed once the first value arrived. Cancelling the calling task
    /// disposes the run and returns `nil`. (A blocking overload exists for synchronous code.)
    ///
    /// - Returns: The first value, the failure, or `nil` if the run ended without a value or
    ///   the task was cancelled.
    public func first() async -> Result<Value, Error>? {
        let buffer = AsyncValueBuffer(take(first: 1))
        do throws(Error) {
            return try await buffer.next().map { .success($0) }
        } catch {
            return .failure(error)
        }
    }

    /// Starts the producer and suspends until it ends; returns its only value.
    ///
    /// Cancelling the calling task disposes the run and returns `nil`. (A blocking overload
    /// exists for synchronous code.)
    ///
    /// - Returns: The value if the run sent exactly one value and completed, the failure if
    ///   it failed, or `nil` if it sent no value or more than one, was interrupted, or the
    ///   task was cancelled.
    public func single() async -> Result<Value, Error>? {
        // Two values are enough to know there is more than one.
        let buffer = AsyncValueBuffer(take(first: 2))
        do throws(Error) {
            guard let value = try await buffer.next() else { return nil }
            guard try await buffer.next() == nil, buffer.completed else { return nil }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }
}
