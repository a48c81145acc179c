import Foundation
import ImageSearchModel
import ImageSearchTesting
import Signalbox
import SignalboxTesting
import Testing

@testable import ImageSearchViewModel

/// The search screen's reducer as a pure function: state × action → state, effects. The
/// effects are producers; where a test needs what one does, it runs it on a
/// `TestScheduler` and records the actions it sends.
@Suite("ImageSearchTableReducer")
struct ImageSearchTableReducerTests {
    typealias State = ImageSearchTableState
    typealias Action = ImageSearchTableAction

    let scheduler = TestScheduler()
    let demand = MutableProperty(0)
    let search: StubImageSearch
    let reducer: ImageSearchTableReducer

    init() {
        self.init(pages: threePages)
    }

    init(
        pages: @escaping (String) -> Result<[ResponseEntity], NetworkError>,
        failure: @escaping (String, Int) -> NetworkError? = { _, _ in nil }
    ) {
        search = StubImageSearch(scheduler: scheduler, pages: pages, failure: failure)
        reducer = ImageSearchTableReducer(
            imageSearch: search, network: StubNetwork.images(scheduler: scheduler),
            scheduler: scheduler, pageDemand: demand.producer)
    }

    /// One step of a test: an action, or an event of the latest search (whose ID is read
    /// from the state when the step is reduced).
    enum Step {
        case send(Action)
        /// A page of these ids of `total` hits.
        case page([UInt64], total: Int64, skipped: Int = 0)
        case event(Action.SearchEvent)
    }

    func cell(_ id: UInt64) -> any ImageSearchTableViewCellModeling {
        ImageSearchTableViewCellModel(
            image: makeImage(id), network: StubNetwork { _ in .failure(.unknown) },
            scheduler: ImmediateScheduler())
    }

    /// Reduces `steps` in order; returns the last step's effect.
    @discardableResult
    func reduce(_ state: inout State, _ steps: Step...) -> ImageSearchTableReducer.Effects {
        var effect = ImageSearchTableReducer.Effects.none
        for step in steps {
            let action: Action
            switch step {
            case .send(let sent):
                action = sent
            case .page(let ids, let total, let skipped):
                let response = ResponseEntity(
                    totalCount: total, images: ids.map { makeImage($0) }, skippedHits: skipped)
                action = .search(id: state.search?.id ?? -1, .page(response, ids.map(cell)))
            case .event(let event):
                action = .search(id: state.search?.id ?? -1, event)
            }
            effect = reducer.reduce(into: &state, action: action)
        }
        return effect
    }

    /// The ids of the rows.
    func ids(_ state: State) -> [UInt64] { state.results.entities.map(\.id) }

    // MARK: - Paging (as the reducer always did)

    @Test("a page request is accepted only with a next page and nothing loading")
    func pageRequests() {
        var state = State()
        reduce(&state, .send(.searchRequested("cat")), .send(.nextPageRequested))
        #expect(state.pageRequestsEnded == 1 && state.pageDemand == 0, "refused while loading")
        reduce(&state, .page([1, 2], total: 4), .send(.nextPageRequested))
        #expect(state.pageDemand == 1 && state.isSearching && state.pageRequestPending)
        reduce(&state, .send(.nextPageRequested))
        #expect(state.pageDemand == 1 && state.pageRequestsEnded == 2, "refused: one is pending")
        reduce(&state, .page([3, 4], total: 4))
        #expect(state.pageRequestsEnded == 3 && !state.hasNextPage)
        #expect(state.summary == .loaded(loaded: 4, total: 4))
    }

