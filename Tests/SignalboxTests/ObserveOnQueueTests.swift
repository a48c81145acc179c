import Dispatch
import Signalbox
import TestThreads
import Testing

@Suite("observe(on:) a QueueScheduler", .ownThreads)
struct ObserveOnQueueTests {
    @Test("delivers every event in order, on the scheduler's queue")
    func order() {
        let scheduler = QueueScheduler(name: "test.observe-on")
        let key = DispatchSpecificKey<Int>()
        scheduler.queue.setSpecific(key: key, value: 7)
        let values = Recorded<Int>()
        let onQueue = Recorded<Bool>()
        let done = DispatchSemaphore(value: 0)
        SignalProducer<Int, Never>(values: 0..<1000)
            .observe(on: scheduler)
            .start { event in
                onQueue.append(DispatchQueue.getSpecific(key: key) == 7)
                if let value = event.value { values.append(value) }
                if event.isTerminating { done.signal() }
            }
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(values.items == Array(0..<1000))
        #expect(onQueue.items.count == 1001)
        #expect(onQueue.items.allSatisfy { $0 })
    }

    @Test("after disposal, values still queued are dropped and the interruption arrives")
    func disposal() {
        let scheduler = QueueScheduler(name: "test.observe-on-disposal")
        let blocker = DispatchSemaphore(value: 0)
        scheduler.queue.async { blocker.wait() }
        let (signal, input) = Signal<Int, Never>.pipe()
        let events = Recorded<Event<Int, Never>>()
        let done = DispatchSemaphore(value: 0)
        let run = signal.producer.observe(on: scheduler).start { event in
            events.append(event)
            if event.isTerminating { done.signal() }
        }
        input.send(value: 1)
        run.dispose()
        blocker.signal()
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(events.items == [.interrupted])
    }
}
