import Foundation
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

/// Dates and intervals from the public API never trap: a date too far in the future (or
/// +infinity) never comes, a past or NaN date means now, a NaN or negative delay counts as
/// zero, and a repeat interval is at least `minimumRepeatInterval`.
@Suite("Scheduling time: any Date or TimeInterval is accepted", .ownThreads)
struct SchedulingTimeTests {
    static let farDates: [Date] = [
        .distantFuture,
        Date(timeIntervalSince1970: 1e19),
        Date(timeIntervalSinceReferenceDate: .infinity),
        Date(timeIntervalSince1970: 5e9),
    ]

    /// Seconds since the reference date of dates that mean "now". (Given as numbers: a
    /// NaN `Date` traps in `Date.description`, which Swift Testing uses to name arguments.)
    static let nowDates: [TimeInterval] = [
        .nan, Date.distantPast.timeIntervalSinceReferenceDate, -1e19, -.infinity,
    ]

    @Test("QueueScheduler: a date too far in the future never comes; disposing it is fine")
    func queueFarDates() {
        let scheduler = QueueScheduler(name: "test.far-dates")
        let ran = Counter()
        let far = Self.farDates.map { date in scheduler.schedule(after: date) { ran.increment() } }
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(0.05)) {
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(ran.value == 0)
        for disposable in far { disposable?.dispose() }
        #expect(far.allSatisfy { $0?.isDisposed == true })
    }

