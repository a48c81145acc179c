import OpenCombine
import Signalbox

// W2: 200,000 × (one-value producer → map(+1) → start → dispose).
let w2Count = 200_000

/// A hand-written "producer" of one value: the floor for subscribe/unsubscribe cost.
typealias PlainProducer = (@escaping (Int) -> Void) -> PlainToken

/// What a plain start returns: something to cancel.
final class PlainToken {
    var isCancelled = false
    func cancel() { isCancelled = true }
}

@inline(never)
func plainJust(_ value: Int) -> PlainProducer {
    { sink in
        let token = PlainToken()
        sink(value)
        return token
    }
}

@inline(never)
func plainMap(_ source: @escaping PlainProducer, _ transform: @escaping (Int) -> Int)
    -> PlainProducer
{
    { sink in source { sink(transform($0)) } }
}

let w2Cases: [Case] = [
    Case(impl: "plain", workload: "W2") {
        let sum = Sum()
        for i in 0..<w2Count {
            let token = plainMap(plainJust(i)) { $0 + 1 } { sum.value &+= $0 }
            token.cancel()
        }
        return (w2Count, sum.value)
    },
    Case(impl: "signalbox", workload: "W2") {
        let sum = Sum()
        for i in 0..<w2Count {
            SignalProducer<Int, Never>(value: i)
                .map { $0 + 1 }
                .startWithValues { sum.value &+= $0 }
                .dispose()
        }
        return (w2Count, sum.value)
    },
    Case(impl: "opencombine", workload: "W2") {
        let sum = Sum()
        for i in 0..<w2Count {
            Just(i)
                .map { $0 + 1 }
                .sink { sum.value &+= $0 }
                .cancel()
        }
        return (w2Count, sum.value)
    },
]
