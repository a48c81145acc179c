import Foundation
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

@Suite("ReactiveSwift parity: withLatest, sample", .ownThreads)
struct ParitySamplingTests {
    @Test("withLatest pairs each value with the samplee's latest, dropping earlier values")
    func withLatest() {
        let (values, valuesInput) = Signal<Int, TestError>.pipe()
        let (samplee, sampleeInput) = Signal<String, Never>.pipe()
        let recorder = EventRecorder(
            observing: values.withLatest(from: samplee).map { "\($0)\($1)" })
        valuesInput.send(value: 1)
        sampleeInput.send(value: "a")
        valuesInput.send(value: 2)
        sampleeInput.send(value: "b")
        sampleeInput.sendCompleted()
        valuesInput.send(value: 3)
        valuesInput.sendCompleted()
        #expect(recorder.events == [.value("2a"), .value("3b"), .completed])
    }

    @Test("withLatest starts the samplee first and ignores its interruption")
    func withLatestProducer() {
        let pairs = SignalProducer<Int, Never>(values: 1, 2)
            .withLatest(from: SignalProducer<String, Never>(value: "a"))
        #expect(EventRecorder(starting: pairs.map { "\($0)\($1)" }).values == ["1a", "2a"])
        let (values, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(
            starting: values.producer.withLatest(
                from: SignalProducer<String, Never>(value: "x").concat(.never)
            ).map { "\($0)\($1)" })
        let samplee = SignalProducer<String, Never> { observer, _ in
            observer.send(value: "y")
            observer.sendInterrupted()
        }
        let second = EventRecorder(
            starting: values.producer.withLatest(from: samplee).map { "\($0)\($1)" })
        input.send(value: 1)
        #expect(recorder.values == ["1x"])
        #expect(second.values == ["1y"])
        #expect(!second.isTerminated)
    }

    @Test("withLatest fails with the receiver and disposes the samplee; disposal disposes both")
    func withLatestFailureAndDisposal() {
        let scheduler = TestScheduler()
        let samplee = StubProducer<String, Never>([.value("a", at: 1)], on: scheduler)
        let (values, input) = Signal<Int, TestError>.pipe()
        let recorder = EventRecorder(
            starting: values.producer.withLatest(from: samplee.producer).map { $0.0 })
        input.send(error: .boom)
        #expect(recorder.events == [.failed(.boom)])
        #expect(samplee.disposalCount == 1)
        let other = StubProducer<String, Never>([.value("a", at: 1)], on: scheduler)
        let run = EventRecorder<Int, Never>().record(
            SignalProducer<Int, Never>.never.withLatest(from: other.producer).map { $0.0 })
        run.dispose()
        #expect(other.disposalCount == 1)
    }

    @Test("withLatest: an observer may change the samplee (clear the field on submit)")
    func withLatestReentrant() {
        let text = MutableProperty("a")
        let (taps, tap) = Signal<Void, Never>.pipe()
        let submitted = Recorded<String>()
        taps.withLatest(from: text).observeValues { _, value in
            submitted.append(value)
            text.value = ""
        }
        tap.send(value: ())
        tap.send(value: ())
        #expect(submitted.items == ["a", ""])
    }

    @Test("sample(on:): an observer may make the sampled stream send")
    func sampleReentrant() {
        let count = MutableProperty(0)
        let (ticks, tick) = Signal<Void, Never>.pipe()
        let sampled = Recorded<Int>()
        count.producer.sample(on: ticks).startWithValues { value in
            sampled.append(value)
            count.value = value + 1
        }
        tick.send(value: ())
        tick.send(value: ())
        #expect(sampled.items == [0, 1])
    }

    @Test("sample(with:) sends the latest value at each sampler value; completes when both do")
    func sampleWith() {
        let (values, valuesInput) = Signal<Int, TestError>.pipe()
        let (sampler, samplerInput) = Signal<String, Never>.pipe()
        let recorder = EventRecorder(observing: values.sample(with: sampler).map { "\($0)\($1)" })
        samplerInput.send(value: "a")
        valuesInput.send(value: 1)
        valuesInput.send(value: 2)
        samplerInput.send(value: "b")
        valuesInput.sendCompleted()
        samplerInput.send(value: "c")
        #expect(!recorder.isTerminated)
        samplerInput.sendCompleted()
        #expect(recorder.events == [.value("2b"), .value("2c"), .completed])
    }

    @Test("sample(on:) fails with the receiver and is interrupted by the sampler")
    func sampleOnTerminals() {
        let (values, valuesInput) = Signal<Int, TestError>.pipe()
        let (sampler, samplerInput) = Signal<Void, Never>.pipe()
        let recorder = EventRecorder(observing: values.sample(on: sampler))
        valuesInput.send(value: 1)
        samplerInput.send(value: ())
        valuesInput.send(error: .boom)
        #expect(recorder.events == [.value(1), .failed(.boom)])
        let (values2, _) = Signal<Int, TestError>.pipe()
        let (sampler2, samplerInput2) = Signal<Void, Never>.pipe()
        let interrupted = EventRecorder(observing: values2.sample(on: sampler2))
        samplerInput2.sendInterrupted()
        #expect(interrupted.events == [.interrupted])
    }

    @Test("sample(on:) on producers: disposing the result disposes both runs")
    func sampleDisposal() {
        let scheduler = TestScheduler()
        let values = StubProducer<Int, Never>([.value(1, at: 1)], on: scheduler)
        let ticks = StubProducer<Void, Never>([.value((), at: 2)], on: scheduler)
        let recorder = EventRecorder(
            starting: values.producer.sample(on: ticks.producer), clock: scheduler)
        scheduler.advance(by: 2)
        #expect(recorder.values == [1])
        recorder.dispose()
        #expect(values.disposalCount == 1)
        #expect(ticks.disposalCount == 1)
        #expect(recorder.events == [.value(1), .interrupted])
    }
}

@Suite("ReactiveSwift parity: value operators", .ownThreads)
struct ParityValueOperatorTests {
    @Test("combinePrevious pairs each value with the previous one")
    func combinePrevious() {
        let values = SignalProducer<Int, Never>(values: 1, 2, 3)
        #expect(
            EventRecorder(starting: values.combinePrevious().map { "\($0)\($1)" }).events == [
                .value("12"), .value("23"), .completed,
            ])
        #expect(
            EventRecorder(starting: values.combinePrevious(0).map { "\($0)\($1)" }).values == [
                "01", "12", "23",
            ])
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = EventRecorder(observing: signal.combinePrevious(9).map { $0 * 10 + $1 })
        input.send(value: 1)
        input.send(error: .boom)
        #expect(recorder.events == [.value(91), .failed(.boom)])
    }

    @Test("skipNil drops nil values and unwraps the others")
    func skipNil() {
        let values = SignalProducer<Int?, Never>(values: 1, nil, 3, nil)
        #expect(
            EventRecorder(starting: values.skipNil()).events == [.value(1), .value(3), .completed])
        let (signal, input) = Signal<String?, TestError>.pipe()
        let recorder = EventRecorder(observing: signal.skipNil())
        input.send(value: nil)
        input.send(value: "a")
        input.send(error: .boom)
        #expect(recorder.events == [.value("a"), .failed(.boom)])
    }

    @Test("take(last:) sends the last values at completion, nothing on failure")
    func takeLast() {
        let values = SignalProducer<Int, TestError>(values: 1...5)
        #expect(
            EventRecorder(starting: values.take(last: 2)).events == [
                .value(4), .value(5), .completed,
            ])
        #expect(EventRecorder(starting: values.take(last: 0)).events == [.completed])
        #expect(EventRecorder(starting: values.take(last: 9)).values == [1, 2, 3, 4, 5])
        let failing = values.concat(SignalProducer(error: .boom)).take(last: 2)
        #expect(EventRecorder(starting: failing).events == [.failed(.boom)])
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = EventRecorder(observing: signal.take(last: 1))
        input.send(value: 1)
        input.send(value: 2)
        #expect(recorder.events.isEmpty)
        input.sendCompleted()
        #expect(recorder.events == [.value(2), .completed])
    }

    @Test("take(last:) disposal interrupts without sending the held values")
    func takeLastDisposal() {
        let recorder = EventRecorder<Int, Never>()
        let run = recorder.record(SignalProducer(values: 1, 2).concat(.never).take(last: 1))
        run.dispose()
        #expect(recorder.events == [.interrupted])
    }

    @Test("attempt passes accepted values on and fails with the returned or thrown error")
    func attempt() {
        let values = SignalProducer<Int, TestError>(values: 1, 2, -1, 3)
        let checked = values.attempt { $0 > 0 ? .success(()) : .failure(.boom) }
        #expect(EventRecorder(starting: checked).events == [.value(1), .value(2), .failed(.boom)])
        let seen = Recorded<Int>()
        let thrown = values.attempt { (value: Int) throws(TestError) in
            seen.append(value)
            if value < 0 { throw .other }
        }
        #expect(EventRecorder(starting: thrown).events == [.value(1), .value(2), .failed(.other)])
        #expect(seen.items == [1, 2, -1])
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = EventRecorder(
            observing: signal.attempt { (value: Int) throws(TestError) in
                if value == 0 { throw .boom }
            })
        input.send(value: 1)
        input.send(value: 0)
        input.send(value: 2)
        #expect(recorder.events == [.value(1), .failed(.boom)])
    }

    @Test("scan(into:) and reduce(into:) fold in place")
    func scanReduceInto() {
        let values = SignalProducer<Int, TestError>(values: 1, 2, 3)
        let scanned = values.scan(into: [Int]()) { $0.append($1) }
        #expect(EventRecorder(starting: scanned).values == [[1], [1, 2], [1, 2, 3]])
        let reduced = values.reduce(into: 0) { $0 += $1 }
        #expect(EventRecorder(starting: reduced).events == [.value(6), .completed])
        let failing = values.concat(SignalProducer(error: .boom)).reduce(into: 0) { $0 += $1 }
        #expect(EventRecorder(starting: failing).events == [.failed(.boom)])
        let (signal, input) = Signal<String, Never>.pipe()
        let counts = EventRecorder(
            observing: signal.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 })
        let running = EventRecorder(observing: signal.scan(into: "") { $0 += $1 })
        input.send(value: "a")
        input.send(value: "b")
        input.send(value: "a")
        input.sendCompleted()
        #expect(counts.values == [["a": 2, "b": 1]])
        #expect(running.values == ["a", "ab", "aba"])
    }

    @Test("uniqueValues sends each value (or identity) once")
    func uniqueValues() {
        let values = SignalProducer<Int, Never>(values: 1, 2, 1, 3, 2)
        #expect(EventRecorder(starting: values.uniqueValues()).values == [1, 2, 3])
        let words = SignalProducer<String, Never>(values: "a", "bb", "c", "dd", "eee")
        #expect(EventRecorder(starting: words.uniqueValues(\.count)).values == ["a", "bb", "eee"])
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = EventRecorder(observing: signal.uniqueValues())
        input.send(value: 1)
        input.send(value: 1)
        input.send(error: .boom)
        #expect(recorder.events == [.value(1), .failed(.boom)])
    }

    @Test("materializeResults and dematerializeResults round-trip")
    func results() {
        let values = SignalProducer<Int, TestError>(values: 1, 2).concat(
            SignalProducer(error: .boom))
        let materialized = EventRecorder(starting: values.materializeResults())
        #expect(
            materialized.events == [
                .value(.success(1)), .value(.success(2)), .value(.failure(.boom)), .completed,
            ])
        let back = EventRecorder(starting: values.materializeResults().dematerializeResults())
        #expect(back.events == [.value(1), .value(2), .failed(.boom)])
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = EventRecorder(observing: signal.materializeResults().dematerializeResults())
        input.send(value: 1)
        input.sendInterrupted()
        #expect(recorder.events == [.value(1), .interrupted])
    }

    @Test("a user-defined signal operator lifts onto signals and producers")
    func publicLift() {
        func evens(_ signal: Signal<Int, TestError>) -> Signal<Int, TestError> {
            signal.filter { $0 % 2 == 0 }
        }
        let (signal, input) = Signal<Int, TestError>.pipe()
        let recorder = EventRecorder(observing: signal.lift(evens))
        input.send(value: 1)
        input.send(value: 2)
        input.send(error: .boom)
        #expect(recorder.events == [.value(2), .failed(.boom)])
        let producer = SignalProducer<Int, TestError>(values: 1, 2, 3, 4).lift(evens)
        #expect(EventRecorder(starting: producer).events == [.value(2), .value(4), .completed])
        let pairUp = { (a: Signal<Int, TestError>) in
            { (b: Signal<Int, TestError>) in a.zip(with: b) }
        }
        let zipped = SignalProducer<Int, TestError>(values: 1, 2).lift(pairUp)
        let pairs = zipped(SignalProducer(values: 10, 20)).map { $0 + $1 }
        #expect(EventRecorder(starting: pairs).events == [.value(11), .value(22), .completed])
    }

    @Test("a lifted producer's disposal interrupts the upstream run")
    func publicLiftDisposal() {
        let scheduler = TestScheduler()
        let upstream = StubProducer<Int, Never>([.value(1, at: 5)], on: scheduler)
        let recorder = EventRecorder<Int, Never>()
        let run = recorder.record(upstream.producer.lift { $0.map { $0 + 1 } })
        run.dispose()
        #expect(upstream.disposalCount == 1)
        #expect(recorder.events == [.interrupted])
    }
}

