import Dispatch
import Foundation
import Signalbox
import TestThreads
import Testing

@Suite("Contract 6: schedulers", .ownThreads)
struct SchedulerTests {
    @Test("TestScheduler starts at a fixed date and runs nothing until advanced")
    func testSchedulerStart() {
        let scheduler = TestScheduler()
        #expect(scheduler.currentDate == Date(timeIntervalSinceReferenceDate: 0))
        let runs = Counter()
        scheduler.schedule { runs.increment() }
        #expect(runs.value == 0)
        scheduler.advance()
        #expect(runs.value == 1)
    }

    @Test("TestScheduler runs actions in date order, FIFO for equal dates")
    func testSchedulerOrder() {
        let scheduler = TestScheduler()
        let order = Recorded<String>()
        let start = scheduler.currentDate
        scheduler.schedule(after: start.addingTimeInterval(2)) { order.append("c") }
        scheduler.schedule(after: start.addingTimeInterval(1)) { order.append("a") }
        scheduler.schedule(after: start.addingTimeInterval(1)) { order.append("b") }
        scheduler.advance(by: 1)
        #expect(order.items == ["a", "b"])
        #expect(scheduler.elapsed(since: start) == 1)
        scheduler.advance(to: start.addingTimeInterval(5))
        #expect(order.items == ["a", "b", "c"])
        #expect(scheduler.currentDate == start.addingTimeInterval(5))
    }

    @Test("TestScheduler: a cancelled action does not run; run() drains everything")
    func testSchedulerCancelAndRun() {
        let scheduler = TestScheduler()
        let runs = Recorded<TimeInterval>()
        let start = scheduler.currentDate
        let cancelled = scheduler.schedule(afterDelay: 1) { runs.append(1) }
        scheduler.schedule(afterDelay: 3) {
            runs.append(scheduler.elapsed(since: start))
            scheduler.schedule(afterDelay: 2) { runs.append(scheduler.elapsed(since: start)) }
        }
        cancelled?.dispose()
        #expect(scheduler.pendingActionCount == 1)
        scheduler.run()
        #expect(runs.items == [3, 5])
    }

    @Test("TestScheduler repeats at each interval until disposed")
    func testSchedulerRepeats() {
        let scheduler = TestScheduler()
        let ticks = Counter()
        let timer = scheduler.schedule(
            after: scheduler.currentDate.addingTimeInterval(1), interval: 1
        ) { ticks.increment() }
        scheduler.advance(by: 3.5)
        #expect(ticks.value == 3)
        timer?.dispose()
        scheduler.advance(by: 10)
        #expect(ticks.value == 3)
    }

    @Test("ImmediateScheduler runs the action before returning")
    func immediate() {
        let runs = Counter()
        ImmediateScheduler().schedule { runs.increment() }
        #expect(runs.value == 1)
    }

    @Test("QueueScheduler runs actions serially on its queue, in order")
    func queueScheduler() {
        let scheduler = QueueScheduler(qos: .userInitiated, name: "test.queue")
        let order = Recorded<Int>()
        let done = DispatchSemaphore(value: 0)
        for i in 0..<100 { scheduler.schedule { order.append(i) } }
        scheduler.schedule { done.signal() }
        done.wait()
        #expect(order.items == Array(0..<100))
    }

    @Test("QueueScheduler: a disposed action is skipped; a dated action runs")
    func queueSchedulerDisposal() {
        let scheduler = QueueScheduler(name: "test.queue.disposal")
        let blocker = DispatchSemaphore(value: 0)
        let ran = Recorded<String>()
        let done = DispatchSemaphore(value: 0)
        scheduler.schedule { blocker.wait() }
        scheduler.schedule { ran.append("skipped") }?.dispose()
        scheduler.schedule { ran.append("kept") }
        scheduler.schedule(after: scheduler.currentDate) {
            ran.append("dated")
            done.signal()
        }
        blocker.signal()
        done.wait()
        #expect(ran.items == ["kept", "dated"])
    }

    @Test("QueueScheduler keeps first-in, first-out order across batches and nested schedules")
    func queueSchedulerBatchOrder() {
        let scheduler = QueueScheduler(name: "test.queue.batches")
        let blocker = DispatchSemaphore(value: 0)
        let order = Recorded<String>()
        let done = DispatchSemaphore(value: 0)
        // While the queue is blocked, everything below waits in one batch.
        scheduler.schedule { blocker.wait() }
        scheduler.schedule {
            order.append("a")
            scheduler.schedule {
                order.append("nested")
                done.signal()
            }
        }
        scheduler.schedule { order.append("b") }
        let (signal, input) = Signal<String, Never>.pipe()
        signal.observe(on: scheduler).observeValues { order.append($0) }
        input.send(value: "c")
        blocker.signal()
        done.wait()
        #expect(order.items == ["a", "b", "c", "nested"])
    }

    @Test("QueueScheduler releases an action once it has run, even if its disposable is kept")
    func queueSchedulerReleasesActions() {
        let scheduler = QueueScheduler(name: "test.queue.release")
        let done = DispatchSemaphore(value: 0)
        weak var captured: Token?
        var disposable: Disposable?
        do {
            let token = Token()
            captured = token
            disposable = scheduler.schedule { withExtendedLifetime(token) {} }
        }
        scheduler.schedule { done.signal() }
        done.wait()
        #expect(captured == nil)
        #expect(disposable?.isDisposed == false)
    }

    @Test("observe(on:) delivers on the scheduler, and drops queued values after disposal")
    func observeOnTestScheduler() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorded<Event<Int, Never>>()
        let disposable = SignalProducer(signal).observe(on: scheduler).start { received.append($0) }
        input.send(value: 1)
        #expect(received.items.isEmpty)
        scheduler.advance()
        #expect(received.items == [.value(1)])
        input.send(value: 2)
        disposable.dispose()
        scheduler.advance()
        #expect(received.items == [.value(1), .interrupted])
    }

    @Test(
        "observe(on:): a run disposed while its completion or failure waits reports .interrupted",
        arguments: [Event<Int, TestError>.completed, .failed(.boom)])
    func observeOnDisposedBeforeTerminal(terminal: Event<Int, TestError>) {
        let scheduler = TestScheduler()
        let received = Recorded<Event<Int, TestError>>()
        let disposable = SignalProducer<Int, TestError> { observer, _ in
            observer.send(value: 1)
            observer.send(terminal)
        }
        .observe(on: scheduler)
        .start { received.append($0) }
        disposable.dispose()
        scheduler.advance()
        #expect(received.items == [.interrupted])
    }

    @Test("start(on:) runs the start handler on the scheduler")
    func startOn() {
        let scheduler = TestScheduler()
        let starts = Counter()
        SignalProducer<Int, Never> { _, _ in starts.increment() }.start(on: scheduler).start()
        #expect(starts.value == 0)
        scheduler.advance()
        #expect(starts.value == 1)
    }
}
