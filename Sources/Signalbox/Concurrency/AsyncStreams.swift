// ReactiveSwift's bridges to `AsyncStream` / `AsyncThrowingStream`. (Signalbox's own
// `values` sequence of a producer is typed-throwing and needs `Sendable` values; these
// are plain `AsyncStream`s. Swift 6 requires the values to be `Sendable` to cross into
// the consuming task, which ReactiveSwift, written for Swift 5, does not.)

extension Transforms {
    /// Feeds the events of a stream into an `AsyncThrowingStream` continuation.
    static func feed<V: Sendable, E>(
        _ continuation: AsyncThrowingStream<V, Swift.Error>.Continuation
    )
        -> (Event<V, E>) -> Void
    {
        { event in
            switch event {
            case .value(let value): continuation.yield(value)
            case .failed(let error): continuation.finish(throwing: error)
            case .completed, .interrupted: continuation.finish()
            }
        }
    }

    /// Feeds the events of a stream that cannot fail into an `AsyncStream` continuation.
    static func feed<V: Sendable>(_ continuation: AsyncStream<V>.Continuation) -> (Event<V, Never>)
        -> Void
    {
        { event in
            switch event {
            case .value(let value): continuation.yield(value)
            case .completed, .interrupted: continuation.finish()
            }
        }
    }
}

extension SignalProducer where Value: Sendable {
    /// Starts the producer and delivers its values as an asynchronous stream that throws
    /// the producer's failure; completion or interruption ends the stream.
    ///
    /// The producer is started when the stream is created; values arriving faster than
    /// they are consumed are buffered. Ending the iteration (or cancelling its task)
    /// disposes the run.
    public var asyncThrowingStream: AsyncThrowingStream<Value, Swift.Error> {
        AsyncThrowingStream { continuation in
            let run = start(Transforms.feed(continuation))
            continuation.onTermination = { _ in run.dispose() }
        }
    }
}

extension SignalProducer where Value: Sendable, Error == Never {
    /// Starts the producer and delivers its values as an asynchronous stream; completion
    /// or interruption ends the stream.
    ///
    /// The producer is started when the stream is created; values arriving faster than
    /// they are consumed are buffered. Ending the iteration (or cancelling its task)
    /// disposes the run.
    public var asyncStream: AsyncStream<Value> {
        AsyncStream { continuation in
            let run = start(Transforms.feed(continuation))
            continuation.onTermination = { _ in run.dispose() }
        }
    }
}

extension Signal where Value: Sendable {
    /// Observes the signal and delivers its values as an asynchronous stream that throws
    /// its failure; completion or interruption ends the stream.
    ///
    /// Only events sent after the stream is created are delivered; values arriving faster
    /// than they are consumed are buffered. Ending the iteration detaches the observer.
    public var asyncThrowingStream: AsyncThrowingStream<Value, Swift.Error> {
        AsyncThrowingStream { continuation in
            let observation = observe(Transforms.feed(continuation))
            continuation.onTermination = { _ in observation?.dispose() }
        }
    }
}

extension Signal where Value: Sendable, Error == Never {
    /// Observes the signal and delivers its values as an asynchronous stream; completion
    /// or interruption ends the stream.
    ///
    /// Only events sent after the stream is created are delivered; values arriving faster
    /// than they are consumed are buffered. Ending the iteration detaches the observer.
    public var asyncStream: AsyncStream<Value> {
        AsyncStream { continuation in
            let observation = observe(Transforms.feed(continuation))
            continuation.onTermination = { _ in observation?.dispose() }
        }
    }
}
