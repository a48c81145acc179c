import Signalbox
import SignalboxTesting
import Testing

/// The pipeline of a search box: query → debounce(0.3) → skipRepeats → flatMap(.latest)
/// { a search that answers after 0.5 s }.
@Suite("Search pipeline")
struct SearchPipelineTests {
    private let scheduler = TestScheduler()
    private let search: StubResponder<String, [String], Never>
    private let queries: Signal<String, Never>
    private let typing: Signal<String, Never>.Observer
    private let results: EventRecorder<[String], Never>

    init() {
        let scheduler = self.scheduler
        let search = StubResponder<String, [String], Never>(on: scheduler) { query in
            [.value([query + " 1", query + " 2"], at: 0.5), .completed(at: 0.5)]
        }
        self.search = search
        (queries, typing) = Signal<String, Never>.pipe()
        results = EventRecorder(
            observing:
                queries
                .debounce(0.3, on: scheduler)
                .skipRepeats()
                .flatMap(.latest) { query in search.producer(for: query) },
            clock: scheduler)
    }

    @Test("typing c, ca, cat quickly issues one request")
    func typingQuickly() {
        typing.send(value: "c")
        scheduler.advance(by: 0.1)
        typing.send(value: "ca")
        scheduler.advance(by: 0.1)
        typing.send(value: "cat")
        scheduler.advance(by: 2)
        #expect(search.requests == ["cat"])
        #expect(results.difference(from: [.value(["cat 1", "cat 2"], at: 1.0)]) == nil)
    }

    @Test("typing dog before the cat answer arrives disposes the cat request")
    func staleRequestIsCancelled() {
        typing.send(value: "cat")
        scheduler.advance(by: 0.4)  // debounced at 0.3: the cat request is running
        #expect(search.requests == ["cat"])
        typing.send(value: "dog")
        scheduler.advance(by: 0.3)  // debounced at 0.7, before the cat answer at 0.8
        #expect(search.disposalCount == 1)
        #expect(search.disposedRequests == ["cat"])
        scheduler.advance(by: 2)
        #expect(search.requests == ["cat", "dog"])
        #expect(results.difference(from: [.value(["dog 1", "dog 2"], at: 1.2)]) == nil)
    }

    @Test("typing the same query again after a pause does not search again")
    func repeatedQuery() {
        typing.send(value: "cat")
        scheduler.advance(by: 1)
        typing.send(value: "cats")
        scheduler.advance(by: 0.1)
        typing.send(value: "cat")
        scheduler.advance(by: 1)
        #expect(search.requests == ["cat"])
        #expect(results.values == [["cat 1", "cat 2"]])
    }

    @Test("ending the query stream completes the results after the last answer")
    func completion() {
        typing.send(value: "cat")
        typing.sendCompleted()
        scheduler.advance(by: 0.4)
        #expect(!results.isTerminated)
        scheduler.advance(by: 1)
        #expect(
            results.difference(from: [.value(["cat 1", "cat 2"], at: 0.5), .completed(at: 0.5)])
                == nil)
    }
}
