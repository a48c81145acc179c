import OpenCombine
import Signalbox

// W1: 2,000,000 Ints → map(+1) → filter(even) → map(*2) → summing observer.
let w1Count = 2_000_000

/// Builds the plain-closure pipeline behind an opaque boundary, so the optimiser cannot fuse
/// it into a loop: the floor for any callback-based design.
@inline(never)
func makePlainChain(_ sink: @escaping (Int) -> Void) -> (Int) -> Void {
    let second: (Int) -> Void = { sink($0 * 2) }
    let filter: (Int) -> Void = { if $0.isMultiple(of: 2) { second($0) } }
    return { filter($0 + 1) }
}

/// Builds the Signalbox chain behind the same kind of opaque boundary as `makePlainChain`:
/// the optimiser compiles the operators apart from the source and the sink, so every value
/// goes through each operator's closure (as values from a pipe or the network do).
@inline(never)
func makeSignalboxChain(_ source: SignalProducer<Int, Never>) -> SignalProducer<Int, Never> {
    source.map { $0 + 1 }.filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
}

final class Sum: @unchecked Sendable {
    // Safety: used by one thread at a time (each workload runs on the calling thread).
    var value = 0
}

let w1Cases: [Case] = [
    Case(impl: "plain", workload: "W1") {
        let sum = Sum()
        let chain = makePlainChain { sum.value &+= $0 }
        for i in 0..<w1Count { chain(i) }
        return (w1Count, sum.value)
    },
    Case(impl: "signalbox", workload: "W1") {
        let sum = Sum()
        SignalProducer<Int, Never>(values: 0..<w1Count)
            .map { $0 + 1 }
            .filter { $0.isMultiple(of: 2) }
            .map { $0 * 2 }
            .startWithValues { sum.value &+= $0 }
        return (w1Count, sum.value)
    },
    // Not in the summary table: the same chain fed by a start handler that sends each value
    // with its own `send(value:)` (one lock round trip per value). Run with
    // `--run signalbox-send W1`.
    Case(impl: "signalbox-send", workload: "W1") {
        let sum = Sum()
        SignalProducer<Int, Never> { observer, _ in
            for i in 0..<w1Count { observer.send(value: i) }
            observer.sendCompleted()
        }
        .map { $0 + 1 }
        .filter { $0.isMultiple(of: 2) }
        .map { $0 * 2 }
        .startWithValues { sum.value &+= $0 }
        return (w1Count, sum.value)
    },
    // Not in the summary table: the plain closures without the opaque boundary (the optimiser
    // fuses them into the loop), and the Signalbox chain behind one. Run with
    // `--run plain-inline W1` / `--run signalbox-opaque W1`.
    Case(impl: "plain-inline", workload: "W1") {
        let sum = Sum()
        let second: (Int) -> Void = { sum.value &+= $0 * 2 }
        let filter: (Int) -> Void = { if $0.isMultiple(of: 2) { second($0) } }
        let chain: (Int) -> Void = { filter($0 + 1) }
        for i in 0..<w1Count { chain(i) }
        return (w1Count, sum.value)
    },
    Case(impl: "signalbox-opaque", workload: "W1") {
        let sum = Sum()
        makeSignalboxChain(SignalProducer(values: 0..<w1Count)).startWithValues { sum.value &+= $0 }
        return (w1Count, sum.value)
    },
    Case(impl: "opencombine", workload: "W1") {
        let sum = Sum()
        let subscription = (0..<w1Count).publisher
            .map { $0 + 1 }
            .filter { $0.isMultiple(of: 2) }
            .map { $0 * 2 }
            .sink { sum.value &+= $0 }
        subscription.cancel()
        return (w1Count, sum.value)
    },
]
