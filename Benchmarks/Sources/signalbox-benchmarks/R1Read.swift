import OpenCombine
import Signalbox

// R1: 10,000,000 reads of a property's `value` outside any observation tracking: what a
// read costs now that `MutableProperty` reports reads to Swift's `Observation`. No plain
// row: the floor, a stored property's load, is hoisted out of the loop by the optimiser.
let r1Count = 10_000_000

let r1Cases: [Case] = [
    Case(impl: "signalbox", workload: "R1") {
        let property = MutableProperty(3)
        var sum = 0
        for _ in 0..<r1Count { sum &+= property.value }
        return (r1Count, sum)
    },
    // The read as it was before `Observation`: the value under the property's lock, which
    // `withValue` still does. `./alternate.sh signalbox-lock R1 signalbox R1` times the
    // difference: what reporting reads to `Observation` costs.
    Case(impl: "signalbox-lock", workload: "R1") {
        let property = MutableProperty(3)
        var sum = 0
        for _ in 0..<r1Count { sum &+= property.withValue { $0 } }
        return (r1Count, sum)
    },
    Case(impl: "opencombine", workload: "R1") {
        let property = CurrentValueSubject<Int, Never>(3)
        var sum = 0
        for _ in 0..<r1Count { sum &+= property.value }
        return (r1Count, sum)
    },
]
