import Dispatch
import OpenCombine
import OpenCombineDispatch
import Signalbox

// W5: 500,000 values delivered through observe(on:) a serial queue; the caller waits for
// the last one.
let w5Count = 500_000

let w5Cases: [Case] = [
    Case(impl: "plain", workload: "W5") {
        let sum = Sum()
        let queue = DispatchQueue(label: "bench.plain")
        let done = DispatchSemaphore(value: 0)
        for i in 0..<w5Count {
            queue.async { sum.value &+= i }
        }
        queue.async { done.signal() }
        done.wait()
        return (w5Count, sum.value)
    },
    Case(impl: "signalbox", workload: "W5") {
        let sum = Sum()
        let scheduler = QueueScheduler(name: "bench.signalbox")
        let done = DispatchSemaphore(value: 0)
        SignalProducer<Int, Never> { observer, _ in
            for i in 0..<w5Count { observer.send(value: i) }
            observer.sendCompleted()
        }
        .observe(on: scheduler)
        .start { event in
            switch event {
            case .value(let value): sum.value &+= value
            case .completed, .interrupted: done.signal()
            }
        }
        done.wait()
        return (w5Count, sum.value)
    },
    Case(impl: "opencombine", workload: "W5") {
        let sum = Sum()
        let queue = DispatchQueue(label: "bench.opencombine")
        let done = DispatchSemaphore(value: 0)
        let cancellable = (0..<w5Count).publisher
            .receive(on: queue.ocombine)
            .sink(
                receiveCompletion: { _ in done.signal() },
                receiveValue: { sum.value &+= $0 })
        done.wait()
        cancellable.cancel()
        return (w5Count, sum.value)
    },
]

// W5-1: W5 with one value in flight: the sender waits until each value has been delivered
// before it sends the next, so the queue always drains exactly one value. W5's count moves
// with how many values the queue drains at once (how its two threads interleave under
// valgrind); this one repeats, so the guard holds the `observe(on:)` path per value with it.
let w51Count = 50_000

let w51Cases: [Case] = [
    Case(impl: "plain", workload: "W5-1") {
        let sum = Sum()
        let queue = DispatchQueue(label: "bench.plain")
        let delivered = DispatchSemaphore(value: 0)
        for i in 0..<w51Count {
            queue.async {
                sum.value &+= i
                delivered.signal()
            }
            delivered.wait()
        }
        return (w51Count, sum.value)
    },
    Case(impl: "signalbox", workload: "W5-1") {
        let sum = Sum()
        let scheduler = QueueScheduler(name: "bench.signalbox")
        let delivered = DispatchSemaphore(value: 0)
        SignalProducer<Int, Never> { observer, _ in
            for i in 0..<w51Count {
                observer.send(value: i)
                delivered.wait()
            }
            observer.sendCompleted()
        }
        .observe(on: scheduler)
        .start { event in
            switch event {
            case .value(let value): sum.value &+= value
            case .completed, .interrupted: break
            }
            delivered.signal()
        }
        delivered.wait()
        return (w51Count, sum.value)
    },
    Case(impl: "opencombine", workload: "W5-1") {
        let sum = Sum()
        let queue = DispatchQueue(label: "bench.opencombine")
        let delivered = DispatchSemaphore(value: 0)
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject
            .receive(on: queue.ocombine)
            .sink(
                receiveCompletion: { _ in delivered.signal() },
                receiveValue: {
                    sum.value &+= $0
                    delivered.signal()
                })
        for i in 0..<w51Count {
            subject.send(i)
            delivered.wait()
        }
        subject.send(completion: .finished)
        delivered.wait()
        cancellable.cancel()
        return (w51Count, sum.value)
    },
]
