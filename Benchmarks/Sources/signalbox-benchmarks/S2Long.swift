import Signalbox

// S2-sig-40 and S2-prod-40: S2 at K = 40 (issue 38, item 5: the producer chain fuses into the
// source's loop up to 29 operators; a signal chain pays its per-stage cost, here with each
// five stages bound to a `let`, as in S2-sig-20). Written like S2-sig-20 and S2-prod-20;
// plain and Signalbox only.
let s2LongCases: [Case] = [
    Case(impl: "plain", workload: "S2-sig-40") {
        let sum = Sum()
        let subject = PlainSubject()
        subject.observe(makePlainMaps(40) { sum.value &+= $0 })
        for i in 0..<s2SignalCount { subject.send(i) }
        return (s2SignalCount, sum.value)
    },
    Case(impl: "signalbox", workload: "S2-sig-40") {
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
        let stage4 = stage3
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage5 = stage4
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage6 = stage5
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage7 = stage6
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let chained = stage7
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
    Case(impl: "plain", workload: "S2-prod-40") {
        let sum = Sum()
        let chain = makePlainMaps(40) { sum.value &+= $0 }
        for i in 0..<s2ProducerCount { chain(i) }
        return (s2ProducerCount, sum.value)
    },
    Case(impl: "signalbox", workload: "S2-prod-40") {
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
        let stage4 = stage3
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage5 = stage4
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage6 = stage5
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let stage7 = stage6
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        let chained = stage7
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
            .map { (value: Int) -> Int in value &+ 1 }
        chained.startWithValues { sum.value &+= $0 }
        return (s2ProducerCount, sum.value)
    },
]
