import Foundation
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

/// What ReactiveSwift lets an observer do re-entrantly must not deadlock here either.
@Suite("re-entrant observers do not deadlock", .ownThreads)
struct ReentrancyTests {
    /// How a test ends a source from inside the combined stream's observer.
    enum Ending: CaseIterable, Sendable {
        case complete, fail, interrupt

        func end(_ input: Signal<Int, TestError>.Observer) {
            switch self {
            case .complete: input.sendCompleted()
            case .fail: input.send(error: .boom)
            case .interrupt: input.sendInterrupted()
            }
        }

        /// What the combined stream delivers after the other source ended this way.
        var expectedTerminal: Event<String, TestError>? {
            switch self {
            case .complete: nil
            case .fail: .failed(.boom)
            case .interrupt: .interrupted
            }
        }
    }

    /// Combines two pipes with `combine`, ends the first from inside the combined observer
    /// when the second sends, and returns what the observer received (or nil on a hang).
    private func endFirstFromObserver(
        _ ending: Ending,
        _ combine:
            @escaping @Sendable (Signal<Int, TestError>, Signal<Int, TestError>) -> Signal<
                (Int, Int), TestError
            >
    ) -> [Event<String, TestError>]? {
        let received = Recorded<Event<String, TestError>>()
        let finished = finishes {
            let (a, inputA) = Signal<Int, TestError>.pipe()
            let (b, inputB) = Signal<Int, TestError>.pipe()
            combine(a, b).map { "\($0)\($1)" }.observe { event in
                received.append(event)
                if event.value == "12" { ending.end(inputA) }
            }
            inputA.send(value: 1)
            inputB.send(value: 2)
            inputB.send(value: 3)
            inputB.sendCompleted()
        }
        return finished ? received.items : nil
    }

