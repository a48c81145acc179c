import Signalbox
import TestThreads
import Testing

/// Long chains of synchronous operators on one producer: the shape the optimiser fuses into
/// the source's loop in release builds (see BENCHMARKS.md, "Fourth round"). These pin what
/// the chain does, whatever the optimiser makes of it.
@Suite("Long producer chains: every operator applied, in order, once per run", .ownThreads)
struct LongProducerChainTests {
    /// `values` through `stages` maps, each adding 1, with a filter and a compactMap between.
    private func chain(_ values: [Int], stages: Int) -> SignalProducer<Int, TestError> {
        var producer = SignalProducer<Int, TestError>(values: values)
        for stage in 0..<stages {
            producer = producer.map { $0 &+ 1 }
            if stage == stages / 3 { producer = producer.filter { $0.isMultiple(of: 2) } }
            if stage == 2 * stages / 3 { producer = producer.compactMap { $0 > 40 ? nil : $0 } }
        }
        return producer
    }

    @Test("a chain of 40 operators delivers each value transformed by all of them, then completes")
    func longChainDeliversAndCompletes() {
        let events = Recorded<Event<Int, TestError>>()
        chain(Array(0..<10), stages: 40).start { events.append($0) }
        // After the filter (past 14 maps) the values are even, so 0, 2, 4, ... started it; the
        // compactMap (past 27 maps) drops what exceeds 40.
        let expected = (0..<10).map { $0 + 14 }.filter { $0.isMultiple(of: 2) }
            .map { $0 + 13 }.filter { $0 <= 40 }.map { $0 + 13 }
        #expect(events.items == expected.map { .value($0) } + [.completed])
    }

    @Test("disposing a long chain's run from its own callback stops the loop and interrupts")
    func disposalInsideLongChainStopsTheLoop() {
        let pulled = Counter()
        let source = SignalProducer<Int, Never>(
            values: (0..<1_000).lazy.map { value -> Int in
                pulled.increment()
                return value
            })
        var producer = source
        for _ in 0..<30 { producer = producer.map { $0 &+ 1 } }
        let events = Recorded<Event<Int, Never>>()
        producer.startWithSignal { signal, disposable in
            signal.observe { event in
                events.append(event)
                if event.value == 32 { disposable.dispose() }
            }
        }
        #expect(events.items == [.value(30), .value(31), .value(32), .interrupted])
        #expect(pulled.value == 3)
    }

    @Test("each run of a long chain started from several threads at once gets its own values")
    func concurrentRunsAreIndependent() {
        let shared = SharedChain(chain(Array(0..<200), stages: 25))
        let expected = (0..<200).map { $0 + 9 }.filter { $0.isMultiple(of: 2) }
            .map { $0 + 8 }.filter { $0 <= 40 }.map { $0 + 8 }
        let runs = Recorded<[Int]>()
        #expect(
            finishes {
                concurrently(threads: 8) { _ in
                    let values = Recorded<Int>()
                    shared.producer.startWithResult { result in
                        if case .success(let value) = result { values.append(value) }
                    }
                    runs.append(values.items)
                }
            })
        #expect(runs.items.count == 8)
        #expect(runs.items.allSatisfy { $0 == expected })
    }
}

/// Hands the test's chain to other threads.
private struct SharedChain: @unchecked Sendable {
    // Safety: no lock is needed: the chain's closures capture only immutable values (the
    // source array and stateless transforms), and each start makes its own run state.
    let producer: SignalProducer<Int, TestError>
    init(_ producer: SignalProducer<Int, TestError>) { self.producer = producer }
}
