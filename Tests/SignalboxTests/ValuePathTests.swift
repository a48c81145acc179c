import Signalbox
import Synchronization
import TestThreads
import Testing

/// Where the values of a test chain come from: each source reaches the operators through a
/// different entrance (the observer of a start handler, the loop of a sequence producer, or
/// an operator that only forwards events).
enum ValueSource: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case startHandler, sequence, eventOperator

    var testDescription: String { rawValue }

    func producer(_ values: [Int], failing: Bool = false) -> SignalProducer<Int, TestError> {
        let base: SignalProducer<Int, TestError>
        switch self {
        case .startHandler:
            base = SignalProducer { observer, _ in
                for value in values { observer.send(value: value) }
                if failing { observer.send(error: .boom) } else { observer.sendCompleted() }
            }
        case .sequence, .eventOperator:
            let sequence = SignalProducer<Int, TestError>(values: values)
            base = failing ? sequence.concat(SignalProducer(error: .boom)) : sequence
        }
        // `scan` only has an event path: the operators after it receive `Event`s.
        return self == .eventOperator
            ? base.scan(0) { _, value in value } : base
    }
}

/// How the test chain is consumed: through a value path, or only through events.
enum ValueSink: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case startWithResult, start, eventOperator

    var testDescription: String { rawValue }

    func record(_ producer: SignalProducer<Int, TestError>) -> [Event<Int, TestError>] {
        let events = Recorded<Event<Int, TestError>>()
        switch self {
        case .startWithResult:
            producer.startWithResult { result in
                switch result {
                case .success(let value): events.append(.value(value))
                case .failure(let error): events.append(.failed(error))
                }
            }
            return events.items
        case .start:
            producer.start(events.append)
        case .eventOperator:
            // `skip(first: 0)` forwards everything, through its event path only.
            producer.skip(first: 0).start(events.append)
        }
        return events.items
    }
}

@Suite("Value paths: the same events whichever way values enter and leave an operator", .ownThreads)
struct ValuePathTests {
    static let combinations = ValueSource.allCases.flatMap { source in
        ValueSink.allCases.map { (source, $0) }
    }

    func expectedEnd(_ sink: ValueSink, failing: Bool) -> [Event<Int, TestError>] {
        if failing { return [.failed(.boom)] }
        return sink == .startWithResult ? [] : [.completed]
    }

    @Test("map, filter, compactMap in a chain", arguments: combinations)
    func chain(source: ValueSource, sink: ValueSink) {
        let producer = source.producer([1, 2, 3, 4, 5, 6])
            .map { $0 * 10 }
            .filter { $0 != 30 }
            .compactMap { $0 > 45 ? nil : $0 + 1 }
        #expect(
            sink.record(producer)
                == [.value(11), .value(21), .value(41)] + expectedEnd(sink, failing: false))
    }

    @Test("filters first, in a row, and after compactMap and attemptMap", arguments: combinations)
    func filters(source: ValueSource, sink: ValueSink) {
        let producer = source.producer(Array(1...12))
            .filter { $0 != 2 }
            .filter { $0 != 3 }
            .compactMap { $0 == 4 ? nil : $0 }
            .filter { $0 != 5 }
            .attemptMap { value throws(TestError) in value }
            .filter { $0.isMultiple(of: 2) || $0 > 10 }
            .map { $0 * 10 }
            .filter { $0 != 80 }
        #expect(
            sink.record(producer)
                == [60, 100, 110, 120].map { .value($0) } + expectedEnd(sink, failing: false))
    }

    @Test("attemptMap fails on the value path and nothing follows", arguments: combinations)
    func attemptMapFailure(source: ValueSource, sink: ValueSink) {
        let producer = source.producer([1, 2, 3, 4])
            .attemptMap { value -> Result<Int, TestError> in
                value == 3 ? .failure(.other) : .success(value * 2)
            }
            .map { $0 + 1 }
        #expect(sink.record(producer) == [.value(3), .value(5), .failed(.other)])
    }

    @Test("a failure from upstream passes through every operator", arguments: combinations)
    func upstreamFailure(source: ValueSource, sink: ValueSink) {
        let producer = source.producer([1, 2], failing: true)
            .map { $0 + 1 }
            .filter { _ in true }
            .compactMap { $0 }
            .attemptMap { value throws(TestError) in value }
        #expect(sink.record(producer) == [.value(2), .value(3)] + expectedEnd(sink, failing: true))
    }

    @Test("Observer.send(_:) with a value event and send(value:) are the same delivery")
    func observerEntrances() {
        let events = Recorded<Event<Int, TestError>>()
        let producer = SignalProducer<Int, TestError> { observer, _ in
            observer.send(.value(1))
            observer.send(value: 2)
            observer.send(values: [3, 4])
            observer.send(.completed)
        }
        producer.map { $0 * 2 }.start(events.append)
        #expect(events.items == [.value(2), .value(4), .value(6), .value(8), .completed])
    }
}

@Suite(
    "Synchronous operators on signals: the derived signal's core enforces the grammar", .ownThreads)
struct SignalSynchronousOperatorTests {
    @Test("attemptMap failing ends the derived signal; later upstream values are dropped")
    func attemptMapFailureEndsSignal() {
        let (signal, input) = Signal<Int, TestError>.pipe()
        let events = Recorded<Event<Int, TestError>>()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            signal
                .attemptMap { value -> Result<Int, TestError> in
                    _ = token
                    return value == 2 ? .failure(.other) : .success(value * 10)
                }
                .map { $0 + 1 }
                .observe(events.append)
        }
        input.send(value: 1)
        input.send(value: 2)
        input.send(value: 3)
        input.sendCompleted()
        #expect(events.items == [.value(11), .failed(.other)])
        // The failed chain detached from the pipe, so the operator's closure is released.
        #expect(weakToken == nil)
    }

    @Test("map, filter, compactMap on a signal from 4 threads: every value once, in one line")
    func concurrentSendsThroughOperators() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let received = Atomic<Int>(0)
        signal.map { $0 * 2 }.filter { $0 >= 0 }.compactMap { $0 }
            .observeValues { _ in
                if inside.add(1, ordering: .sequentiallyConsistent).newValue != 1 {
                    overlaps.add(1, ordering: .relaxed)
                }
                received.add(1, ordering: .relaxed)
                inside.subtract(1, ordering: .sequentiallyConsistent)
            }
        concurrently(threads: 4) { thread in
            for i in 0..<5_000 { input.send(value: thread * 5_000 + i) }
        }
        #expect(received.load(ordering: .relaxed) == 20_000)
        #expect(overlaps.load(ordering: .relaxed) == 0)
    }

    @Test("observing a derived signal after it terminated interrupts at once")
    func derivedSignalTerminated() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let mapped = signal.map { $0 + 1 }
        input.sendCompleted()
        let events = Recorded<Event<Int, Never>>()
        #expect(mapped.observe(events.append) == nil)
        #expect(events.items == [.interrupted])
    }
}
