import Foundation
import SignalboxLocks

/// A scheduler in virtual time: nothing runs until the test advances the clock.
///
/// Why: a test of a debounced search should not sleep for 300 ms, and should not flake when
/// the machine is busy. With a `TestScheduler` the test says "0.3 seconds pass" and every
/// action due by then runs, synchronously, on the test's thread, in date order; actions
/// scheduled for the same date run first-in, first-out.
///
/// ```swift
/// let scheduler = TestScheduler()
/// scheduler.schedule(afterDelay: 1) { print("one second later") }
/// scheduler.advance(by: 0.5)  // Prints nothing.
/// scheduler.advance(by: 0.5)  // Prints: one second later
/// ```
public final class TestScheduler: DateScheduler, @unchecked Sendable {
    // Safety: `now` and `queue` are only touched under `lock`. Actions are run outside the
    // lock, by the thread that advances the clock.
    private struct Item {
        let date: Date
        let action: () -> Void
        let disposable: AnyDisposable
    }

    private let lock = Lock()
    private var now: Date
    /// Sorted by date; an item is inserted after those of the same date, so equal dates run
    /// first-in, first-out.
    private var queue: [Item] = []

    /// The date a `TestScheduler` starts at unless told otherwise: 2001-01-01 00:00:00 UTC.
    public static let defaultStartDate = Date(timeIntervalSinceReferenceDate: 0)

    /// The latest virtual date, `Date.distantFuture`: an action scheduled after it (or at
    /// +∞) never runs (it is kept by the returned disposable until disposed, not by the
    /// scheduler), and the clock never moves past it.
    public static let latestDate = Date.distantFuture

    /// Creates a scheduler whose clock starts at `startDate`.
    ///
    /// - Parameter startDate: The initial virtual date; NaN counts as `defaultStartDate`,
    ///   and a date after `latestDate` as `latestDate`.
    public init(startDate: Date = TestScheduler.defaultStartDate) {
        let seconds = startDate.timeIntervalSinceReferenceDate
        if seconds.isNaN {
            now = Self.defaultStartDate
        } else {
            now = min(startDate, Self.latestDate)
        }
    }

    /// The virtual date.
    public var currentDate: Date { lock.withLock { now } }

    /// Seconds of virtual time between `date` and `currentDate`.
    ///
    /// - Parameter date: The reference date.
    /// - Returns: `currentDate` minus `date`, in seconds.
    public func elapsed(since date: Date = TestScheduler.defaultStartDate) -> TimeInterval {
        currentDate.timeIntervalSince(date)
    }

    /// How many actions are waiting to run.
    public var pendingActionCount: Int {
        lock.withLock { queue.filter { !$0.disposable.isDisposed }.count }
    }

