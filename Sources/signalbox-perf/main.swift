import Dispatch
import Foundation
import Signalbox

// Measures the search-pipeline operators against plain closures and Dispatch doing the same
// work. Not part of the test suite; run it in release:
//
//   swift run -c release signalbox-perf
//
// Each case runs once to warm up, then five times; the best time is reported per value.

/// A checksum the optimiser cannot see through; reads and writes happen on one thread at a
/// time (the benchmark waits for the queue before reading).
final class Sum: @unchecked Sendable {
    // Safety: written only by the one serial queue or thread running the case, read after
    // the caller waited for it to finish.
    var value = 0
}

struct Measurement {
    let name: String
    let values: Int
    let body: () -> Int
}

func measure(_ measurement: Measurement) -> (nsPerValue: Double, checksum: Int) {
    var checksum = measurement.body()
    var best = Double.infinity
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        checksum = measurement.body()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        best = min(best, elapsed / Double(measurement.values))
    }
    return (best, checksum)
}

let outerCount = 100_000
let innerCount = 10
let observeCount = 500_000

/// The inner work of the plain version: a closure that emits ten values into a sink, and a
/// cancellation closure for the previous one, like `flatMap(.latest)` keeps.
@inline(never)
func plainInner(_ n: Int) -> (_ sink: (Int) -> Void) -> Void {
    { sink in
        for i in n..<(n + innerCount) { sink(i) }
    }
}

let cases: [(plain: Measurement, signalbox: Measurement)] = [
    (
        Measurement(name: "flatMap(.latest) plain", values: outerCount * innerCount) {
            let sum = Sum()
            let sink: (Int) -> Void = { sum.value &+= $0 }
            var cancelPrevious: (() -> Void)?
            var cancelled = 0
            for n in 0..<outerCount {
                cancelPrevious?()
                cancelPrevious = { cancelled &+= 1 }
                plainInner(n)(sink)
            }
            return sum.value &+ cancelled &* 0
        },
        Measurement(name: "flatMap(.latest) signalbox", values: outerCount * innerCount) {
            let sum = Sum()
            SignalProducer<Int, Never>(values: 0..<outerCount)
                .flatMap(.latest) { n in SignalProducer<Int, Never>(values: n..<(n + innerCount)) }
                .startWithValues { sum.value &+= $0 }
            return sum.value
        }
    ),
    (
        Measurement(name: "flatMap(.latest) plain", values: outerCount * innerCount) {
            let sum = Sum()
            let sink: (Int) -> Void = { sum.value &+= $0 }
            var cancelPrevious: (() -> Void)?
            var cancelled = 0
            for n in 0..<outerCount {
                cancelPrevious?()
                cancelPrevious = { cancelled &+= 1 }
                plainInner(n)(sink)
            }
            return sum.value &+ cancelled &* 0
        },
        Measurement(name: "flatMap(.latest) sb, loop inner", values: outerCount * innerCount) {
            let sum = Sum()
            SignalProducer<Int, Never> { observer, _ in
                for n in 0..<outerCount { observer.send(value: n) }
                observer.sendCompleted()
            }
            .flatMap(.latest) { n in
                SignalProducer<Int, Never> { observer, _ in
                    for i in n..<(n + innerCount) { observer.send(value: i) }
                    observer.sendCompleted()
                }
            }
            .startWithValues { sum.value &+= $0 }
            return sum.value
        }
    ),
    (
        Measurement(name: "observe(on:) plain Dispatch", values: observeCount) {
            let sum = Sum()
            let queue = DispatchQueue(label: "perf.plain")
            let done = DispatchSemaphore(value: 0)
            for i in 0..<observeCount {
                queue.async { sum.value &+= i }
            }
            queue.async { done.signal() }
            done.wait()
            return sum.value
        },
        Measurement(name: "observe(on:) signalbox", values: observeCount) {
            let sum = Sum()
            let done = DispatchSemaphore(value: 0)
            SignalProducer<Int, Never>(values: 0..<observeCount)
                .observe(on: QueueScheduler(name: "perf.signalbox"))
                .start { event in
                    switch event {
                    case .value(let value): sum.value &+= value
                    case .completed, .interrupted: done.signal()
                    }
                }
            done.wait()
            return sum.value
        }
    ),
]

// `--profile N` runs only the signalbox side of case N once, for a profiler.
if let index = CommandLine.arguments.firstIndex(of: "--profile"),
    index + 1 < CommandLine.arguments.count, let number = Int(CommandLine.arguments[index + 1]),
    cases.indices.contains(number)
{
    print(cases[number].signalbox.body())
    exit(0)
}

print("case                               ns/value   checksum")
for (plain, signalbox) in cases {
    let base = measure(plain)
    let ours = measure(signalbox)
    for (measurement, result) in [(plain, base), (signalbox, ours)] {
        let name = measurement.name.padding(toLength: 32, withPad: " ", startingAt: 0)
        print("\(name) \(String(format: "%9.1f", result.nsPerValue))   \(result.checksum)")
    }
    let ratio = ours.nsPerValue / base.nsPerValue
    print(
        "  signalbox / plain: \(String(format: "%.1f", ratio))x\(base.checksum == ours.checksum ? "" : "  CHECKSUM MISMATCH")"
    )
}