@Suite("ReactiveSwift parity: take(untilReplacement:), skip(until:)", .ownThreads)
struct ParityReplacementTests {
    @Test("take(untilReplacement:) switches to the replacement at its first event")
    func switches() {
        let (original, originalInput) = Signal<Int, TestError>.pipe()
        let (replacement, replacementInput) = Signal<Int, TestError>.pipe()
        let recorder = EventRecorder(observing: original.take(untilReplacement: replacement))
        originalInput.send(value: 1)
        originalInput.sendCompleted()
        #expect(!recorder.isTerminated)
        replacementInput.send(value: 10)
        replacementInput.sendCompleted()
        #expect(recorder.events == [.value(1), .value(10), .completed])
    }

    @Test("take(untilReplacement:) disposes the original run at the switch")
    func disposesOriginal() {
        let scheduler = TestScheduler()
        let original = StubProducer<Int, TestError>(
            [.value(1, at: 1), .value(2, at: 3)], on: scheduler)
        let replacement = StubProducer<Int, TestError>(
            [.value(10, at: 2), .failed(.boom, at: 4)], on: scheduler)
        let recorder = EventRecorder(
            starting: original.producer.take(untilReplacement: replacement.producer),
            clock: scheduler)
        scheduler.run()
        #expect(recorder.events == [.value(1), .value(10), .failed(.boom)])
        #expect(original.disposalCount == 1)
    }

