import Signalbox
import SignalboxTesting
import Testing

/// A derived property made on the spot and handed to an operator (a common ReactiveSwift
/// idiom: `flatMap(.latest) { _ in source.map { … } }`) keeps sending: its producer is the
/// same transform of its sources' producers, so a run depends on the sources only.
@Suite("derived properties: a run follows the sources, not the derived object")
struct DerivedPropertyLifetimeTests {
    @Test("a temporary map of a property inside flatMap keeps sending")
    func temporaryMapInFlatMap() {
        let source = MutableProperty(1)
        let recorder = EventRecorder(
            starting: SignalProducer<Int, Never>(value: 0)
                .flatMap(.latest) { _ in source.map { $0 * 10 } })
        source.value = 2
        #expect(recorder.values == [10, 20])
        #expect(!recorder.isTerminated)
    }

    @Test("a temporary combineLatest keeps sending and does not keep its sources alive")
    func temporaryCombineLatest() {
        weak var weakFirst: MutableProperty<Int>?
        let recorder = EventRecorder<Int, Never>()
        let second = MutableProperty(2)
        do {
            let first = MutableProperty(1)
            weakFirst = first
            recorder.record(first.combineLatest(with: second).map { $0 + $1 }.producer)
            second.value = 5
            first.value = 10
            #expect(!recorder.isTerminated)
        }
        #expect(recorder.values == [3, 6, 15])
        #expect(weakFirst == nil, "a run does not keep its sources alive")
        second.value = 7
        #expect(recorder.values == [3, 6, 15, 17], "combined with the gone source's last value")
        #expect(!recorder.isTerminated, "combineLatest ends when every source has ended")
    }

    @Test("a released derived property with no run is freed")
    func noLeak() {
        let source = MutableProperty(1)
        weak var weakDerived: Property<Int>?
        do {
            let derived = source.map { $0 + 1 }
            weakDerived = derived
            let run = derived.producer.start()
            run.dispose()
        }
        #expect(weakDerived == nil)
    }
}
