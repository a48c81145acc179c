import OpenCombine
import Signalbox

// W6: 10,000 observers attached to one pipe/subject, then 100 values sent (1,000,000
// deliveries); the time covers attaching, sending and completing. Also reports the resident
// memory per attached observer (see `bytesPerItem`). Every implementation keeps what it
// needs to detach an observer later (a disposable, an `AnyCancellable`).
let w6Observers = 10_000
let w6Values = 100

/// A hand-written subject: an array of closures (the floor).
final class PlainSubject {
    private(set) var observers: [(Int) -> Void] = []
    func observe(_ observer: @escaping (Int) -> Void) { observers.append(observer) }
    func send(_ value: Int) {
        for observer in observers { observer(value) }
    }
}

let w6Cases: [Case] = [
    Case(
        impl: "plain", workload: "W6",
        body: {
            let sum = Sum()
            let subject = PlainSubject()
            for _ in 0..<w6Observers { subject.observe { sum.value &+= $0 } }
            for value in 0..<w6Values { subject.send(value) }
            return (w6Observers * w6Values, sum.value)
        },
        memory: {
            let sum = Sum()
            let subject = PlainSubject()
            return bytesPerItem(count: w6Observers) { _ in
                subject.observe { sum.value &+= $0 }
                return nil
            }
        }),
    Case(
        impl: "signalbox", workload: "W6",
        body: {
            let sum = Sum()
            let (output, input) = Signal<Int, Never>.pipe()
            var disposables: [Disposable?] = []
            disposables.reserveCapacity(w6Observers)
            for _ in 0..<w6Observers {
                disposables.append(output.observeValues { sum.value &+= $0 })
            }
            for value in 0..<w6Values { input.send(value: value) }
            input.sendCompleted()
            return (w6Observers * w6Values, sum.value)
        },
        memory: {
            let sum = Sum()
            // The input is kept: a signal whose input is released is interrupted at once.
            let (output, input) = Signal<Int, Never>.pipe()
            defer { withExtendedLifetime(input) {} }
            return bytesPerItem(count: w6Observers) { _ in
                output.observeValues { sum.value &+= $0 }
            }
        }),
    Case(
        impl: "opencombine", workload: "W6",
        body: {
            let sum = Sum()
            let subject = PassthroughSubject<Int, Never>()
            var cancellables: [AnyCancellable] = []
            cancellables.reserveCapacity(w6Observers)
            for _ in 0..<w6Observers {
                cancellables.append(subject.sink { sum.value &+= $0 })
            }
            for value in 0..<w6Values { subject.send(value) }
            subject.send(completion: .finished)
            return (w6Observers * w6Values, sum.value)
        },
        memory: {
            let sum = Sum()
            let subject = PassthroughSubject<Int, Never>()
            return bytesPerItem(count: w6Observers) { _ in
                subject.sink { sum.value &+= $0 }
            }
        }),
]