    @Test("take(untilReplacement:) fails with the original before the switch")
    func originalFailure() {
        let scheduler = TestScheduler()
        let replacement = StubProducer<Int, TestError>([.value(10, at: 2)], on: scheduler)
        let recorder = EventRecorder(
            starting: SignalProducer<Int, TestError>(error: .boom)
                .take(untilReplacement: replacement.producer))
        #expect(recorder.events == [.failed(.boom)])
        #expect(replacement.disposalCount == 1)
        let other = StubProducer<Int, TestError>([.value(10, at: 2)], on: scheduler)
        let second = EventRecorder<Int, TestError>()
        second.record(SignalProducer.never.take(untilReplacement: other.producer)).dispose()
        #expect(second.events == [.interrupted])
        #expect(other.disposalCount == 1)
    }

    @Test("take(untilReplacement:) tolerates a source sending from a downstream observer")
    func reentrantReplacement() {
        let trigger = MutableProperty(0)
        let (original, originalInput) = Signal<Int, Never>.pipe()
        let result = original.take(untilReplacement: trigger.signal)
        let received = Recorded<Int>()
        result.observeValues { value in
            received.append(value)
            if value == 1 { trigger.value = 5 }
        }
        originalInput.send(value: 1)
        #expect(received.items == [1, 5])
    }

