import Foundation
import Observation
import Signalbox
import SignalboxLocks
import TestThreads
import Testing

/// Reads `read` inside `withObservationTracking` and counts the change notifications.
private func track(_ read: () -> Void) -> Counter {
    let notified = Counter()
    withObservationTracking(read) { notified.increment() }
    return notified
}

@Suite("Observation: properties tracked by withObservationTracking", .ownThreads)
struct ObservationTests {
    @Test("reading value tracks it, and a write calls the change handler once")
    func readTracksWriteNotifiesOnce() {
        let property = MutableProperty(0)
        let notified = track { _ = property.value }
        #expect(notified.value == 0)
        property.value = 1
        #expect(notified.value == 1)
        property.value = 2
        #expect(notified.value == 1)
    }

    @Test("writing an equal value notifies, as @Observable classes do")
    func equalValueNotifies() {
        let property = MutableProperty(5)
        let notified = track { _ = property.value }
        property.value = 5
        #expect(notified.value == 1)
    }

    @Test("swap and modify notify once each")
    func swapAndModifyNotify() {
        let property = MutableProperty(1)
        let afterSwap = track { _ = property.value }
        property.swap(2)
        #expect(afterSwap.value == 1)
        let afterModify = track { _ = property.value }
        property.modify { $0 += 1 }
        #expect(afterModify.value == 1)
        #expect(property.value == 3)
    }

    @Test("the handler runs on the writing thread, after the value is stored")
    func handlerSeesNewValueOnWritingThread() {
        let property = MutableProperty(0)
        let seen = Recorded<Int>()
        let threads = Recorded<Thread>()
        let handled = DispatchSemaphore(value: 0)
        withObservationTracking {
            _ = property.value
        } onChange: {
            seen.append(property.value)
            threads.append(Thread.current)
            handled.signal()
        }
        let thread = Thread {
            threads.append(Thread.current)
            property.value = 7
        }
        thread.start()
        #expect(handled.wait(timeout: .now() + 60) == .success)
        #expect(seen.items == [7])
        #expect(threads.count == 2)
        #expect(threads.items.first === threads.items.last)
    }

    @Test("properties that were not read do not notify")
    func untrackedDoNotNotify() {
        let read = MutableProperty(0)
        let unread = MutableProperty(0)
        let notified = track { _ = read.value }
        unread.value = 1
        #expect(notified.value == 0)
        unread.value = 2
        read.value = 1
        #expect(notified.value == 1)
    }

    @Test("a write outside any tracking notifies nothing and still reaches reactive observers")
    func writeWithoutTracking() {
        let property = MutableProperty(0)
        let received = Recorded<Int>()
        property.signal.observeValues { received.append($0) }
        property.value = 1
        #expect(received.items == [1])
    }

    @Test("a read-only view of a mutable property notifies when it is written")
    func capturingNotifies() {
        let source = MutableProperty("a")
        let view = Property(capturing: source)
        let notified = track { _ = view.value }
        source.value = "b"
        #expect(notified.value == 1)
    }

    @Test("map notifies when its source changes")
    func mapNotifies() {
        let source = MutableProperty(1)
        let doubled = source.map { $0 * 2 }
        let notified = track { _ = doubled.value }
        source.value = 2
        #expect(notified.value == 1)
        #expect(doubled.value == 4)
    }

    @Test("combineLatest notifies when either source changes")
    func combineLatestNotifies() {
        let first = MutableProperty(1)
        let second = MutableProperty("x")
        let both = first.combineLatest(with: second)
        let afterFirst = track { _ = both.value }
        first.value = 2
        #expect(afterFirst.value == 1)
        let afterSecond = track { _ = both.value }
        second.value = "y"
        #expect(afterSecond.value == 1)
        #expect(both.value == (2, "y"))
    }

    @Test("a constant property never notifies")
    func constantNeverNotifies() {
        let constant = Property(value: 3)
        let notified = track { _ = constant.value }
        #expect(notified.value == 0)
        #expect(constant.value == 3)
    }

    @Test("Action's isExecuting and isEnabled notify when a run starts and ends")
    func actionPropertiesNotify() {
        let (work, workInput) = Signal<Int, Never>.pipe()
        let action = Action<Void, Int, Never> { SignalProducer(work) }
        let executing = track { _ = action.isExecuting.value }
        let enabled = track { _ = action.isEnabled.value }
        action.apply().start()
        #expect(executing.value == 1)
        #expect(enabled.value == 1)
        let finished = track { _ = action.isExecuting.value }
        workInput.sendCompleted()
        #expect(finished.value == 1)
        #expect(action.isExecuting.value == false)
    }

    @Test("the handler may write another property without deadlocking")
    func handlerMayWriteAnother() {
        let property = MutableProperty(0)
        let echo = MutableProperty(0)
        withObservationTracking {
            _ = property.value
        } onChange: {
            echo.value = property.value
        }
        #expect(finishes { property.value = 1 })
        #expect(echo.value == 1)
    }

    @Test("a write from inside a reactive observer notifies, and the observers see every value")
    func writeFromReactiveObserver() {
        let property = MutableProperty(0)
        let received = Recorded<Int>()
        property.signal.observeValues { value in
            received.append(value)
            if value == 1 { property.value = 2 }
        }
        let notified = Counter()
        withObservationTracking {
            _ = property.value
        } onChange: {
            notified.increment()
        }
        property.value = 1
        #expect(notified.value == 1)
        #expect(received.items == [1, 2])
        #expect(property.value == 2)
    }