    @Test("QueueScheduler: a NaN or past date runs soon", arguments: nowDates)
    func queueNowDates(seconds: TimeInterval) {
        let scheduler = QueueScheduler(name: "test.now-dates")
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: seconds)) {
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
    }

    @Test(
        "QueueScheduler: a repeat interval that is zero, negative or NaN repeats at the minimum",
        arguments: [0, -1, TimeInterval.nan, -TimeInterval.infinity])
    func queueRepeatMinimum(interval: TimeInterval) {
        let scheduler = QueueScheduler(name: "test.repeat-minimum")
        let ticks = Counter()
        let done = DispatchSemaphore(value: 0)
        let timer = scheduler.schedule(
            after: Date(timeIntervalSinceReferenceDate: .nan), interval: interval, leeway: .nan
        ) {
            ticks.increment()
            if ticks.value == 3 { done.signal() }
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        timer?.dispose()
    }

    @Test("QueueScheduler: an infinite repeat interval runs once; a far first date never runs")
    func queueRepeatInfinite() {
        let scheduler = QueueScheduler(name: "test.repeat-infinite")
        let ticks = Counter()
        let farTicks = Counter()
        let once = scheduler.schedule(
            after: scheduler.currentDate, interval: .infinity, leeway: .infinity
        ) { ticks.increment() }
        let never = scheduler.schedule(after: .distantFuture, interval: 1e300, leeway: 0) {
            farTicks.increment()
        }
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(0.1)) {
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(ticks.value == 1)
        #expect(farTicks.value == 0)
        once?.dispose()
        never?.dispose()
    }

    @Test("QueueScheduler: schedule(afterDelay:) with a NaN delay runs soon, +∞ never")
    func queueAfterDelay() {
        let scheduler = QueueScheduler(name: "test.after-delay")
        let ran = Counter()
        let never = scheduler.schedule(afterDelay: .infinity) { ran.increment() }
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule(afterDelay: .nan) { done.signal() }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(ran.value == 0)
        never?.dispose()
    }

    @Test("TestScheduler: advancing by NaN or a negative interval runs what is due and stays")
    func testSchedulerAdvanceNaN() {
        let scheduler = TestScheduler()
        let ran = Counter()
        scheduler.schedule { ran.increment() }
        scheduler.advance(by: .nan)
        scheduler.advance(by: -.infinity)
        scheduler.advance(by: -5)
        #expect(ran.value == 1)
        #expect(scheduler.currentDate == TestScheduler.defaultStartDate)
    }

    @Test("TestScheduler: advancing by +∞ runs every finite date and stops at the latest date")
    func testSchedulerAdvanceInfinity() {
        let scheduler = TestScheduler()
        let ran = Recorded<String>()
        scheduler.schedule(afterDelay: 1e9) { ran.append("far but finite") }
        scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: .infinity)) {
            ran.append("infinite")
        }
        scheduler.schedule(after: Date(timeIntervalSince1970: 1e19)) { ran.append("beyond") }
        scheduler.advance(by: .infinity)
        #expect(ran.items == ["far but finite"])
        #expect(scheduler.currentDate == TestScheduler.latestDate)
        scheduler.advance(by: 1)
        scheduler.run()
        #expect(ran.items == ["far but finite"])
        #expect(scheduler.currentDate == TestScheduler.latestDate)
    }

    @Test("TestScheduler: a NaN date runs on the next advance and does not block later dates")
    func testSchedulerNaNDate() {
        let scheduler = TestScheduler()
        let ran = Recorded<String>()
        scheduler.schedule(after: Date(timeIntervalSinceReferenceDate: .nan)) {
            ran.append("nan")
        }
        scheduler.schedule(afterDelay: 1) { ran.append("one") }
        scheduler.schedule(afterDelay: .nan) { ran.append("nan delay") }
        scheduler.advance()
        #expect(ran.items == ["nan", "nan delay"])
        scheduler.advance(by: 1)
        #expect(ran.items == ["nan", "nan delay", "one"])
        scheduler.advance(to: Date(timeIntervalSinceReferenceDate: .nan))
        #expect(scheduler.elapsed() == 1)
    }

    @Test(
        "TestScheduler: a repeat interval that is zero, negative or NaN repeats at the minimum",
        arguments: [0, -1, TimeInterval.nan])
    func testSchedulerRepeatMinimum(interval: TimeInterval) {
        let scheduler = TestScheduler()
        let ticks = Counter()
        let timer = scheduler.schedule(
            after: scheduler.currentDate, interval: interval, leeway: .nan
        ) { ticks.increment() }
        scheduler.advance(by: 10.5 * TestScheduler.minimumRepeatInterval)
        #expect(ticks.value == 11)
        timer?.dispose()
    }

    @Test("TestScheduler: an infinite repeat interval runs once")
    func testSchedulerRepeatInfinite() {
        let scheduler = TestScheduler()
        let ticks = Counter()
        let timer = scheduler.schedule(after: scheduler.currentDate, interval: .infinity) {
            ticks.increment()
        }
        scheduler.advance(by: .infinity)
        #expect(ticks.value == 1)
        timer?.dispose()
    }

    @Test("delay, debounce, throttle and timeout accept NaN, negative and infinite intervals")
    func timeOperatorsOnQueueScheduler() {
        let scheduler = QueueScheduler(name: "test.time-operators")
        for interval in [TimeInterval.nan, -1, .infinity, 1e19, -.infinity] {
            let received = Recorded<Event<Int, TestError>>()
            let (signal, input) = Signal<Int, TestError>.pipe()
            let runs = [
                SignalProducer(signal).delay(interval, on: scheduler),
                SignalProducer(signal).debounce(interval, on: scheduler),
                SignalProducer(signal).throttle(interval, on: scheduler),
                SignalProducer(signal).timeout(after: interval, raising: .boom, on: scheduler),
            ].map { $0.start { received.append($0) } }
            input.send(value: 1)
            let done = DispatchSemaphore(value: 0)
            scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(0.02)) {
                done.signal()
            }
            #expect(done.wait(timeout: .now() + 60) == .success)
            for run in runs { run.dispose() }
            input.sendCompleted()
        }
    }

    @Test("delay: NaN or negative counts as zero, +∞ holds the values until disposal")
    func delayClamps() {
        let scheduler = TestScheduler()
        let recorderNow = EventRecorder<Int, Never>()
        recorderNow.record(SignalProducer(values: 1, 2).delay(.nan, on: scheduler))
        let recorderNever = EventRecorder<Int, Never>()
        let never = recorderNever.record(
            SignalProducer(values: 1, 2).delay(.infinity, on: scheduler))
        scheduler.advance()
        #expect(recorderNow.events == [.value(1), .value(2), .completed])
        scheduler.advance(by: .infinity)
        #expect(recorderNever.events.isEmpty)
        never.dispose()
        scheduler.advance()
        #expect(recorderNever.events == [.interrupted])
    }

    @Test("timer: a NaN, zero or negative interval ticks at the minimum interval")
    func timerMinimum() {
        for interval in [TimeInterval.nan, 0, -3] {
            let scheduler = TestScheduler()
            let ticks = Counter()
            let timer = SignalProducer.timer(interval: interval, on: scheduler)
                .startWithValues { _ in ticks.increment() }
            scheduler.advance(by: 3.5 * TestScheduler.minimumRepeatInterval)
            #expect(ticks.value == 3)
            timer.dispose()
        }
    }

    @Test("retry with an exponential backoff of 1e19 s waits the longest delay, no more")
    func retryHugeBackoff() {
        let backoff = RetryBackoff.exponential(initial: 1e19)
        #expect(backoff.initialDelay == RetryBackoff.longestDelay)
        #expect(backoff.delay(beforeRetry: 1) == RetryBackoff.longestDelay)
        #expect(backoff.delay(beforeRetry: .max) == RetryBackoff.longestDelay)
        let zeroTimesInfinity = RetryBackoff.exponential(initial: 0, multiplier: .infinity)
        #expect(zeroTimesInfinity.delay(beforeRetry: 3) == 0)
        let scheduler = QueueScheduler(name: "test.retry-backoff")
        let attempts = Counter()
        let failing = SignalProducer<Int, TestError> { observer, _ in
            attempts.increment()
            observer.send(error: .boom)
        }
        let run = failing.retry(upTo: 3, backoff: backoff, on: scheduler).start()
        #expect(attempts.value == 1)
        run.dispose()
    }

    @Test("retry(upTo:on:delayBeforeRetry:) clamps NaN, negative and huge pauses")
    func retryClampsPauses() {
        let scheduler = TestScheduler()
        for (pause, due) in [
            (TimeInterval.nan, 0), (-1, 0), (.infinity, RetryBackoff.longestDelay),
            (1e19, RetryBackoff.longestDelay),
        ] {
            let attempts = Counter()
            let failing = SignalProducer<Int, TestError> { observer, _ in
                attempts.increment()
                observer.send(error: .boom)
            }
            let run = failing.retry(upTo: 1, on: scheduler) { _, _ in pause }.start()
            scheduler.advance()
            if due > 0 {
                #expect(attempts.value == 1)
                scheduler.advance(by: due)
            }
            #expect(attempts.value == 2)
            run.dispose()
        }
    }

    @Test("counts below their range are total: take, skip, collect, retry")
    func negativeCounts() {
        let values = SignalProducer<Int, Never>(values: 1, 2, 3)
        #expect(EventRecorder(starting: values.take(first: -1)).events == [.interrupted])
        #expect(EventRecorder(starting: values.skip(first: -3)).values == [1, 2, 3])
        #expect(EventRecorder(starting: values.collect(count: 0)).values == [[1], [2], [3]])
        #expect(EventRecorder(starting: values.collect(count: -5)).values == [[1], [2], [3]])
        let attempts = Counter()
        let failing = SignalProducer<Int, TestError> { observer, _ in
            attempts.increment()
            observer.send(error: .boom)
        }
        _ = failing.retry(upTo: -1).start()
        _ = failing.retry(upTo: .min).start()
        #expect(attempts.value == 2)
    }
}
