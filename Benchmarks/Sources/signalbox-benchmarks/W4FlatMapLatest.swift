import OpenCombine
import Signalbox

// W4: 100,000 outer values, each mapped to an inner stream of 10 values and flattened with
// "latest" semantics (flatMap(.latest) / map + switchToLatest). ns/op is per outer value.
let w4Outer = 100_000
let w4Inner = 10

/// A hand-written "latest" flattener: each outer value starts an inner generator, and a
/// generation counter stops an older generator's values from getting through (the floor).
final class PlainLatest {
    private var generation = 0
    private let sink: (Int) -> Void

    init(_ sink: @escaping (Int) -> Void) { self.sink = sink }

    func outer(_ inner: (_ send: (Int) -> Void) -> Void) {
        generation += 1
        let current = generation
        inner { value in
            if current == self.generation { self.sink(value) }
        }
    }
}

@inline(never)
func plainInner(_ outer: Int) -> (_ send: (Int) -> Void) -> Void {
    { send in
        for value in outer * w4Inner..<(outer + 1) * w4Inner { send(value) }
    }
}

let w4Cases: [Case] = [
    Case(impl: "plain", workload: "W4") {
        let sum = Sum()
        let latest = PlainLatest { sum.value &+= $0 }
        for outer in 0..<w4Outer { latest.outer(plainInner(outer)) }
        return (w4Outer, sum.value)
    },
    Case(impl: "signalbox", workload: "W4") {
        let sum = Sum()
        SignalProducer<Int, Never> { observer, _ in
            for outer in 0..<w4Outer { observer.send(value: outer) }
            observer.sendCompleted()
        }
        .flatMap(.latest) { outer in
            SignalProducer<Int, Never>(values: outer * w4Inner..<(outer + 1) * w4Inner)
        }
        .startWithValues { sum.value &+= $0 }
        return (w4Outer, sum.value)
    },
    Case(impl: "opencombine", workload: "W4") {
        let sum = Sum()
        let cancellable = (0..<w4Outer).publisher
            .map { outer in (outer * w4Inner..<(outer + 1) * w4Inner).publisher }
            .switchToLatest()
            .sink { sum.value &+= $0 }
        cancellable.cancel()
        return (w4Outer, sum.value)
    },
]
