import Dispatch
import Foundation

/// A serial scheduler backed by a `DispatchQueue`, with a wall clock.
///
/// `QueueScheduler.main` runs work on the main queue (a front end's "UI scheduler");
/// `QueueScheduler(qos:name:)` creates a private serial queue. Actions run one at a time,
/// in the order they were scheduled for equal dates.
public final class QueueScheduler: DateScheduler {
    /// The scheduler of the main queue.
    public static let main = QueueScheduler(queue: DispatchQueue.main)

    /// The serial queue actions run on.
    public let queue: DispatchQueue

    /// Creates a scheduler on a new serial queue.
    ///
    /// - Parameters:
    ///   - qos: The quality of service of the queue.
    ///   - name: The queue's label, shown in debuggers and crash logs.
    ///   - targeting: A queue to target, if any.
    public init(
        qos: DispatchQoS = .default, name: String = "Signalbox.QueueScheduler",
        targeting: DispatchQueue? = nil
    ) {
        queue = DispatchQueue(label: name, qos: qos, target: targeting)
    }

    /// Wraps an existing queue, which must be serial.
    init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// The current wall-clock date.
    public var currentDate: Date { Date() }

    /// Runs `action` asynchronously on the queue.
    ///
    /// - Parameter action: The work to run.
    /// - Returns: A disposable that skips the action if it has not started yet.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        let disposable = AnyDisposable()
        let work = QueueWork(action)
        queue.async {
            if !disposable.isDisposed { work.run() }
        }
        return disposable
    }

    /// Runs `action` at `date` on the queue.
    ///
    /// - Parameters:
    ///   - date: When to run the action.
    ///   - action: The work to run.
    /// - Returns: A disposable that skips the action if it has not started yet.
    @discardableResult
    public func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        let disposable = AnyDisposable()
        let work = QueueWork(action)
        queue.asyncAfter(wallDeadline: Self.wallTime(date)) {
            if !disposable.isDisposed { work.run() }
        }
        return disposable
    }

    /// Runs `action` at `date` and then every `interval` seconds, on the queue.
    ///
    /// - Parameters:
    ///   - date: The first run.
    ///   - interval: Seconds between runs.
    ///   - leeway: Seconds each run may be deferred.
    ///   - action: The work to run.
    /// - Returns: A disposable that cancels the timer.
    @discardableResult
    public func schedule(
        after date: Date, interval: TimeInterval, leeway: TimeInterval,
        action: @escaping () -> Void
    ) -> Disposable? {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let work = QueueWork(action)
        timer.schedule(
            wallDeadline: Self.wallTime(date),
            repeating: .nanoseconds(Self.nanoseconds(interval)),
            leeway: .nanoseconds(Self.nanoseconds(leeway)))
        timer.setEventHandler { work.run() }
        timer.resume()
        return AnyDisposable { timer.cancel() }
    }

    static func wallTime(_ date: Date) -> DispatchWallTime {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let nanos = Int((seconds - whole) * 1_000_000_000)
        return DispatchWallTime(
            timespec: timespec(tv_sec: Int(whole), tv_nsec: nanos))
    }

    static func nanoseconds(_ interval: TimeInterval) -> Int {
        let nanos = interval * 1_000_000_000
        guard nanos.isFinite else { return Int.max }
        return Int(max(0, min(nanos, Double(Int.max / 2))))
    }
}

/// An action handed to a serial queue.
struct QueueWork: @unchecked Sendable {
    // Safety: the closure is handed over to one serial `DispatchQueue` (or timer source on
    // it) and only ever invoked there, so the queue serialises every call; the scheduling
    // thread keeps no reference to it.
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