    @Test("a failure after a page keeps the page; a new search ends a pending page request")
    func failureAndReplacement() {
        var state = State()
        reduce(
            &state, .send(.searchRequested("cat")), .page([1], total: 9),
            .send(.nextPageRequested))
        reduce(&state, .event(.failed(.connectionLost)))
        #expect(ids(state) == [1])
        #expect(
            state.summary
                == .partiallyLoaded(
                    loaded: 1, total: 9, message: NetworkError.connectionLost.description))
        #expect(state.pageRequestsEnded == 1)
        reduce(&state, .send(.nextPageRequested))  // refused
        reduce(&state, .send(.searchRequested("dog")))
        #expect(state.errorMessage == nil && state.isSearching)
        #expect(state.pageRequestsEnded == 2)
    }

    @Test("a negative total from a server is shown as zero and ends paging")
    func negativeTotal() {
        var state = State()
        reduce(&state, .send(.searchRequested("cat")), .page([1, 2], total: -5))
        #expect(state.results.totalCount == 0)
        #expect(!state.hasNextPage)
    }

    // MARK: - Searches as effects

    @Test("a settled query starts the search effect; the same text settling again does not")
    func settledQueryStartsSearch() {
        var state = State()
        let first = reduce(&state, .send(.queryChanged("cat")), .send(.querySettled("cat")))
        #expect(first.started == [.search])
        #expect(state.search?.query == "cat" && state.search?.phase == .loading)
        let again = reduce(&state, .send(.querySettled("cat")))
        #expect(again.started.isEmpty && again.cancelled.isEmpty)
        let forced = reduce(&state, .send(.searchRequested("cat")))
        #expect(forced.started == [.search], "startSearch() searches even the same text")
    }

    @Test("the search effect sends the pages, then the end, as actions of its search")
    func searchEffectPages() {
        var state = State()
        let effect = reduce(&state, .send(.searchRequested("cat")))
        let actions = Recorded<String>()
        effect.producer(for: .search)?.startWithValues { actions.append(describe($0)) }
        scheduler.advance(by: 0.5)
        #expect(actions.items == ["1:page[1, 2]"])
        demand.value = 1  // the reducer counted a page request
        scheduler.advance(by: 0.5)
        demand.value = 2
        scheduler.advance(by: 0.5)
        #expect(actions.items == ["1:page[1, 2]", "1:page[3, 4]", "1:page[5, 6]", "1:finished"])
        #expect(search.recordedPages == ["cat#0", "cat#1", "cat#2"])
    }

    @Test("events of a replaced search are ignored")
    func replacedSearchIgnored() {
        var state = State()
        reduce(&state, .send(.searchRequested("cat")))
        let cat = state.search?.id ?? -1
        let old = ResponseEntity(totalCount: 2, images: [makeImage(1), makeImage(2)])
        reduce(&state, .send(.searchRequested("dog")), .send(.search(id: cat, .page(old, []))))
        #expect(ids(state).isEmpty)
        #expect(state.search?.phase == .loading)
    }

    // MARK: - Honest states

    @Test("a new search keeps the previous rows, stale, until its first page replaces them")
    func staleRowsWhileLoading() {
        var state = State()
        reduce(
            &state, .send(.queryChanged("cat")), .send(.querySettled("cat")),
            .page([1, 2], total: 6))
        let version = state.results.version
        reduce(&state, .send(.queryChanged("dog")))
        #expect(state.status.pendingQuery == "dog" && state.status.resultsAreStale)
        #expect(state.summary == .loaded(loaded: 2, total: 6), "pending changes no summary")
        reduce(&state, .send(.querySettled("dog")))
        #expect(ids(state) == [1, 2] && state.results.version == version, "rows stay")
        #expect(state.status.resultsQuery == "cat" && state.status.resultsAreStale)
        #expect(state.status.activity == .searching(query: "dog"))
        #expect(state.summary == .searching(loaded: 0))
        reduce(&state, .page([9], total: 1))
        #expect(ids(state) == [9] && state.status.resultsQuery == "dog")
        #expect(!state.status.resultsAreStale)
    }

    @Test("a search that finds nothing replaces the older rows with none")
    func nothingFound() {
        var state = State()
        reduce(&state, .send(.searchRequested("cat")), .page([1], total: 1))
        reduce(&state, .send(.searchRequested("zzz")), .event(.finished))
        #expect(ids(state).isEmpty)
        #expect(state.status.text == "No images found for “zzz”")
    }

    @Test("a blank query clears the rows at once and cancels the search")
    func blankClears() {
        var state = State()
        reduce(&state, .send(.searchRequested("cat")), .page([1], total: 9))
        let effect = reduce(&state, .send(.querySettled("")))
        #expect(effect.cancelled == [.search])
        #expect(ids(state).isEmpty && state.search == nil && state.summary == .idle)
        #expect(state.status == ImageSearchStatus())
    }

    @Test(
        "a query over 100 characters is not searched, and the message blames neither server nor key"
    )
    func queryTooLong() {
        var state = State()
        let text = String(repeating: "fox ", count: 30).trimmingCharacters(in: .whitespaces)
        let effect = reduce(&state, .send(.querySettled(text)))
        #expect(effect.started.isEmpty && effect.cancelled == [.search])
        #expect(state.status.activity == .queryTooLong(query: text, maximumLength: 100))
        let message = state.errorMessage ?? ""
        #expect(message.contains("too long") && message.contains("100"))
        #expect(!message.contains("server") && !message.contains("key"))
        #expect(state.summary == .failed(message: message))
        // 100 characters once runs of blanks are single spaces: searched.
        let fits = String(repeating: "a", count: 98) + "     b"
        #expect(reduce(&state, .send(.querySettled(fits))).started == [.search])
    }

    @Test("cancel ends the search in flight: status 'cancelled', rows stay, effect cancelled")
    func cancelInFlight() {
        var state = State()
        reduce(
            &state, .send(.searchRequested("cat")), .page([1, 2], total: 6),
            .send(.nextPageRequested))
        let effect = reduce(&state, .send(.cancelRequested))
        #expect(effect.cancelled == [.search])
        #expect(state.status.activity == .cancelled(query: "cat"))
        #expect(ids(state) == [1, 2] && !state.hasNextPage && state.pageRequestsEnded == 1)
        #expect(state.status.text == "Search for “cat” cancelled · 2 of 6 images for “cat”")
        #expect(reduce(&state, .send(.cancelRequested)).cancelled.isEmpty, "nothing left in flight")
    }

    @Test("cancel while a query waits for its debounce: it is not searched, and says so")
    func cancelPending() {
        var state = State()
        reduce(&state, .send(.searchRequested("cat")), .page([1], total: 1))
        reduce(&state, .send(.queryChanged("dog")), .send(.cancelRequested))
        #expect(state.status.activity == .cancelled(query: "dog"))
        #expect(state.status.pendingQuery == nil)
        #expect(state.summary == .loaded(loaded: 1, total: 1), "the rows shown, not none")
        #expect(reduce(&state, .send(.querySettled("dog"))).started.isEmpty)
        #expect(!state.status.text.contains("No images"))
    }

    // MARK: - Retry

    @Test("retry after a failure with no rows searches the same query from its first page")
    func retryFromStart() {
        var state = State()
        reduce(&state, .send(.searchRequested("cat")), .event(.failed(.timedOut)))
        #expect(state.status.canRetry)
        let effect = reduce(&state, .send(.retryRequested))
        #expect(effect.started == [.search])
        #expect(state.search?.query == "cat" && state.search?.phase == .loading)
        #expect(state.errorMessage == nil)
        #expect(
            reduce(&state, .send(.retryRequested)).started.isEmpty, "nothing to retry while loading"
        )
    }

    @Test("retry after a failed page asks that page again, keeping the rows")
    func retryResumesPage() {
        var state = State()
        reduce(
            &state, .send(.searchRequested("cat")), .page([1, 2], total: 6),
            .send(.nextPageRequested), .event(.failed(.serverError(statusCode: 500))))
        let effect = reduce(&state, .send(.retryRequested))
        #expect(state.search?.phase == .loadingNextPage && ids(state) == [1, 2])
        #expect(!state.status.resultsAreStale)
        let actions = Recorded<String>()
        effect.producer(for: .search)?.startWithValues { actions.append(describe($0)) }
        scheduler.advance(by: 1)
        let id = state.search?.id ?? -1
        #expect(actions.items == ["\(id):page[3, 4]"], "page 1 is asked again and left out")
        #expect(search.recordedPages == ["cat#0", "cat#1"])
        reduce(&state, .page([3, 4], total: 6))
        #expect(ids(state) == [1, 2, 3, 4] && state.hasNextPage)
    }

    // MARK: - Rate limit

    @Test("a rate-limit wait counts down with the clock while searching, then goes")
    func rateLimitCountdown() {
        var state = State()
        let start = scheduler.currentDate
        reduce(&state, .send(.searchRequested("cat")))
        let effect = reduce(
            &state, .send(.rateLimitChanged(until: start.addingTimeInterval(54), now: start)))
        #expect(effect.started == [.rateLimitClock])
        #expect(state.status.rateLimitWait == 54)
        #expect(state.status.text.contains("waiting 54 s for the rate limit"))
        let ticks = Recorded<String>()
        effect.producer(for: .rateLimitClock)?.take(first: 2)
            .startWithValues { ticks.append(describe($0)) }
        scheduler.advance(by: 2)
        #expect(ticks.items == ["tick 1.0", "tick 2.0"])
        reduce(&state, .send(.clockTicked(start.addingTimeInterval(1.5))))
        #expect(state.status.rateLimitWait == 53)
        let ended = reduce(
            &state, .send(.rateLimitChanged(until: nil, now: start.addingTimeInterval(2))))
        #expect(ended.cancelled == [.rateLimitClock] && state.status.rateLimitWait == nil)
    }
}

/// A short description of an action, for recorded effect outputs.
private func describe(_ action: ImageSearchTableAction) -> String {
    switch action {
    case .search(let id, .page(let response, _)):
        return "\(id):page\(response.images.map(\.id))"
    case .search(let id, .finished): return "\(id):finished"
    case .search(let id, .failed(let error)): return "\(id):failed \(error)"
    case .clockTicked(let date):
        return "tick \(date.timeIntervalSince(TestScheduler.defaultStartDate))"
    default: return "\(action)"
    }
}
