// ReactiveSwift's "unserialized" and "reentrant-unserialized" variants of `Signal`.
//
// ReactiveSwift's variants drop the send lock and leave mutual exclusion to their callers.
// Signalbox keeps delivery serialised in every variant (it costs nothing here: the plain
// `Observer` takes no lock when uncontended, and a caller that already enforces mutual
// exclusion never contends). The reentrant variant's input is a `Signal.ReentrantInput`:
// a value sent from inside an observer's callback is queued and delivered once the current
// delivery has returned, in the order it was sent, instead of stopping the program as a
// re-entrant send into an `Observer` does (see the `Observer` contract).

import SignalboxLocks

extension Signal {
    /// The input of a signal made by `reentrantUnserializedPipe(disposable:)`: events sent
    /// while a delivery is in progress are queued and delivered after it, in order.
    ///
    /// Thread safety: any thread may send. The thread that finds no delivery in progress
    /// delivers its event and everything queued meanwhile (by its observers' callbacks or by
    /// other threads); the others return at once, their events queued. Events after a
    /// terminal event are dropped. Releasing the input without sending a terminal event
    /// interrupts the signal, as releasing a pipe's `Observer` does.
    public final class ReentrantInput: Sendable {
        let queue: DrainQueue<Event<Value, Error>>
        let observer: Observer

        init(_ observer: Observer) {
            self.observer = observer
            queue = DrainQueue { [observer] event in observer.send(event) }
        }

        /// Whether a terminal event has been delivered; later events are dropped.
        public var isTerminated: Bool { observer.isTerminated }

        /// Sends `event`, or queues it if a delivery is in progress.
        ///
        /// - Parameter event: The event to deliver.
        public func send(_ event: Event<Value, Error>) {
            queue.send(event)
        }

        /// Sends a value, or queues it if a delivery is in progress.
        ///
        /// - Parameter value: The value to deliver.
        public func send(value: Value) {
            queue.send(.value(value))
        }

        /// Fails the signal with `error` once the queued events have been delivered.
        ///
        /// - Parameter error: The error to deliver.
        public func send(error: Error) {
            queue.send(.failed(error))
        }

        /// Completes the signal once the queued events have been delivered.
        public func sendCompleted() {
            queue.send(.completed)
        }

        /// Interrupts the signal once the queued events have been delivered.
        public func sendInterrupted() {
            queue.send(.interrupted)
        }
    }

    /// Creates a signal and an input that may be sent into from inside the signal's own
    /// observers (ReactiveSwift's `reentrantUnserializedPipe`).
    ///
    /// A value sent from inside an observer's callback is delivered after the current
    /// delivery returns, in the order it was sent. Unlike ReactiveSwift's, the input is a
    /// `ReentrantInput` rather than an `Observer`, and it is safe to send into from several
    /// threads.
    ///
    /// ```swift
    /// let (output, input) = Signal<Int, Never>.reentrantUnserializedPipe()
    /// output.take(first: 1).observeValues { _ in input.send(value: 10) }
    /// output.observeValues { print($0) }
    /// input.send(value: 0)  // Prints: 0, then 10
    /// ```
    ///
    /// - Parameter disposable: Disposed when the signal terminates.
    /// - Returns: The signal and its input.
    public static func reentrantUnserializedPipe(
        disposable: Disposable? = nil
    ) -> (output: Signal, input: ReentrantInput) {
        let (output, observer) = pipe(disposable: disposable)
        return (output, ReentrantInput(observer))
    }

    /// Creates a signal whose `generator` receives a `ReentrantInput` (ReactiveSwift's
    /// `reentrantUnserialized(_:)`); see `reentrantUnserializedPipe(disposable:)`.
    ///
    /// - Parameter generator: Called once, at once, with the input and the signal's lifetime.
    /// - Returns: The signal.
    public static func reentrantUnserialized(
        _ generator: (ReentrantInput, Lifetime) -> Void
    ) -> Signal {
        Signal { observer, lifetime in generator(ReentrantInput(observer), lifetime) }
    }

    /// Creates a signal and its input (ReactiveSwift's `unserializedPipe`). Delivery stays
    /// serialised here: this is `pipe(disposable:)`.
    ///
    /// - Parameter disposable: Disposed when the signal terminates.
    /// - Returns: The signal and its input.
    public static func unserializedPipe(
        disposable: Disposable? = nil
    ) -> (output: Signal, input: Observer) {
        pipe(disposable: disposable)
    }

    /// Creates a signal (ReactiveSwift's `unserialized(_:)`). Delivery stays serialised
    /// here: this is `init(_:)`.
    ///
    /// - Parameter generator: Called once, at once, with the input and the signal's lifetime.
    /// - Returns: The signal.
    public static func unserialized(_ generator: (Observer, Lifetime) -> Void) -> Signal {
        Signal(generator)
    }
}

extension SignalProducer {
    /// Creates a producer (ReactiveSwift's `unserialized(_:)`). Delivery stays serialised
    /// here: this is `init(_:)`.
    ///
    /// - Parameter startHandler: The work of one run.
    /// - Returns: The producer.
    public static func unserialized(
        _ startHandler: @escaping (Signal<Value, Error>.Observer, Lifetime) -> Void
    ) -> SignalProducer {
        SignalProducer(startHandler)
    }
}