    @Test("tracking keeps neither the property nor a derived property alive")
    func noRetainCycles() {
        weak var weakSource: MutableProperty<Int>?
        weak var weakDerived: Property<Int>?
        do {
            let source = MutableProperty(0)
            let derived = source.map { $0 + 1 }
            weakSource = source
            weakDerived = derived
            withObservationTracking {
                _ = source.value
                _ = derived.value
            } onChange: {
            }
        }
        #expect(weakSource == nil)
        #expect(weakDerived == nil)
    }

    @Test("concurrent writes from several threads notify every tracking and lose no write")
    func concurrentWrites() {
        let property = MutableProperty(0)
        let trackings = Atomic([Counter]())
        let done = finishes(within: 10) {
            concurrently(threads: 4) { _ in
                for _ in 0..<250 {
                    // Each write is preceded by a tracking on the writing thread, as a view
                    // reading its body; the tracking's handler runs by the time the writes
                    // made at the same time have returned (by this thread or by the one
                    // notifying while it wrote; see `ObservationGate`).
                    let notified = Counter()
                    trackings.modify { $0.append(notified) }
                    withObservationTracking {
                        _ = property.value
                    } onChange: {
                        notified.increment()
                    }
                    property.modify { $0 += 1 }
                }
            }
        }
        #expect(done)
        #expect(property.value == 1_000)
        let all = trackings.value
        #expect(all.count == 1_000)
        // At least once: whether a one-shot tracking can be called twice when trackings are
        // installed while another thread's notification runs is `Observation`'s business.
        #expect(all.filter { $0.value == 0 }.count == 0, "trackings never notified")
        let last = track { _ = property.value }
        property.value = 0
        #expect(last.value == 1)
    }

    @Test("handlers writing each other's property, on two threads at once, do not deadlock")
    func crossWritingHandlers() {
        for _ in 0..<200 {
            let first = MutableProperty(0)
            let second = MutableProperty(0)
            withObservationTracking {
                _ = first.value
            } onChange: {
                second.modify { $0 += 1 }
            }
            withObservationTracking {
                _ = second.value
            } onChange: {
                first.modify { $0 += 1 }
            }
            let done = finishes(within: 10) {
                concurrently(threads: 2) { index in
                    (index == 0 ? first : second).modify { $0 += 1 }
                }
            }
            #expect(done, "deadlocked")
            guard done else { return }
            // Each thread's write and each (one-shot) tracking's write.
            #expect(first.value == 2)
            #expect(second.value == 2)
        }
    }

    @Test(
        "a handler waiting for a delivery whose observer writes the tracked property: no deadlock")
    func handlerWaitingForDeliveryThatWrites() {
        // Thread Y notifies `tracked`; its handler writes `other`, whose delivery is in
        // progress on thread X; X's observer writes `tracked`, whose notification Y holds.
        // A write that waited for the notification without bound would never return.
        let tracked = MutableProperty(0)
        let other = MutableProperty(0)
        let xInObserver = DispatchSemaphore(value: 0)
        let yInHandler = DispatchSemaphore(value: 0)
        withObservationTracking {
            _ = tracked.value
        } onChange: {
            yInHandler.signal()
            _ = xInObserver.wait(timeout: .now() + 5)
            other.value = 1
        }
        let disposable = other.signal.observeValues { value in
            guard value == 2 else { return }
            xInObserver.signal()
            _ = yInHandler.wait(timeout: .now() + 5)
            tracked.value = 10
        }
        let done = finishes(within: 10) {
            concurrently(threads: 2) { index in
                if index == 0 { other.value = 2 } else { tracked.value = 1 }
            }
        }
        #expect(done, "deadlocked")
        #expect(tracked.value == 10)
        #expect(other.value == 1)
        disposable?.dispose()
    }

    @Test(
        "a tracking re-armed from its own change handler survives writers on 4 threads",
        arguments: 0..<3)
    func rearmedTrackingUnderConcurrentWrites(batch: Int) {
        // Swift's `ObservationRegistrar` fed concurrent willSet/didSet pairs for one subject,
        // with a handler that tracks again, runs away (threads spinning, memory growing:
        // a plain `ObservationRegistrar` does it too). The property serialises its calls.
        for _ in 0..<20 {
            let property = MutableProperty(0)
            let rearmer = Rearmer(property)
            rearmer.arm()
            let done = finishes(within: 10) {
                concurrently(threads: 4) { _ in
                    for _ in 0..<250 { property.modify { $0 += 1 } }
                }
            }
            #expect(done, "writers still running after 10 s")
            guard done else { return }
            #expect(property.value == 1_000)
            #expect(rearmer.notifications >= 1)
            // Still tracked: the next write notifies the latest tracking.
            let before = rearmer.notifications
            property.value = 0
            #expect(rearmer.notifications == before + 1)
        }
    }
}

/// Tracks a property and tracks it again from each change handler, as a long-lived view does.
private final class Rearmer: @unchecked Sendable {
    // Safety: `count` is only touched under `lock`.
    private let property: MutableProperty<Int>
    private let lock = Lock()
    private var count = 0

    init(_ property: MutableProperty<Int>) { self.property = property }

    var notifications: Int { lock.withLock { count } }

    func arm() {
        withObservationTracking {
            _ = property.value
        } onChange: { [self] in
            lock.withLock { count += 1 }
            arm()
        }
    }
}
