import Signalbox
import SignalboxTesting
import Testing

/// The pipeline of a search box: query → debounce(0.3) → skipRepeats → flatMap(.latest)
/// { a search that answers after 0.5 s }.
///
/// Timelines are marble diagrams with one frame per 0.1 s and a space every five frames
/// (half a second), so the frames are easy to count. The keystrokes `c`, `a`, `t` type
/// "c", "ca", "cat"; `T` and `D` are the answers for "cat" and "dog".
@Suite("Search pipeline")
struct SearchPipelineTests {
    private let frame = 0.1
    private let keystrokes: [Character: String] = [
        "c": "c", "a": "ca", "t": "cat", "s": "cats", "d": "dog",
    ]
    private let answers: [Character: [String]] = [
        "T": ["cat 1", "cat 2"], "D": ["dog 1", "dog 2"],
    ]
    private let scheduler = TestScheduler()
    private let search: StubResponder<String, [String], Never>

    init() {
        search = StubResponder<String, [String], Never>(on: scheduler) { query in
            [.value([query + " 1", query + " 2"], at: 0.5), .completed(at: 0.5)]
        }
    }

    /// Types `typing` into the pipeline and records the results.
    private func results(
        typing: String, discardWhenCompleted: Bool = true
    ) -> EventRecorder<[String], Never> {
        let search = self.search
        let queries: Signal<String, Never> = scheduler.signal(
            marbles: typing, values: keystrokes, frame: frame)
        return EventRecorder(
            observing:
                queries
                .debounce(0.3, on: scheduler, discardWhenCompleted: discardWhenCompleted)
                .skipRepeats()
                .flatMap(.latest) { query in search.producer(for: query) },
            clock: scheduler)
    }

    @Test("typing c, ca, cat quickly issues one request")
    func typingQuickly() {
        let typing = "cat"
        let answer = "----- -----T"
        let results = results(typing: typing)
        scheduler.run()
        #expect(search.requests == ["cat"])
        #expect(results.difference(fromMarbles: answer, values: answers, frame: frame) == nil)
    }

    @Test("typing dog before the cat answer arrives disposes the cat request")
    func staleRequestIsCancelled() {
        // cat is debounced at 0.3 and would answer at 0.8; dog is debounced at 0.7.
        let typing = "t---d"
        let answer = "----- ----- --D"
        let results = results(typing: typing)
        scheduler.advance(by: 0.7)
        #expect(search.disposedRequests == ["cat"])
        scheduler.run()
        #expect(search.requests == ["cat", "dog"])
        #expect(results.difference(fromMarbles: answer, values: answers, frame: frame) == nil)
    }

    @Test("typing the same query again after a pause does not search again")
    func repeatedQuery() {
        let typing = "t---- -----st"
        let answer = "----- ---T"
        let results = results(typing: typing)
        scheduler.run()
        #expect(search.requests == ["cat"])
        #expect(results.difference(fromMarbles: answer, values: answers, frame: frame) == nil)
    }

    @Test("ending the query stream drops the query still being debounced and completes")
    func completion() {
        let typing = "(t|)"
        let answer = "|"
        let results = results(typing: typing)
        scheduler.run()
        #expect(search.requests == [])
        #expect(results.difference(fromMarbles: answer, values: answers, frame: frame) == nil)
    }

    @Test(
        "with discardWhenCompleted: false, the last query is searched when due, then it completes"
    )
    func completionKeepingTheLastQuery() {
        let typing = "(t|)"
        let answer = "----- ---(T|)"
        let results = results(typing: typing, discardWhenCompleted: false)
        scheduler.run()
        #expect(search.requests == ["cat"])
        #expect(results.difference(fromMarbles: answer, values: answers, frame: frame) == nil)
    }
}
