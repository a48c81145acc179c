import Foundation
import SignalboxLocks

extension SignalProducer {
    /// Restarts the producer when it fails, at most `count` times, at once.
    ///
    /// Values of every attempt are forwarded; the producer is started up to `count + 1`
    /// times. If the last attempt fails too, the result fails with its error. Disposing the
    /// result disposes the attempt in progress.
    ///
    /// - Parameter count: How many times to retry; zero or less never retries.
    /// - Returns: A producer that retries on failure.
    public func retry(upTo count: Int) -> SignalProducer<Value, Error> {
        retrying(upTo: count, on: nil) { _, _ in 0 }
    }

    /// Restarts the producer when it fails, at most `count` times, waiting `interval`
    /// seconds on `scheduler` before each retry.
    ///
    /// - Parameters:
    ///   - count: How many times to retry; zero or less never retries.
    ///   - interval: Seconds to wait before each retry; clamped like a `RetryBackoff`'s
    ///     (NaN or negative: zero; at most `RetryBackoff.longestDelay`).
    ///   - scheduler: Measures the wait and starts the retry.
    /// - Returns: A producer that retries on failure.
    public func retry(
        upTo count: Int, interval: TimeInterval, on scheduler: DateScheduler
    ) -> SignalProducer<Value, Error> {
        retry(upTo: count, backoff: .constant(interval), on: scheduler)
    }

    /// Restarts the producer when it fails with an error worth retrying, at most `count`
    /// times, waiting according to `backoff` before each retry.
    ///
    /// A rate limit or a lost connection is worth retrying; an invalid request is not:
    ///
    /// ```swift
    /// search.retry(upTo: 3, backoff: .exponential(initial: 1), on: scheduler) { error in
    ///     error == .connectionLost || error == .notReachedServer
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many times to retry; zero or less never retries.
    ///   - backoff: The pause before each retry.
    ///   - scheduler: Measures the pauses and starts the retries.
    ///   - shouldRetry: Whether a failure is worth retrying; a `false` fails the result at
    ///     once with that error.
    /// - Returns: A producer that retries selected failures.
    public func retry(
        upTo count: Int, backoff: RetryBackoff, on scheduler: DateScheduler,
        when shouldRetry: @escaping (Error) -> Bool = { _ in true }
    ) -> SignalProducer<Value, Error> {
        retrying(upTo: count, on: scheduler) { error, attempt in
            shouldRetry(error) ? backoff.delay(beforeRetry: attempt) : nil
        }
    }

    /// Restarts the producer when it fails, at most `count` times, letting
    /// `delayBeforeRetry` decide for each failure whether to retry and after how long.
    ///
    /// The most general form: it can honour a server's requested pause for one error and
    /// use a backoff for others.
    ///
    /// ```swift
    /// search.retry(upTo: 3, on: scheduler) { error, attempt in
    ///     switch error {
    ///     case .rateLimited(let retryAfter): return retryAfter ?? backoff.delay(beforeRetry: attempt)
    ///     case .connectionLost: return backoff.delay(beforeRetry: attempt)
    ///     default: return nil
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many times to retry; zero or less never retries.
    ///   - scheduler: Measures the pauses and starts the retries.
    ///   - delayBeforeRetry: Given the error and the number of the retry it would be
    ///     (counting from 1), returns the seconds to wait, or `nil` to fail with the error.
    ///     NaN or negative waits count as zero; longer ones than
    ///     `RetryBackoff.longestDelay` (+∞ too) are shortened to it.
    /// - Returns: A producer that retries as `delayBeforeRetry` decides.
    public func retry(
        upTo count: Int, on scheduler: DateScheduler,
        delayBeforeRetry: @escaping (_ error: Error, _ attempt: Int) -> TimeInterval?
    ) -> SignalProducer<Value, Error> {
        retrying(upTo: count, on: scheduler, delayBeforeRetry: delayBeforeRetry)
    }

    private func retrying(
        upTo count: Int, on scheduler: DateScheduler?,
        delayBeforeRetry: @escaping (Error, Int) -> TimeInterval?
    ) -> SignalProducer<Value, Error> {
        let producer = self
        return SignalProducer { observer, lifetime in
            let attempts = RetryAttempts(
                producer, count: count, scheduler: scheduler,
                delayBeforeRetry: delayBeforeRetry, observer: observer, lifetime: lifetime)
            attempts.startNext()
        }
    }
}

/// The attempts of one run of a retrying producer.
private final class RetryAttempts<Value, Error: Swift.Error>: @unchecked Sendable {
    // Safety: `retries`, `starting` and `restartRequested` are only touched under `lock`;
    // the other properties are immutable (the serial disposable is itself thread-safe).
    private let producer: SignalProducer<Value, Error>
    private let count: Int
    private let scheduler: DateScheduler?
    private let delayBeforeRetry: (Error, Int) -> TimeInterval?
    private let observer: Signal<Value, Error>.Observer
    private let lifetime: Lifetime
    private let current = SerialDisposable()
    private let lock = Lock()
    private var retries = 0
    private var starting = false
    private var restartRequested = false

    init(
        _ producer: SignalProducer<Value, Error>, count: Int, scheduler: DateScheduler?,
        delayBeforeRetry: @escaping (Error, Int) -> TimeInterval?,
        observer: Signal<Value, Error>.Observer, lifetime: Lifetime
    ) {
        self.producer = producer
        self.count = count
        self.scheduler = scheduler
        self.delayBeforeRetry = delayBeforeRetry
        self.observer = observer
        self.lifetime = lifetime
        lifetime += current
    }

    /// Starts an attempt. An attempt that fails synchronously while being started asks the
    /// loop for the next one instead of recursing.
    func startNext() {
        let proceed = lock.withLock { () -> Bool in
            if starting {
                restartRequested = true
                return false
            }
            starting = true
            return true
        }
        guard proceed else { return }
        var again = true
        while again {
            let run = ProducerRun()
            current.inner = run
            producer.startRun(run) { [self] event in receive(event) }
            again = lock.withLock {
                defer { restartRequested = false }
                if !restartRequested { starting = false }
                return restartRequested
            }
        }
    }

    private func receive(_ event: Event<Value, Error>) {
        guard case .failed(let error) = event else { return observer.send(event) }
        let attempt = lock.withLock { () -> Int in
            if retries < Int.max { retries += 1 }
            return retries
        }
        guard attempt <= count, !lifetime.hasEnded, let delay = delayBeforeRetry(error, attempt)
        else { return observer.send(error: error) }
        guard let scheduler else { return startNext() }
        let date = scheduler.currentDate.addingTimeInterval(RetryBackoff.clamped(delay))
        current.inner = scheduler.schedule(after: date) { [self] in startNext() }
    }
}