    @Test("ending a source of combineLatest from the combined observer", arguments: Ending.allCases)
    func combineLatestSourceEndedFromObserver(ending: Ending) {
        let events = endFirstFromObserver(ending) { $0.combineLatest(with: $1) }
        let terminal = ending.expectedTerminal
        #expect(
            events
                == (terminal.map { [.value("12"), $0] } ?? [.value("12"), .value("13"), .completed])
        )
    }

    @Test("ending a source of zip from the zipped observer", arguments: Ending.allCases)
    func zipSourceEndedFromObserver(ending: Ending) {
        let received = Recorded<Event<String, TestError>>()
        let finished = finishes {
            let (a, inputA) = Signal<Int, TestError>.pipe()
            let (b, inputB) = Signal<Int, TestError>.pipe()
            a.zip(with: b).map { "\($0)\($1)" }.observe { event in
                received.append(event)
                if event.value == "12" { ending.end(inputA) }
            }
            inputA.send(value: 1)
            inputA.send(value: 3)
            inputB.send(value: 2)
            inputB.send(value: 4)
        }
        #expect(finished)
        // A completed zip side ends the result once its last value (3) has been paired.
        let terminal = ending.expectedTerminal
        #expect(
            received.items
                == (terminal.map { [.value("12"), $0] } ?? [.value("12"), .value("34"), .completed])
        )
    }

    @Test("ending a producer's source of combineLatest from the combined observer")
    func producerCombineLatestSourceEnded() {
        let received = Recorded<Event<String, TestError>>()
        let finished = finishes {
            let (a, inputA) = Signal<Int, TestError>.pipe()
            let (b, inputB) = Signal<Int, TestError>.pipe()
            SignalProducer.combineLatest(a, b).map { "\($0)\($1)" }.start { event in
                received.append(event)
                if event.value == "12" { inputA.sendCompleted() }
            }
            inputA.send(value: 1)
            inputB.send(value: 2)
            inputB.sendCompleted()
        }
        #expect(finished)
        #expect(received.items == [.value("12"), .completed])
    }

    @Test("setting an action's enabledIf from an observer of isEnabled")
    func actionEnabledIfFromIsEnabledObserver() {
        let seen = Recorded<Bool>()
        let finished = finishes {
            let condition = MutableProperty(true)
            let action = Action<Void, Int, Never>(enabledIf: condition) { SignalProducer(value: 1) }
            action.isEnabled.signal.observeValues { enabled in
                seen.append(enabled)
                // Re-enable whenever it turns off.
                if !enabled { condition.value = true }
            }
            condition.value = false
            seen.append(action.isEnabled.value)
        }
        #expect(finished)
        #expect(seen.items == [false, true, true])
    }

    @Test("starting a property's producer from inside an observer of that producer")
    func propertyProducerStartedFromItsObserver() {
        let inner = Recorded<Int>()
        let finished = finishes {
            let property = MutableProperty(0)
            property.producer.startWithValues { value in
                if value == 1 { property.producer.startWithValues(inner.append) }
            }
            property.value = 1
            property.value = 2
        }
        #expect(finished)
        #expect(inner.items == [1, 2])
    }

    @Test("starting a property's producer from the observer receiving the current value")
    func propertyProducerStartedFromInitialValue() {
        let inner = Recorded<Int>()
        let finished = finishes {
            let property = MutableProperty(5)
            var started = false
            property.producer.startWithValues { _ in
                guard !started else { return }
                started = true
                property.producer.startWithValues(inner.append)
            }
            property.value = 6
        }
        #expect(finished)
        #expect(inner.items == [5, 6])
    }

    @Test("deriving a property from inside an observer of the property")
    func propertyMappedFromItsObserver() {
        let derived = Recorded<Int>()
        let finished = finishes {
            let property = MutableProperty(1)
            var kept: Property<Int>?
            property.signal.observeValues { _ in
                if kept == nil { kept = property.map { $0 * 10 } }
            }
            property.value = 2
            property.value = 3
            derived.append(kept?.value ?? -1)
        }
        #expect(finished)
        #expect(derived.items == [30])
    }

    @Test("setting a property from inside its own observer is delivered after the current value")
    func propertySetFromItsObserver() {
        let seen = Recorded<Int>()
        let finished = finishes {
            let property = MutableProperty(0)
            property.signal.observeValues { value in
                seen.append(value)
                if value == 1 { property.value = 2 }
            }
            property.signal.observeValues { seen.append($0 * 100) }
            property.value = 1
            seen.append(property.value)
        }
        #expect(finished)
        // Every observer sees 1 before 2: the nested write waits for the current delivery.
        #expect(seen.items == [1, 100, 2, 200, 2])
    }

    @Test("combineLatest serialises sources sending from several threads at once")
    func combineLatestAcrossThreads() {
        let pairs = Counter()
        let terminal = Recorded<Event<Int, Never>>()
        let finished = finishes(within: 10) {
            let (a, inputA) = Signal<Int, Never>.pipe()
            let (b, inputB) = Signal<Int, Never>.pipe()
            var inFlight = false
            var overlapped = false
            a.combineLatest(with: b).map { $0 + $1 }.observe { event in
                if inFlight { overlapped = true }
                inFlight = true
                if event.value != nil { pairs.increment() } else { terminal.append(event) }
                inFlight = false
            }
            inputA.send(value: 0)
            inputB.send(value: 0)
            concurrently(threads: 2) { thread in
                let input = thread == 0 ? inputA : inputB
                for value in 1...500 { input.send(value: value) }
                input.sendCompleted()
            }
            if overlapped { terminal.append(.interrupted) }
        }
        #expect(finished)
        #expect(pairs.value == 1001)
        #expect(terminal.items == [.completed])
    }

    @Test("a property written from several threads while an observer re-enters it")
    func propertyReentrancyAcrossThreads() {
        let seen = Recorded<Int>()
        let started = Counter()
        let finished = finishes(within: 10) {
            let property = MutableProperty(0)
            property.signal.observeValues { value in
                seen.append(value)
                if value.isMultiple(of: 50) {
                    property.producer.take(first: 1).startWithValues { _ in started.increment() }
                }
            }
            concurrently(threads: 2) { _ in
                for _ in 0..<500 { property.modify { $0 += 1 } }
            }
        }
        #expect(finished)
        #expect(seen.items == Array(1...1000))
        #expect(started.value == 20)
    }
}