    @Test("skip(until:) drops values until the trigger fires, then forwards them")
    func skipUntil() {
        let (values, input) = Signal<Int, TestError>.pipe()
        let (trigger, triggerInput) = Signal<Void, Never>.pipe()
        let recorder = EventRecorder(observing: values.skip(until: trigger))
        input.send(value: 1)
        triggerInput.send(value: ())
        input.send(value: 2)
        input.send(error: .boom)
        #expect(recorder.events == [.value(2), .failed(.boom)])
        let completedTrigger = SignalProducer<Int, Never>(values: 1, 2)
            .skip(until: SignalProducer<Void, Never>.empty)
        #expect(EventRecorder(starting: completedTrigger).values == [1, 2])
    }

    @Test(
        "skip(until:) does not listen to the upstream before the trigger: an end then interrupts when it fires"
    )
    func skipUntilTerminal() {
        let scheduler = TestScheduler()
        let trigger = StubProducer<Void, Never>([.value((), at: 5)], on: scheduler)
        let recorder = EventRecorder(
            starting: SignalProducer<Int, Never>(values: 1, 2).skip(until: trigger.producer))
        #expect(recorder.events == [])
        scheduler.run()
        #expect(recorder.events == [.interrupted])
        #expect(trigger.disposalCount == 1)
        let interrupted = SignalProducer<Int, Never>(values: 1)
            .skip(until: SignalProducer<Void, Never> { observer, _ in observer.sendInterrupted() })
        #expect(EventRecorder(starting: interrupted).events == [])
        let other = StubProducer<Void, Never>([.value((), at: 5)], on: scheduler)
        let run = EventRecorder<Int, Never>().record(
            SignalProducer<Int, Never>.never.skip(until: other.producer))
        run.dispose()
        #expect(other.disposalCount == 1)
    }

