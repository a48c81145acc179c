import Dispatch
import Foundation

extension DateScheduler {
    /// Suspends the calling task until `interval` has passed on the scheduler's clock (in
    /// virtual time on a `TestScheduler`), without blocking the scheduler.
    ///
    /// Cancelling the task ends the wait at once with `CancellationError` and cancels the
    /// scheduled wake-up.
    ///
    /// ```swift
    /// try await scheduler.sleep(for: .seconds(1))
    /// ```
    ///
    /// - Parameters:
    ///   - interval: How long to wait; negative counts as zero, `.never` waits until the
    ///     task is cancelled.
    ///   - leeway: How much the scheduler may defer the wake-up; ignored by schedulers
    ///     that run single actions exactly.
    /// - Throws: `CancellationError` if the task is cancelled before or during the wait.
    ///
    /// The wake-up is scheduled on the caller's actor, before the task suspends (so a
    /// `TestScheduler` advanced on the same actor cannot move its clock in between).
    public nonisolated(nonsending) func sleep(
        for interval: DispatchTimeInterval, leeway: DispatchTimeInterval = .seconds(0)
    ) async throws {
        try await sleep(
            until: SchedulingTime.date(currentDate, after: max(0, interval.timeInterval)))
    }

    /// Suspends the calling task until the scheduler's clock reaches `deadline`, without
    /// blocking the scheduler.
    ///
    /// Cancelling the task ends the wait at once with `CancellationError`.
    ///
    /// - Parameters:
    ///   - deadline: When to resume; a date in the past resumes as soon as the scheduler
    ///     runs the wake-up.
    ///   - leeway: How much the scheduler may defer the wake-up; ignored by schedulers
    ///     that run single actions exactly.
    /// - Throws: `CancellationError` if the task is cancelled before or during the wait.
    public nonisolated(nonsending) func sleep(
        until deadline: Date, leeway: DispatchTimeInterval = .seconds(0)
    ) async throws {
        try Task.checkCancellation()
        let wait = SchedulerWait()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                wait.start(continuation) { resume in
                    self.schedule(after: deadline) { resume() }
                }
            }
        } onCancel: {
            wait.cancel()
        }
    }

    /// An asynchronous sequence of the scheduler's `currentDate`, one every `interval`,
    /// the first `interval` from now; it ends when the consuming task is cancelled or
    /// stops iterating, which also cancels the timer.
    ///
    /// ```swift
    /// for await date in scheduler.timer(interval: .seconds(1)) { print(date) }
    /// ```
    ///
    /// - Parameters:
    ///   - interval: The time between dates; raised to `minimumRepeatInterval` if shorter.
    ///   - leeway: How much the scheduler may defer each tick.
    /// - Returns: The stream of tick dates. Ticks that arrive while the consumer is busy
    ///   are buffered.
    public func timer(
        interval: DispatchTimeInterval, leeway: DispatchTimeInterval = .seconds(0)
    ) -> AsyncStream<Date> {
        AsyncStream { continuation in
            let first = SchedulingTime.date(currentDate, after: max(0, interval.timeInterval))
            let disposable = schedule(after: first, interval: interval, leeway: leeway) {
                continuation.yield(self.currentDate)
            }
            continuation.onTermination = { _ in disposable?.dispose() }
        }
    }
}

/// One `sleep`: resumes its continuation exactly once, either from the scheduled wake-up or
/// with `CancellationError` when the task is cancelled (which also cancels the wake-up).
private final class SchedulerWait: Sendable {
    private enum State {
        case idle
        case waiting(CheckedContinuation<Void, Swift.Error>, Disposable?)
        case cancelled
        case finished
    }

    private let state = LockedBox<State>(.idle)

    /// Stores `continuation` and schedules the wake-up, unless the task was cancelled
    /// first (then resumes with `CancellationError`).
    func start(
        _ continuation: CheckedContinuation<Void, Swift.Error>,
        schedule: (_ resume: @escaping () -> Void) -> Disposable?
    ) {
        let cancelledFirst = state.modify { state -> Bool in
            if case .cancelled = state { return true }
            state = .waiting(continuation, nil)
            return false
        }
        if cancelledFirst {
            continuation.resume(throwing: CancellationError())
            return
        }
        let disposable = schedule { [self] in finish(throwing: nil) }
        let keep = state.modify { state -> Bool in
            guard case .waiting(let continuation, nil) = state else { return false }
            state = .waiting(continuation, disposable)
            return true
        }
        if !keep { disposable?.dispose() }
    }

    func cancel() {
        finish(throwing: CancellationError())
    }

    private func finish(throwing error: Swift.Error?) {
        let taken = state.modify {
            state -> (CheckedContinuation<Void, Swift.Error>, Disposable?)? in
            switch state {
            case .waiting(let continuation, let disposable):
                state = .finished
                return (continuation, disposable)
            case .idle:
                if error != nil { state = .cancelled }
                return nil
            case .cancelled, .finished:
                return nil
            }
        }
        guard let (continuation, disposable) = taken else { return }
        if let error {
            disposable?.dispose()
            continuation.resume(throwing: error)
        } else {
            continuation.resume()
        }
    }
}
