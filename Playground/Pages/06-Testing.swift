import Foundation
import ImageSearchModel
import ImageSearchOffline
import ImageSearchViewModel
import Signalbox
import SignalboxTesting

/// Page 6: testing with stub producers and `SignalboxTesting`.
///
/// Tests of reactive code need three things, and `SignalboxTesting` provides them:
/// - stubs that answer like a server, in virtual time: `StubResponder` (a function from a
///   request to a timeline of events) and `StubProducer` (one fixed timeline); both count
///   starts and disposals, so a test can check that a stale request was cancelled;
/// - a recorder that writes down every event with its virtual arrival time: `EventRecorder`;
/// - a readable failure: `difference(from:)` returns `nil` when the recording matches, or
///   an `EventDifference` whose description is a line-by-line diff.
///
/// Timelines can be drawn as marble diagrams (`--a--b--|`: `-` is a frame of virtual time, a
/// letter a value, `|` completion, `#` failure, `(ab)` two events in one frame), and a
/// `PropertyTimeline` checks every change of a view model's properties, exhaustively.
///
/// In a test you would write `#expect(recorder.difference(from: expected) == nil)`; this
/// page prints the values instead.
func testing() {
    pageHeading(6, "Testing with stub producers and SignalboxTesting")

    section("A search pipeline against a StubResponder, recorded by an EventRecorder")
    recordingAPipeline()

    section("StubProducer counts starts: retry(upTo: 2) starts a failing request 3 times")
    let scheduler = TestScheduler()
    let flaky = StubProducer<String, TourError>(failingWith: .offline, at: 0.1, on: scheduler)
    let recorder = EventRecorder(starting: flaky.producer.retry(upTo: 2), clock: scheduler)
    scheduler.run()
    print("  starts: \(flaky.startCount); recorded: \(recorder.timeline)")

    section("A view-model test: a stub ImageSearching that fails after 1 s")
    viewModelAgainstAStub()

    section("Marble diagrams: the same pipeline, drawn (one frame = 0.1 s)")
    drawingThePipeline()

    section("A PropertyTimeline: every change of the view model, checked exhaustively")
    exhaustiveTimeline()
}

/// The debounced pipeline of the first section, with its input and its expectation drawn.
private func drawingThePipeline() {
    let scheduler = TestScheduler()
    let api = StubResponder<String, [String], TourError>(on: scheduler) { query in
        [.value(["\(query) 1", "\(query) 2"], at: 0.5), .completed(at: 0.5)]
    }
    let typing = "cC--- ----- wW--- ----- ----- |"
    let answer = "----- ----c ----- ----w ----- |"
    let words: [Character: String] = ["c": "c", "C": "cat", "w": "cow", "W": "cows"]
    let pages: [Character: [String]] = ["c": ["cat 1", "cat 2"], "w": ["cows 1", "cows 2"]]
    let queries: Signal<String, Never> = scheduler.signal(
        marbles: typing, values: words, frame: 0.1)
    let recorder = EventRecorder(
        observing: queries.debounce(0.3, on: scheduler).flatMap(.latest) { api($0) },
        clock: scheduler)
    scheduler.run()
    print("  typing:   \(typing)")
    print("  recorded: \(recorder.marbles(values: pages, frame: 0.1))")
    let difference = recorder.difference(fromMarbles: answer, values: pages, frame: 0.1)
    print("  difference from \"\(answer)\": \(difference.map(\.description) ?? "nil")")

    print("  a failing expectation prints:")
    let wrong = "----- ---c- ----- ---w- ----- |"
    let failure = recorder.difference(fromMarbles: wrong, values: pages, frame: 0.1)
    for line in (failure?.description ?? "nil").split(separator: "\n") {
        print("    \(line)")
    }

    print("  a typo is reported with its position, never a crash:")
    do {
        _ = try MarbleDiagram(parsing: "--a--(b|")
    } catch {
        for line in error.description.split(separator: "\n") { print("    \(line)") }
    }
}