    /// Schedules `action` for the current virtual date; it runs on the next advance.
    ///
    /// - Parameter action: The work to run.
    /// - Returns: A disposable that cancels the action.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        enqueue(at: nil, action)
    }

    /// Schedules `action` for `date`.
    ///
    /// - Parameters:
    ///   - date: The virtual date to run at; a past or NaN date runs on the next advance, a
    ///     date after `latestDate` (or +∞) never.
    ///   - action: The work to run.
    /// - Returns: A disposable that cancels the action.
    @discardableResult
    public func schedule(after date: Date, action: @escaping () -> Void) -> Disposable? {
        enqueue(at: date, action)
    }

    /// Schedules `action` for `date` and then every `interval` seconds of virtual time.
    ///
    /// - Parameters:
    ///   - date: The first run.
    ///   - interval: Seconds between runs; values below `minimumRepeatInterval` (and NaN)
    ///     are raised to it; +∞ runs the action once.
    ///   - leeway: Ignored: virtual time is exact.
    ///   - action: The work to run.
    /// - Returns: A disposable that stops the repetition.
    @discardableResult
    public func schedule(
        after date: Date, interval: TimeInterval, leeway: TimeInterval,
        action: @escaping () -> Void
    ) -> Disposable? {
        let step = SchedulingTime.repeatInterval(interval)
        let repetition = CompositeDisposable()
        let holder = SerialDisposable()
        repetition += holder
        func scheduleNext(at date: Date) {
            holder.inner = enqueue(at: date) {
                action()
                if !repetition.isDisposed { scheduleNext(at: date.addingTimeInterval(step)) }
            }
        }
        scheduleNext(at: date)
        return repetition
    }

    @discardableResult
    private func enqueue(at date: Date?, _ action: @escaping () -> Void) -> Disposable {
        // A date after the latest never comes. (NaN fails every comparison, so it is tested
        // first, and means now.)
        if let date, !date.timeIntervalSinceReferenceDate.isNaN, date > Self.latestDate {
            return NeverDueAction(action)
        }
        let disposable = AnyDisposable()
        lock.withLock {
            let due = date.flatMap { $0.timeIntervalSinceReferenceDate.isNaN ? nil : $0 }
            let item = Item(date: due ?? now, action: action, disposable: disposable)
            let index = insertionIndex(for: item)
            queue.insert(item, at: index)
        }
        return disposable
    }

    private func insertionIndex(for item: Item) -> Int {
        var low = 0
        var high = queue.count
        while low < high {
            let mid = (low + high) / 2
            if queue[mid].date <= item.date { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// Runs every action due at the current virtual date, without moving the clock.
    public func advance() {
        advance(by: 0)
    }

    /// Moves the clock forward by `interval` seconds, running every action due by then.
    ///
    /// - Parameter interval: Seconds of virtual time to pass; NaN or negative counts as
    ///   zero, and the clock stops at `latestDate` (so +∞ runs everything that can run,
    ///   though a repeating action then runs until `latestDate`).
    public func advance(by interval: TimeInterval) {
        advance(to: SchedulingTime.date(currentDate, after: max(0, interval)))
    }

    /// Moves the clock to `date`, running every action due by then in date order (FIFO for
    /// equal dates), including actions those actions schedule.
    ///
    /// - Parameter date: The new virtual date; an earlier (or NaN) date than now leaves the
    ///   clock, a date after `latestDate` counts as `latestDate`.
    public func advance(to date: Date) {
        let target =
            date.timeIntervalSinceReferenceDate.isNaN ? currentDate : min(date, Self.latestDate)
        while let item = popDue(by: target) {
            if !item.disposable.isDisposed { item.action() }
        }
        lock.withLock { if target > now { now = target } }
    }

    /// Runs every scheduled action, moving the clock as far as needed, until none is left.
    ///
    /// The clock stops at the date of the last action run. A repeating action never lets
    /// `run()` finish; dispose it first or use `advance(by:)`.
    public func run() {
        while let item = popDue(by: Self.latestDate) {
            if !item.disposable.isDisposed { item.action() }
        }
    }

    /// Moves the clock back by `interval` seconds, without running anything: it simulates
    /// the user changing the device's date. Actions keep their dates, so an action due
    /// before the rewind is due again only once the clock gets back to its date.
    ///
    /// - Parameter interval: Seconds to move back; NaN or negative counts as zero, and the
    ///   clock stops at `Date.distantPast`.
    public func rewind(by interval: TimeInterval) {
        guard interval > 0 else { return }
        lock.withLock { now = max(now.addingTimeInterval(-interval), Date.distantPast) }
    }

    /// Runs the first action due by `date` (moving the clock to its date), if any.
    ///
    /// - Parameter date: The latest date an action may be due at.
    /// - Returns: `false` if no action was due by `date`.
    func runNextAction(dueBy date: Date) -> Bool {
        guard let item = popDue(by: date) else { return false }
        if !item.disposable.isDisposed { item.action() }
        return true
    }

    /// Moves the clock to `date` if it is later than now, without running anything.
    ///
    /// - Parameter date: The new virtual date.
    func moveClock(to date: Date) {
        lock.withLock { if date > now { now = date } }
    }

    private func popDue(by date: Date) -> Item? {
        lock.withLock {
            guard let first = queue.first, first.date <= date else { return nil }
            queue.removeFirst()
            if first.date > now { now = first.date }
            return first
        }
    }
}
