import Dispatch
import Foundation
import SignalboxLocks
import Synchronization

/// A serial scheduler backed by a `DispatchQueue`, with a wall clock.
///
/// `QueueScheduler.main` runs work on the main queue (a front end's "UI scheduler");
/// `QueueScheduler(qos:name:)` creates a private serial queue. Actions run one at a time,
/// in the order they were scheduled for equal dates.
///
/// Immediate actions (`schedule(_:)`), and dated actions once they are due, go into one
/// first-in, first-out buffer per scheduler, and the queue drains the buffer in batches: a
/// stream of events observed on the scheduler costs one queue hop per batch instead of one
/// per event, while every action scheduled through this scheduler still runs in the order
/// it was scheduled (dated ones: in the order they became due), whichever stream it
/// belongs to. (Blocks submitted to the underlying `DispatchQueue` directly, not through
/// the scheduler, may run before a batch that was already waiting.) Each batch is only what
/// was waiting when it started, so other work on the queue gets its turn between batches.
public final class QueueScheduler: DateScheduler, @unchecked Sendable {
    // Safety: `buffer`, `spare` and `draining` are only touched while `lock` is held.
    /// The scheduler of the main queue.
    public static let main = QueueScheduler(queue: DispatchQueue.main)

    /// The serial queue actions run on.
    public let queue: DispatchQueue

    private let lock = Lock()
    /// Immediate actions waiting for the queue, oldest first.
    @exclusivity(unchecked) private var buffer: ContiguousArray<QueueEntry> = []
    /// The previous batch's storage, kept to reuse its capacity.
    @exclusivity(unchecked) private var spare: ContiguousArray<QueueEntry> = []
    /// Whether a drain is scheduled on the queue or running.
    @exclusivity(unchecked) private var draining = false

    /// Creates a scheduler on a new serial queue.
    ///
    /// - Parameters:
    ///   - qos: The quality of service of the queue. The default, `.unspecified` (as in
    ///     ReactiveSwift), fixes none: Dispatch runs the work at the quality of service it
    ///     propagates from the thread that scheduled it (for a batch of actions, the thread
    ///     that started the batch).
    ///   - name: The queue's label, shown in debuggers and crash logs.
    ///   - targeting: A queue to target, if any.
    public init(
        qos: DispatchQoS = .unspecified, name: String = "Signalbox.QueueScheduler",
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
        let scheduled = QueueAction(action)
        append(.cancellable(scheduled))
        return scheduled
    }

    /// Runs `action` on the queue, in order with every other action of this scheduler, with
    /// no way to cancel it: for operators that check for disposal themselves (such as
    /// `observe(on:)`), which saves the cancellation handle's allocation per event.
    ///
    /// - Parameter action: The work to run.
    @usableFromInline
    func enqueue(_ action: @escaping () -> Void) {
        append(.plain(action))
    }

    /// Adds an entry to the buffer and starts a drain on the queue unless one is pending.
    private func append(_ entry: QueueEntry) {
        lock.lock()
        buffer.append(entry)
        let startsDrain = !draining
        draining = true
        lock.unlock()
        if startsDrain { queue.async { self.drain() } }
    }

    /// Runs the actions that were waiting when it started, then hands the queue back and
    /// schedules itself again if more arrived meanwhile. Runs on `queue` only.
    private func drain() {
        lock.lock()
        var batch = buffer
        buffer = spare
        spare = []
        lock.unlock()
        for entry in batch {
            switch entry {
            case .cancellable(let scheduled): scheduled.runUnlessDisposed()
            case .plain(let action): action()
            }
        }
        batch.removeAll(keepingCapacity: true)
        lock.lock()
        spare = batch
        let more = !buffer.isEmpty
        if !more { draining = false }
        lock.unlock()
        if more { queue.async { self.drain() } }
    }

    /// The latest date a `QueueScheduler` schedules: 2100-01-01 00:00:00 UTC. Dispatch's
    /// wall-clock deadlines end early in the 22nd century; a later date (or +∞) never comes.
    public static let latestDate = Date(timeIntervalSince1970: 4_102_444_800)