/// The table view model against a stub that answers after 0.5 s, with a check that leaves
/// out one change: the timeline reports it.
private func exhaustiveTimeline() {
    let scheduler = TestScheduler()
    let responder = StubResponder<String, ResponseEntity, NetworkError>(on: scheduler) { _ in
        [.value(ResponseEntity(totalCount: 0, images: []), at: 0.5), .completed(at: 0.5)]
    }
    let viewModel = ImageSearchTableViewModel(
        imageSearch: StubImageSearch(responder: responder), network: OfflineCatalog(),
        scheduler: scheduler)
    let timeline = PropertyTimeline(clock: scheduler)
    let state = timeline.track("state", viewModel.state)
    timeline.track("searching", viewModel.searching)
    viewModel.query.value = "lynx"
    scheduler.run()
    for change in timeline.changes { print("  change: \(change)") }
    let expected = [
        state.changed(to: .searching(loaded: 0), at: 0.3),
        state.changed(to: .loaded(loaded: 0, total: 0), at: 0.8),
    ]
    print("  a check that states only the state changes prints:")
    let failure = timeline.difference(from: expected)?.description ?? "nil"
    for line in failure.split(separator: "\n") { print("    \(line)") }
}

/// Debounced queries flat-mapped to stubbed requests, checked against an expected timeline.
private func recordingAPipeline() {
    let scheduler = TestScheduler()
    let api = StubResponder<String, [String], TourError>(on: scheduler) { query in
        [.value(["\(query) 1", "\(query) 2"], at: 0.5), .completed(at: 0.5)]
    }
    let (queries, searchBox) = Signal<String, Never>.pipe()
    let results = queries.debounce(0.3, on: scheduler).flatMap(.latest) { api($0) }
    let recorder = EventRecorder(observing: results, clock: scheduler)

    for (time, text) in [(0.0, "c"), (0.1, "cat"), (1.0, "cow"), (1.4, "cows")] {
        scheduler.schedule(afterDelay: time) { searchBox.send(value: text) }
    }
    scheduler.schedule(afterDelay: 3) { searchBox.sendCompleted() }
    scheduler.run()

    for line in recorder.timeline { print("  recorded: \(line)") }
    print("  requests: \(api.requests); cancelled: \(api.disposedRequests)")

    let expected: [TimedEvent<[String], TourError>] = [
        .value(["cat 1", "cat 2"], at: 0.9),
        .value(["cows 1", "cows 2"], at: 2.2),
        .completed(at: 3),
    ]
    let difference = recorder.difference(from: expected)
    print("  difference from the expected timeline: \(difference.map(\.description) ?? "nil")")

    // A wrong expectation, to show what a failing test prints.
    let wrong: [TimedEvent<[String], TourError>] = [
        .value(["cat 1", "cat 2"], at: 0.9),
        .value(["cow 1", "cow 2"], at: 1.8),
        .completed(at: 3),
    ]
    print("  a failing expectation prints:")
    let failure = recorder.difference(from: wrong)?.description ?? "nil"
    for line in failure.split(separator: "\n") {
        print("    \(line)")
    }
}

/// The table view model against a search stub: no catalog, no network, no sleeping.
private func viewModelAgainstAStub() {
    let scheduler = TestScheduler()
    let responder = StubResponder<String, ResponseEntity, NetworkError>(on: scheduler) { _ in
        [.failed(.notReachedServer, at: 1)]
    }
    let viewModel = ImageSearchTableViewModel(
        imageSearch: StubImageSearch(responder: responder), network: OfflineCatalog(),
        scheduler: scheduler)
    let states = EventRecorder(
        starting: viewModel.state.producer.skipRepeats(), clock: scheduler)
    viewModel.query.value = "lynx"
    scheduler.run()
    for line in states.timeline { print("  state: \(line)") }
    print("  requests: \(responder.requests)")
    print("  errorMessage: \(viewModel.errorMessage.value ?? "nil")")
}

/// An `ImageSearching` whose pages come from a `StubResponder`.
struct StubImageSearch: ImageSearching {
    let responder: StubResponder<String, ResponseEntity, NetworkError>

    func searchImages(
        query: String, nextPageTrigger: SignalProducer<Void, Never>
    ) -> SignalProducer<ResponseEntity, NetworkError> {
        responder(query)
    }
}