    @Test("skip(until:) on a signal: a failure before the trigger is not seen; after it, it is")
    func skipUntilSignalTerminal() {
        let (values, input) = Signal<Int, TestError>.pipe()
        let (trigger, triggerInput) = Signal<Void, Never>.pipe()
        let recorder = EventRecorder(observing: values.skip(until: trigger))
        input.send(value: 1)
        input.send(error: .boom)
        #expect(recorder.events == [])
        triggerInput.send(value: ())
        #expect(recorder.events == [.interrupted])
    }

    @Test("skip(until:endingWithUpstream: true) forwards terminal events before the trigger")
    func skipUntilEndingWithUpstream() {
        let scheduler = TestScheduler()
        let trigger = StubProducer<Void, Never>([.value((), at: 5)], on: scheduler)
        let recorder = EventRecorder(
            starting: SignalProducer<Int, Never>(values: 1, 2)
                .skip(until: trigger.producer, endingWithUpstream: true))
        #expect(recorder.events == [.completed])
        #expect(trigger.disposalCount == 1)
        let (values, input) = Signal<Int, TestError>.pipe()
        let (signalTrigger, _) = Signal<Void, Never>.pipe()
        let failed = EventRecorder(
            observing: values.skip(until: signalTrigger, endingWithUpstream: true))
        input.send(value: 1)
        input.send(error: .boom)
        #expect(failed.events == [.failed(.boom)])
    }

    @Test(
        "skip(until:) on real threads: a trigger racing the upstream's end gives one terminal event"
    )
    func skipUntilRace() {
        for _ in 0..<200 {
            let (values, input) = Signal<Int, Never>.pipe()
            let (trigger, triggerInput) = Signal<Void, Never>.pipe()
            let recorder = EventRecorder(observing: values.skip(until: trigger))
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { triggerInput.send(value: ()) }
            DispatchQueue.global().async(group: group) { input.sendCompleted() }
            #expect(group.wait(timeout: .now() + 60) == .success)
            let events = recorder.events
            #expect(events == [.completed] || events == [.interrupted])
        }
    }
}