    /// Runs `action` at `date` on the queue.
    ///
    /// A date in the past, −∞ or NaN runs the action as soon as possible; a date after
    /// `latestDate` (or +∞) never comes: the action never runs, and is kept until the
    /// returned disposable is disposed or released.
    ///
    /// - Parameters:
    ///   - date: When to run the action.
    ///   - action: The work to run.
    /// - Returns: A disposable that skips the action if it has not started yet.
    @discardableResult
    public func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        let deadline = Self.deadline(date)
        if case .never = deadline { return NeverDueAction(action) }
        let scheduled = QueueAction(action)
        // When due, the action joins the back of the buffer, so it runs after the immediate
        // actions that were scheduled before it became due.
        switch deadline {
        case .at(let wallTime):
            queue.asyncAfter(wallDeadline: wallTime) { self.enqueueDue(scheduled) }
        case .now, .never:
            queue.async { self.enqueueDue(scheduled) }
        }
        return scheduled
    }

    /// Appends an action that became due; runs on `queue`, so it can drain at once when no
    /// drain is pending.
    private func enqueueDue(_ scheduled: QueueAction) {
        lock.lock()
        buffer.append(.cancellable(scheduled))
        let startsDrain = !draining
        draining = true
        lock.unlock()
        if startsDrain { drain() }
    }

    /// Runs `action` at `date` and then every `interval` seconds, on the queue.
    ///
    /// Dates follow `schedule(after:action:)`: a first date after `latestDate` never comes
    /// (no timer is created; the action is kept until the disposable is disposed). Intervals follow `DateScheduler`: an interval below
    /// `minimumRepeatInterval` (or NaN) is raised to it, and an interval too long for
    /// Dispatch (+∞, or more than about a century) runs the action once.
    ///
    /// - Parameters:
    ///   - date: The first run.
    ///   - interval: Seconds between runs.
    ///   - leeway: Seconds each run may be deferred; NaN or negative counts as zero.
    ///   - action: The work to run.
    /// - Returns: A disposable that cancels the timer. Only `dispose()` stops the action:
    ///   dropping the disposable does not (the timer keeps itself alive until cancelled).
    @discardableResult
    public func schedule(
        after date: Date, interval: TimeInterval, leeway: TimeInterval,
        action: @escaping () -> Void
    ) -> Disposable? {
        let first: DispatchWallTime
        switch Self.deadline(date) {
        case .never: return NeverDueAction(action)
        case .now: first = .now()
        case .at(let wallTime): first = wallTime
        }
        let repeating: DispatchTimeInterval =
            Self.nanoseconds(SchedulingTime.repeatInterval(interval)).map { .nanoseconds($0) }
            ?? .never
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let work = QueueWork(action)
        timer.schedule(
            wallDeadline: first, repeating: repeating,
            leeway: .nanoseconds(
                Self.nanoseconds(SchedulingTime.leeway(leeway)) ?? Self.maximumNanoseconds))
        // The handler holds the timer, so the timer lives until it is cancelled rather than
        // until the disposable is dropped; cancelling releases the handler and the cycle.
        timer.setEventHandler { withExtendedLifetime(timer) { work.run() } }
        timer.resume()
        return AnyDisposable { timer.cancel() }
    }

    /// When a dated action is due, for Dispatch.
    enum Deadline {
        /// As soon as possible (a past, −∞ or NaN date).
        case now
        /// At this wall-clock time.
        case at(DispatchWallTime)
        /// Never (a date after `latestDate`, or +∞).
        case never
    }

    /// The deadline of `date`; total for every `Date`, NaN and infinities included.
    static func deadline(_ date: Date) -> Deadline {
        let seconds = date.timeIntervalSince1970
        if seconds.isNaN { return .now }
        if seconds >= latestDate.timeIntervalSince1970 { return .never }
        if seconds <= 0 { return .now }
        // 0 < seconds < 4.2e9 here, so both conversions are exact and in range.
        let whole = seconds.rounded(.down)
        let nanos = Int((seconds - whole) * 1_000_000_000)
        return .at(
            DispatchWallTime(
                timespec: timespec(tv_sec: Int(whole), tv_nsec: min(nanos, 999_999_999))))
    }

    /// The longest interval handed to Dispatch, in nanoseconds: about 126 years.
    static let maximumNanoseconds = 4_000_000_000_000_000_000

    /// `interval` in nanoseconds (zero for a negative or NaN interval), or `nil` if it is
    /// longer than `maximumNanoseconds` (or +∞).
    static func nanoseconds(_ interval: TimeInterval) -> Int? {
        let nanos = (interval * 1_000_000_000).rounded()
        guard nanos > 0 else { return 0 }  // NaN too
        guard nanos <= Double(maximumNanoseconds) else { return nil }
        return Int(nanos)
    }
}

/// An action waiting in a `QueueScheduler`'s buffer.
private enum QueueEntry {
    /// Scheduled with `schedule`: skipped if disposed before it runs.
    case cancellable(QueueAction)
    /// Scheduled with `enqueue`: always runs.
    case plain(() -> Void)
}

/// An action waiting in a `QueueScheduler`'s buffer (or for its date), and the disposable
/// that cancels it.
final class QueueAction: Disposable, @unchecked Sendable {
    // Safety: after `init`, `action` is read and cleared only on the scheduler's serial
    // queue, the one place it runs; `disposed` is atomic.
    @exclusivity(unchecked) private var action: (() -> Void)?
    private let disposed = Atomic<Bool>(false)

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    func dispose() {
        disposed.store(true, ordering: .releasing)
    }

    /// Runs the action unless it was disposed, then releases it (and what it captured).
    func runUnlessDisposed() {
        let action = self.action
        self.action = nil
        if !disposed.load(ordering: .acquiring) { action?() }
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
