import Dispatch
import Foundation
import Signalbox
import Testing

/// The `async` `TestScheduler` as ReactiveSwift's `TestSchedulerAsyncTestCase` and
/// `DateSchedulerAsyncTestCase` use it: actions run on the main actor, and a task the test
/// starts on the main actor reaches its wait before the clock moves, every time.
@Suite("the async TestScheduler: main actor, deterministic waits")
@MainActor
struct AsyncTestSchedulerTests {
    /// Runs `body` and tells whether it finished within `seconds` (a hang fails the test
    /// instead of hanging the suite; the hung task is left behind).
    func finishes(within seconds: Double, _ body: @escaping @MainActor () async -> Void) async
        -> Bool
    {
        let done = DispatchSemaphore(value: 0)
        Task { @MainActor in
            await body()
            done.signal()
        }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: done.wait(timeout: .now() + seconds) == .success)
            }
        }
    }

    /// Each action asserts that it runs on the main actor (`assumeIsolated` stops the
    /// process otherwise). Swift Testing's main actor need not be the main thread on Linux;
    /// under XCTest it is, which ReactiveSwift's own test case checks.
    @Test("advance runs the actions due, in order, on the main actor")
    func actionsOnTheMainThread() async {
        let start = Date(timeIntervalSinceReferenceDate: 1_000)
        let scheduler = TestScheduler(startDate: start)
        var log: [String] = []
        scheduler.schedule(after: .seconds(15)) {
            MainActor.assumeIsolated { log.append("bar") }
        }
        scheduler.schedule(after: .seconds(5)) {
            MainActor.assumeIsolated { log.append("foo") }
        }
        await scheduler.advance(by: .seconds(10))
        #expect(log == ["foo"])
        #expect(scheduler.currentDate == start.addingTimeInterval(10))
        await scheduler.advance(by: 10)
        #expect(log == ["foo", "bar"])
        scheduler.schedule { MainActor.assumeIsolated { log.append("now") } }
        await scheduler.run()
        #expect(log == ["foo", "bar", "now"])
    }

    @Test("sleep(for:) and sleep(until:) in a task started just before advance: 300 times, no hang")
    func sleepsWithoutWaitingForTheWait() async {
        let finished = await finishes(within: 60) {
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
                await scheduler.advance(by: .seconds(5))
                let woke = try? await task.value
                #expect(woke == start.addingTimeInterval(5), "round \(round)")
            }
        }
        #expect(finished, "a sleep did not wake: its wake-up was scheduled after the clock moved")
    }

    /// The ticks a consumer sees: each carries its virtual date, none comes early. When a
    /// tick reaches the consumer is not pinned to the clock: `AsyncStream` resumes its
    /// consumer through the shared pool, which a loaded machine may delay past the yields
    /// of `advance` (`Signalbox.docc`, "Differences from ReactiveSwift"), so the test waits
    /// for the ticks rather than checking them at once.
    @Test("timer: ticks carry their virtual dates and none comes early, 100 times")
    func timerTicks() async {
        let finished = await finishes(within: 60) {
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
                #expect(dates.isEmpty, "round \(round)")
                await scheduler.advance(by: .seconds(1))
                await scheduler.advance(by: .seconds(2))
                await task.value
                #expect(
                    dates == (1...3).map { start.addingTimeInterval(TimeInterval($0)) },
                    "round \(round)")
            }
        }
        #expect(finished, "the timer test hung")
    }
}
