import OpenCombine
import Signalbox

// W1: 2,000,000 Ints → map(+1) → filter(even) → map(*2) → summing observer, written the way
// each library is used: the chain is built and started where the values come from.
// W1o: the same chain behind an opaque boundary for every implementation (like for like
// with the plain floor): the optimiser compiles the operators apart from the source and the
// sink, as it must when values come from a pipe or the network.
let w1Count = 2_000_000

/// Builds the plain-closure pipeline behind an opaque boundary, so the optimiser cannot fuse
/// it into a loop: the floor for any callback-based design.
@inline(never)
func makePlainChain(_ sink: @escaping (Int) -> Void) -> (Int) -> Void {
    let second: (Int) -> Void = { sink($0 * 2) }
    let filter: (Int) -> Void = { if $0.isMultiple(of: 2) { second($0) } }
    return { filter($0 + 1) }
}

/// Builds the Signalbox chain behind the same kind of opaque boundary as `makePlainChain`.
@inline(never)
func makeSignalboxChain(_ source: SignalProducer<Int, Never>) -> SignalProducer<Int, Never> {
    source.map { $0 + 1 }.filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
}

/// Builds the OpenCombine chain behind the same kind of opaque boundary.
@inline(never)
func makeOpenCombineChain(_ source: AnyPublisher<Int, Never>) -> AnyPublisher<Int, Never> {
    source.map { $0 + 1 }.filter { $0.isMultiple(of: 2) }.map { $0 * 2 }.eraseToAnyPublisher()
}

final class Sum: @unchecked Sendable {
    // Safety: used by one thread at a time (each workload runs on the calling thread).
    var value = 0
}

/// The plain floor of W1 and W1o: the loop feeds the chain `makePlainChain` built.
@Sendable func plainW1() -> (operations: Int, checksum: Int) {
    let sum = Sum()
    let chain = makePlainChain { sum.value &+= $0 }
    for i in 0..<w1Count { chain(i) }
    return (w1Count, sum.value)
}

let w1Cases: [Case] = [
    Case(impl: "plain", workload: "W1", body: plainW1),
    Case(impl: "signalbox", workload: "W1") {
        let sum = Sum()
        SignalProducer<Int, Never>(values: 0..<w1Count)
            .map { $0 + 1 }
            .filter { $0.isMultiple(of: 2) }
            .map { $0 * 2 }
            .startWithValues { sum.value &+= $0 }
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
    // The floor is the same for both rows: it is behind the opaque boundary in W1 already.
    Case(impl: "plain", workload: "W1o", body: plainW1),
    Case(impl: "signalbox", workload: "W1o") {
        let sum = Sum()
        makeSignalboxChain(SignalProducer(values: 0..<w1Count)).startWithValues { sum.value &+= $0 }
        return (w1Count, sum.value)
    },
    Case(impl: "opencombine", workload: "W1o") {
        let sum = Sum()
        let subscription = makeOpenCombineChain((0..<w1Count).publisher.eraseToAnyPublisher())
            .sink { sum.value &+= $0 }
        subscription.cancel()
        return (w1Count, sum.value)
    },
    // Not in the summary table (run with `--run IMPL W1`):
    // - plain-inline: the plain closures where the optimiser can see them (it fuses them into
    //   the loop: the floor for W1 as written, at a fraction of a nanosecond);
    // - signalbox-send: the chain fed by a start handler that calls `send(value:)` per value
    //   (one lock round trip per value), as a pipe's input does.
    Case(impl: "plain-inline", workload: "W1") {
        let sum = Sum()
        let second: (Int) -> Void = { sum.value &+= $0 * 2 }
        let filter: (Int) -> Void = { if $0.isMultiple(of: 2) { second($0) } }
        let chain: (Int) -> Void = { filter($0 + 1) }
        for i in 0..<w1Count { chain(i) }
        return (w1Count, sum.value)
    },
    Case(impl: "signalbox-signal", workload: "W1") {
        let sum = Sum()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.map { $0 + 1 }.filter { $0.isMultiple(of: 2) }.map { $0 * 2 }
            .observeValues { sum.value &+= $0 }
        for i in 0..<w1Count { input.send(value: i) }
        input.sendCompleted()
        return (w1Count, sum.value)
    },
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
]
