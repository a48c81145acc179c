import Foundation
import Signalbox
import SignalboxTesting
import Testing

/// Something a start handler reaches through an optional, so the closure returns `Void?`.
private final class Feeder {
    func feed(_ observer: Signal<Int, Never>.Observer) {
        observer.send(value: 1)
        observer.sendCompleted()
    }

    func touch() {}
}

@Suite("SignalProducer initialisers pick the ReactiveSwift overload")
struct ProducerInitialiserTests {
    @Test("a closure returning a value runs synchronously on each start, then completes")
    func valueClosure() {
        let runs = Counter()
        let producer = SignalProducer<Int, Never> {
            runs.increment()
            return runs.value * 10
        }
        #expect(runs.value == 0)
        #expect(EventRecorder(starting: producer).events == [.value(10), .completed])
        #expect(EventRecorder(starting: producer).events == [.value(20), .completed])
    }

    @Test("a one-expression closure is the synchronous value form, not the async one")
    func oneExpressionClosure() {
        let producer = SignalProducer<String, Never> { "now" }
        #expect(EventRecorder(starting: producer).events == [.value("now"), .completed])
    }

    @Test("a closure returning a Result sends the success or fails with the failure")
    func resultClosure() {
        let success = SignalProducer<Int, TestError> { .success(1) }
        let failure = SignalProducer<Int, TestError> { .failure(.boom) }
        let inferred = SignalProducer { Result<Int, TestError>.success(2) }
        #expect(EventRecorder(starting: success).events == [.value(1), .completed])
        #expect(EventRecorder(starting: failure).events == [.failed(.boom)])
        #expect(EventRecorder(starting: inferred).events == [.value(2), .completed])
    }

    @Test("the start handler form works with a named or an ignored lifetime")
    func startHandlerForms() {
        let ended = Counter()
        let named = SignalProducer<Int, Never> { observer, lifetime in
            lifetime.observeEnded(ended.increment)
            observer.send(value: 1)
            observer.sendCompleted()
        }
        let ignored = SignalProducer<Int, Never> { observer, _ in
            observer.send(value: 2)
            observer.sendCompleted()
        }
        #expect(EventRecorder(starting: named).events == [.value(1), .completed])
        #expect(ended.value == 1)
        #expect(EventRecorder(starting: ignored).events == [.value(2), .completed])
    }

    @Test("a start handler whose one expression returns Void? is still a start handler")
    func startHandlerReturningOptionalVoid() {
        let feeder: Feeder? = Feeder()
        let producer = SignalProducer<Int, Never> { observer, _ in feeder?.feed(observer) }
        #expect(EventRecorder(starting: producer).events == [.value(1), .completed])
    }

    @Test("a closure of no parameters returning Void? is the value form")
    func valueClosureReturningOptionalVoid() {
        let feeder: Feeder? = Feeder()
        let producer = SignalProducer<Void?, Never> { feeder?.touch() }
        let recorder = EventRecorder(starting: producer)
        #expect(recorder.values.count == 1)
        #expect(recorder.isTerminated)
    }

    @Test("the async form is spelled with its label and runs in a task")
    func asyncForm() async {
        let producer = SignalProducer<Int, Never>(asyncOperation: {
            await Task.yield()
            return 3
        })
        #expect(await producer.first() == .success(3))
    }
}
