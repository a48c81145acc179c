import OpenCombine
import Signalbox

// S2: a chain of K `map { (value: Int) -> Int in value &+ 1 }` operators, K = 1, 5, 20,
// written out as a user would (typed closures, and at most five operators per statement, so
// that 20 chained operators type-check in reasonable time; statement boundaries do not
// change what the optimiser sees).
// - S2-sig-K: 200,000 values sent into a pipe (subject) → K × map → summing observer;
// - S2-prod-K: 1,000,000 values from a sequence producer (publisher) → K × map → summing
//   observer, started where it is built.
// The plain floor is K hand-written closures built behind an `@inline(never)` boundary, fed
// by a loop (prod) or by an array-of-closures subject (sig). One operation is one value.
let s2SignalCount = 200_000
let s2ProducerCount = 1_000_000

/// K plain closures, each adding 1, in front of `sink`, built where the optimiser cannot see.
@inline(never)
func makePlainMaps(_ stages: Int, _ sink: @escaping (Int) -> Void) -> (Int) -> Void {
    var chain = sink
    for _ in 0..<stages {
        let next = chain
        chain = { next($0 &+ 1) }
    }
    return chain
}

let s2Cases: [Case] = [
    Case(impl: "plain", workload: "S2-sig-1") {
        let sum = Sum()
        let subject = PlainSubject()
        subject.observe(makePlainMaps(1) { sum.value &+= $0 })
        for i in 0..<s2SignalCount { subject.send(i) }
        return (s2SignalCount, sum.value)
    },
    Case(impl: "signalbox", workload: "S2-sig-1") {
        let sum = Sum()
        let (signal, input) = Signal<Int, Never>.pipe()
        let chained = signal
            .map { (value: Int) -> Int in value &+ 1 }
        chained.observeValues { sum.value &+= $0 }
        for i in 0..<s2SignalCount { input.send(value: i) }
        input.sendCompleted()
        return (s2SignalCount, sum.value)
    },
    Case(impl: "opencombine", workload: "S2-sig-1") {
        let sum = Sum()
        let subject = PassthroughSubject<Int, Never>()
        let chained = subject
            .map { (value: Int) -> Int in value &+ 1 }
        let cancellable = chained.sink { sum.value &+= $0 }
        for i in 0..<s2SignalCount { subject.send(i) }
        subject.send(completion: .finished)
        cancellable.cancel()
        return (s2SignalCount, sum.value)
    },
    Case(impl: "plain", workload: "S2-prod-1") {
        let sum = Sum()
        let chain = makePlainMaps(1) { sum.value &+= $0 }
        for i in 0..<s2ProducerCount { chain(i) }
        return (s2ProducerCount, sum.value)
    },
    Case(impl: "signalbox", workload: "S2-prod-1") {
        let sum = Sum()
        let chained = SignalProducer<Int, Never>(values: 0..<s2ProducerCount)
            .map { (value: Int) -> Int in value &+ 1 }
        chained.startWithValues { sum.value &+= $0 }
        return (s2ProducerCount, sum.value)
    },
    Case(impl: "opencombine", workload: "S2-prod-1") {
        let sum = Sum()
        let chained = (0..<s2ProducerCount).publisher
            .map { (value: Int) -> Int in value &+ 1 }
        let cancellable = chained.sink { sum.value &+= $0 }
        cancellable.cancel()
        return (s2ProducerCount, sum.value)
    },
    Case(impl: "plain", workload: "S2-sig-5") {
        let sum = Sum()
        let subject = PlainSubject()
        subject.observe(makePlainMaps(5) { sum.value &+= $0 })
        for i in 0..<s2SignalCount { subject.send(i) }
        return (s2SignalCount, sum.value)
    },
    Case(impl: "signalbox", workload: "S2-sig-5") {
        let sum = Sum()
        let (signal, input) = Signal<Int, Never>.pipe()
        let chained = signal
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        chained.observeValues { sum.value &+= $0 }
        for i in 0..<s2SignalCount { input.send(value: i) }
        input.sendCompleted()
        return (s2SignalCount, sum.value)
    },
    Case(impl: "opencombine", workload: "S2-sig-5") {
        let sum = Sum()
        let subject = PassthroughSubject<Int, Never>()
        let chained = subject
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let cancellable = chained.sink { sum.value &+= $0 }
        for i in 0..<s2SignalCount { subject.send(i) }
        subject.send(completion: .finished)
        cancellable.cancel()
        return (s2SignalCount, sum.value)
    },
    Case(impl: "plain", workload: "S2-prod-5") {
        let sum = Sum()
        let chain = makePlainMaps(5) { sum.value &+= $0 }
        for i in 0..<s2ProducerCount { chain(i) }
        return (s2ProducerCount, sum.value)
    },
    Case(impl: "signalbox", workload: "S2-prod-5") {
        let sum = Sum()
        let chained = SignalProducer<Int, Never>(values: 0..<s2ProducerCount)
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        chained.startWithValues { sum.value &+= $0 }
        return (s2ProducerCount, sum.value)
    },
    Case(impl: "opencombine", workload: "S2-prod-5") {
        let sum = Sum()
        let chained = (0..<s2ProducerCount).publisher
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let cancellable = chained.sink { sum.value &+= $0 }
        cancellable.cancel()
        return (s2ProducerCount, sum.value)
    },
    Case(impl: "plain", workload: "S2-sig-20") {
        let sum = Sum()
        let subject = PlainSubject()
        subject.observe(makePlainMaps(20) { sum.value &+= $0 })
        for i in 0..<s2SignalCount { subject.send(i) }
        return (s2SignalCount, sum.value)
    },
    Case(impl: "signalbox", workload: "S2-sig-20") {
        let sum = Sum()
        let (signal, input) = Signal<Int, Never>.pipe()
        let stage1 = signal
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage2 = stage1
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage3 = stage2
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let chained = stage3
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        chained.observeValues { sum.value &+= $0 }
        for i in 0..<s2SignalCount { input.send(value: i) }
        input.sendCompleted()
        return (s2SignalCount, sum.value)
    },
    Case(impl: "opencombine", workload: "S2-sig-20") {
        let sum = Sum()
        let subject = PassthroughSubject<Int, Never>()
        let stage1 = subject
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage2 = stage1
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage3 = stage2
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let chained = stage3
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let cancellable = chained.sink { sum.value &+= $0 }
        for i in 0..<s2SignalCount { subject.send(i) }
        subject.send(completion: .finished)
        cancellable.cancel()
        return (s2SignalCount, sum.value)
    },
    Case(impl: "plain", workload: "S2-prod-20") {
        let sum = Sum()
        let chain = makePlainMaps(20) { sum.value &+= $0 }
        for i in 0..<s2ProducerCount { chain(i) }
        return (s2ProducerCount, sum.value)
    },
    Case(impl: "signalbox", workload: "S2-prod-20") {
        let sum = Sum()
        let stage1 = SignalProducer<Int, Never>(values: 0..<s2ProducerCount)
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage2 = stage1
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage3 = stage2
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let chained = stage3
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        chained.startWithValues { sum.value &+= $0 }
        return (s2ProducerCount, sum.value)
    },
    Case(impl: "opencombine", workload: "S2-prod-20") {
        let sum = Sum()
        let stage1 = (0..<s2ProducerCount).publisher
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage2 = stage1
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage3 = stage2
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let chained = stage3
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let cancellable = chained.sink { sum.value &+= $0 }
        cancellable.cancel()
        return (s2ProducerCount, sum.value)
    },
]
