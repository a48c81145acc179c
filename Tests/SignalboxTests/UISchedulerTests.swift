import Dispatch
import Foundation
import Signalbox
import SignalboxLocks
import TestThreads
import Testing

@testable import Signalbox

/// A stand-in for the main queue: keeps enqueued work until the test drains it.
private final class FakeMainQueue: @unchecked Sendable {
    // Safety: `work` and `onMain` are only touched while `lock` is held.
    private let lock = Lock()
    private var work: [QueueWork] = []
    private var onMain = false

    var isMainThread: Bool { lock.withLock { onMain } }

    func enqueue(_ item: QueueWork) { lock.withLock { work.append(item) } }

    func runOnMain(_ body: () -> Void) {
        lock.withLock { onMain = true }
        body()
        lock.withLock { onMain = false }
    }

    /// Runs the queued work, as the main queue would, including work queued meanwhile.
    func drain() {
        while true {
            let next: QueueWork? = lock.withLock { work.isEmpty ? nil : work.removeFirst() }
            guard let next else { return }
            runOnMain { next.run() }
        }
    }
}

@Suite("UIScheduler", .ownThreads)
struct UISchedulerTests {
    private func makeScheduler() -> (UIScheduler, FakeMainQueue) {
        let main = FakeMainQueue()
        return (UIScheduler(isMainThread: { main.isMainThread }, enqueueOnMain: main.enqueue), main)
    }

    @Test("on the main thread with nothing pending, the action runs at once")
    func inline() {
        let (scheduler, main) = makeScheduler()
        let order = Recorded<String>()
        main.runOnMain {
            let handle = scheduler.schedule { order.append("a") }
            order.append("after")
            #expect(handle == nil)
        }
        #expect(order.items == ["a", "after"])
    }

    @Test("off the main thread the action is enqueued; later main-thread actions wait behind")
    func keepsOrder() {
        let (scheduler, main) = makeScheduler()
        let order = Recorded<String>()
        scheduler.schedule { order.append("background") }
        main.runOnMain {
            scheduler.schedule { order.append("main") }
        }
        #expect(order.items.isEmpty)
        main.drain()
        #expect(order.items == ["background", "main"])
        main.runOnMain { scheduler.schedule { order.append("inline again") } }
        #expect(order.items.last == "inline again")
    }

    @Test("an action scheduled from a running one runs after it; disposal skips an action")
    func nestedAndDisposed() {
        let (scheduler, main) = makeScheduler()
        let order = Recorded<String>()
        main.runOnMain {
            scheduler.schedule {
                order.append("outer")
                scheduler.schedule { order.append("nested") }
                order.append("outer end")
            }
        }
        let skipped = scheduler.schedule { order.append("skipped") }
        skipped?.dispose()
        main.drain()
        #expect(order.items == ["outer", "outer end", "nested"])
    }

    @Test("on the real main queue: inline on the main thread, in order otherwise")
    func realMainQueue() {
        let scheduler = UIScheduler()
        let order = Recorded<String>()
        let done = DispatchSemaphore(value: 0)
        let onMain = Recorded<Bool>()
        #expect(!UIScheduler.isOnMainQueue)
        scheduler.schedule {
            onMain.append(UIScheduler.isOnMainQueue)
            order.append("from background")
        }
        DispatchQueue.main.async {
            scheduler.schedule { order.append("a") }
            order.append("after a")
            scheduler.schedule {
                scheduler.schedule { order.append("nested") }
                order.append("b")
            }
            scheduler.schedule {
                order.append("c")
                done.signal()
            }
        }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(onMain.items == [true])
        #expect(order.items == ["from background", "a", "after a", "b", "nested", "c"])
    }
}
