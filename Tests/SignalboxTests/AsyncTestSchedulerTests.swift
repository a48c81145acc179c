import Foundation
import Signalbox
import XCTest

/// The `async` `TestScheduler` as ReactiveSwift's `TestSchedulerAsyncTestCase` and
/// `DateSchedulerAsyncTestCase` use it: actions run on the main actor, and a task the test
/// starts on the main actor reaches its wait before the clock moves, every time.
///
/// XCTest, as ReactiveSwift's own cases: its `async` tests run the main run loop while they
/// wait, so the main actor is served. (Under `swift test` on Linux, Swift Testing's tests
/// may find the main actor busy for most of the run: a test awaiting it waits that long.)
final class AsyncTestSchedulerTests: XCTestCase {
    @MainActor
    func testAdvanceRunsTheActionsDueInOrderOnTheMainThread() async {
        let start = Date(timeIntervalSinceReferenceDate: 1_000)
        let scheduler = TestScheduler(startDate: start)
        var log: [String] = []
        var onMain = true
        scheduler.schedule(after: .seconds(15)) {
            MainActor.assumeIsolated { log.append("bar") }
            onMain = onMain && Thread.isMainThread
        }
        scheduler.schedule(after: .seconds(5)) {
            MainActor.assumeIsolated { log.append("foo") }
            onMain = onMain && Thread.isMainThread
        }
        await scheduler.advance(by: .seconds(10))
        XCTAssertEqual(log, ["foo"])
        XCTAssertEqual(scheduler.currentDate, start.addingTimeInterval(10))
        await scheduler.advance(by: 10)
        XCTAssertEqual(log, ["foo", "bar"])
        scheduler.schedule { MainActor.assumeIsolated { log.append("now") } }
        await scheduler.run()
        XCTAssertEqual(log, ["foo", "bar", "now"])
        XCTAssertTrue(onMain)
    }

    /// A task started on the main actor just before `advance`: its `sleep` schedules the
    /// wake-up on the main actor before it suspends, and `advance` lets the main actor's
    /// queued jobs run before it moves the clock. Before, the wake-up could come after the
    /// clock moved, and the task then waited for ever.
    @MainActor
    func testSleepsInATaskStartedJustBeforeAdvanceAlwaysWake() async {
        for round in 0..<300 {
            let start = Date(timeIntervalSinceReferenceDate: 0)
            let scheduler = TestScheduler(startDate: start)
            let task = Task {
                if round.isMultiple(of: 2) {
                    try await scheduler.sleep(for: .seconds(5))
                } else {
                    try await scheduler.sleep(until: start.addingTimeInterval(5))
                }
                return scheduler.currentDate
            }
            // Scheduled before the clock moves, every time: no wait for the wait needed.
            await scheduler.advance(by: .seconds(5))
            XCTAssertEqual(scheduler.pendingActionCount, 0, "round \(round): the wake-up ran")
            let woke = try? await task.value
            XCTAssertEqual(woke, start.addingTimeInterval(5), "round \(round)")
        }
    }

    /// The ticks a consumer sees carry their virtual dates and none comes early. When a tick
    /// reaches the consumer is not pinned to the clock (`AsyncStream` resumes its consumer
    /// through the shared pool; see "Differences from ReactiveSwift"), so the test waits for
    /// the ticks rather than checking them at once.
    @MainActor
    func testTimerTicksCarryTheirVirtualDates() async {
        for round in 0..<100 {
            let start = Date(timeIntervalSinceReferenceDate: 0)
            let scheduler = TestScheduler(startDate: start)
            var dates: [Date] = []
            let task = Task {
                for await date in scheduler.timer(interval: .seconds(1)) {
                    dates.append(date)
                    if dates.count == 3 { break }
                }
            }
            await scheduler.advance(by: .milliseconds(900))
            XCTAssertEqual(dates, [], "round \(round)")
            await scheduler.advance(by: .seconds(1))
            await scheduler.advance(by: .seconds(2))
            await task.value
            XCTAssertEqual(
                dates, (1...3).map { start.addingTimeInterval(TimeInterval($0)) }, "round \(round)")
        }
    }
}
