import OpenCombine
import Signalbox

// W3: 1,000,000 sets of a mutable property with one observer through map(+1). Observing
// delivers the current value first (property semantics in all three implementations).
let w3Count = 1_000_000

/// A hand-written observable value: the floor (no locking, no grammar).
final class PlainProperty {
    private var observers: [(Int) -> Void] = []
    var value: Int {
        didSet { for observer in observers { observer(value) } }
    }

    init(_ value: Int) { self.value = value }

    func observe(_ observer: @escaping (Int) -> Void) {
        observers.append(observer)
        observer(value)
    }
}

let w3Cases: [Case] = [
    Case(impl: "plain", workload: "W3") {
        let sum = Sum()
        let property = PlainProperty(0)
        let transform: (Int) -> Int = { $0 + 1 }
        property.observe { sum.value &+= transform($0) }
        for i in 1...w3Count { property.value = i }
        return (w3Count, sum.value)
    },
    Case(impl: "signalbox", workload: "W3") {
        let sum = Sum()
        let property = MutableProperty(0)
        let disposable = property.producer
            .map { $0 + 1 }
            .startWithValues { sum.value &+= $0 }
        for i in 1...w3Count { property.value = i }
        disposable.dispose()
        return (w3Count, sum.value)
    },
    // The same once a property's value has been read in the process (so `Observation` may
    // be in use): every send lock records its delivery frame (see `DeliveryFrames`). Not in
    // the table: `--run signalbox-read W3` counts what the Observation fix of issue 28 costs
    // then.
    Case(impl: "signalbox-read", workload: "W3") {
        let sum = Sum()
        let property = MutableProperty(0)
        sum.value &+= property.value
        let disposable = property.producer
            .map { $0 + 1 }
            .startWithValues { sum.value &+= $0 }
        for i in 1...w3Count { property.value = i }
        disposable.dispose()
        return (w3Count, sum.value)
    },
    Case(impl: "opencombine", workload: "W3") {
        let sum = Sum()
        let property = CurrentValueSubject<Int, Never>(0)
        let cancellable =
            property
            .map { $0 + 1 }
            .sink { sum.value &+= $0 }
        for i in 1...w3Count { property.value = i }
        cancellable.cancel()
        return (w3Count, sum.value)
    },
]
