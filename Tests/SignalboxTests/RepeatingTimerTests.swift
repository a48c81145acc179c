import Foundation
import Signalbox
import TestThreads
import Testing

@Suite("QueueScheduler repeating actions", .ownThreads)
struct RepeatingTimerTests {
    @Test("a repeating action keeps running while its disposable is merely dropped")
    func droppedDisposableKeepsRunning() {
        let scheduler = QueueScheduler(name: "test.repeating.dropped")
        let ticks = Counter()
        let thirdTick = DispatchSemaphore(value: 0)
        weak var dropped: AnyObject?
        do {
            let disposable = scheduler.schedule(
                after: scheduler.currentDate, interval: 0.005, leeway: 0
            ) {
                ticks.increment()
                if ticks.value == 3 {
                    // Nothing can dispose of the timer any more: park the queue instead.
                    scheduler.queue.suspend()
                    thirdTick.signal()
                }
            }
            dropped = disposable.map { $0 as AnyObject }
        }
        #expect(dropped == nil)
        #expect(thirdTick.wait(timeout: .now() + 60) == .success)
    }

    @Test("only dispose() stops a repeating action, and it releases the action")
    func disposeStops() {
        let scheduler = QueueScheduler(name: "test.repeating.dispose")
        let ticks = Counter()
        let thirdTick = DispatchSemaphore(value: 0)
        let extraTick = DispatchSemaphore(value: 0)
        let handle = Atomic<Disposable?>(nil)
        // The first tick waits (bounded) until the handle is stored: on a loaded machine the
        // scheduler's queue can otherwise tick three times before `schedule` returns here.
        let stored = DispatchSemaphore(value: 0)
        weak var captured: Token?
        do {
            let token = Token()
            captured = token
            handle.value = scheduler.schedule(
                after: scheduler.currentDate, interval: 0.005, leeway: 0
            ) {
                if ticks.value == 0 { _ = stored.wait(timeout: .now() + 5) }
                withExtendedLifetime(token) { ticks.increment() }
                switch ticks.value {
                case 3:
                    handle.value?.dispose()
                    thirdTick.signal()
                case 4...: extraTick.signal()
                default: break
                }
            }
            stored.signal()
        }
        #expect(thirdTick.wait(timeout: .now() + 60) == .success)
        #expect(handle.value?.isDisposed == true)
        // A bounded wait for a tick that must not come (ten intervals).
        #expect(extraTick.wait(timeout: .now() + 0.05) == .timedOut)
        scheduler.queue.sync {}
        #expect(ticks.value == 3)
        #expect(captured == nil)
    }
}
