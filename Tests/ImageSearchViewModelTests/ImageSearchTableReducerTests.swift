import Foundation
import ImageSearchModel
import ImageSearchTesting
import Signalbox
import SignalboxTesting
import Testing

@testable import ImageSearchViewModel

/// The search screen's reducer, step by step on a `TestStore`: every action states the
/// state it leads to, and every action its effects feed back (a search's pages, its end, a
/// clock's ticks) is received and checked in order. The effects run as the view model's
/// store runs them, on a `TestScheduler`, against a stub search service.
@Suite("ImageSearchTableReducer")
struct ImageSearchTableReducerTests {
    typealias State = ImageSearchTableState
    typealias Store = TestStore<State, ImageSearchTableAction, ImageSearchTableReducer.EffectID>

    let scheduler = TestScheduler()

    /// A store over a stub service answering `pages` (after 0.5 s of virtual time each, or
    /// `delay`), failing a request when `failure` says so.
    func makeStore(
        pages: @escaping (String) -> Result<[ResponseEntity], NetworkError> = threePages,
        failure: @escaping (String, Int) -> NetworkError? = { _, _ in nil },
        delay: TimeInterval = 0.5
    ) -> (Store, StubImageSearch) {
        let search = StubImageSearch(
            scheduler: scheduler, delay: delay, pages: pages, failure: failure)
        let reducer = ImageSearchTableReducer(imageSearch: search, scheduler: scheduler)
        return (Store(initialState: State(), reduce: reducer.reduce), search)
    }

    func page(_ ids: [UInt64], total: Int64, skipped: Int = 0) -> ResponseEntity {
        ResponseEntity(totalCount: total, images: ids.map { makeImage($0) }, skippedHits: skipped)
    }

    func images(_ ids: UInt64...) -> [ImageEntity] { ids.map { makeImage($0) } }

    /// Receives the first page of search `id` (hits `ids` of `total`): it becomes the rows,
    /// the search has one page, and can ask for another when `hasNextPage`.
    func receiveFirstPage(
        _ store: Store, search id: Int, query: String, ids: [UInt64], total: Int64,
        hasNextPage: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let firstPage: (inout State) -> Void = { state in
            state.results = .init(
                searchID: id, query: query, entities: ids.map { makeImage($0) },
                totalCount: total)
            state.search?.pagesLoaded = 1
            state.search?.phase = .loaded(hasNextPage: hasNextPage)
        }
        store.receive(
            .search(id: id, .page(page(ids, total: total))), firstPage,
            sourceLocation: sourceLocation)
    }

    /// The state after `.searchRequested(query)` or a settled `query` starting search `id`.
    func searching(_ query: String, id: Int) -> (inout State) -> Void {
        { state in
            state.lastSearched = query
            if state.pendingQuery == query { state.pendingQuery = nil }
            state.search = .init(id: id, query: query, phase: .loading)
            state.nextSearchID = id + 1
        }
    }

    // MARK: - Paging

    @Test("a page request is accepted only with a next page and nothing loading")
    func pageRequests() {
        let (store, _) = makeStore(pages: { _ in
            .success([self.page([1, 2], total: 4), self.page([3, 4], total: 4)])
        })
        store.send(.searchRequested("cat"), searching("cat", id: 1))
        store.send(.nextPageRequested(1)) { $0.lastEndedPageRequest = 1 }  // refused: loading
        scheduler.advance(by: 0.5)
        receiveFirstPage(
            store, search: 1, query: "cat", ids: [1, 2], total: 4,
            hasNextPage: true)
        store.send(.nextPageRequested(2)) {
            $0.search?.phase = .loadingNextPage
            $0.pendingPageRequest = 2
            $0.pageDemand = 1
        }
        store.send(.nextPageRequested(3)) { $0.lastEndedPageRequest = 3 }  // refused: pending
        scheduler.advance(by: 0.5)
        store.receive(.search(id: 1, .page(page([3, 4], total: 4)))) {
            $0.results.entities = images(1, 2, 3, 4)
            $0.search?.pagesLoaded = 2
            $0.search?.phase = .loaded(hasNextPage: false)
            $0.pendingPageRequest = nil
            $0.lastEndedPageRequest = 2
        }
        store.receive(.search(id: 1, .finished))
        #expect(store.state.summary == .loaded(loaded: 4, total: 4))
        store.finish()
    }

    @Test("a failure after a page keeps the page; a new search ends a pending page request")
    func failureAndReplacement() {
        let (store, _) = makeStore(
            pages: { _ in .success([self.page([1], total: 9), self.page([2], total: 9)]) },
            failure: { query, index in query == "cat" && index == 1 ? .connectionLost : nil })
        store.send(.searchRequested("cat"), searching("cat", id: 1))
        scheduler.advance(by: 0.5)
        receiveFirstPage(
            store, search: 1, query: "cat", ids: [1], total: 9,
            hasNextPage: true)
        store.send(.nextPageRequested(1)) {
            $0.search?.phase = .loadingNextPage
            $0.pendingPageRequest = 1
            $0.pageDemand = 1
        }
        scheduler.advance(by: 0.5)
        store.receive(.search(id: 1, .failed(.connectionLost))) {
            $0.search?.phase = .failed(.connectionLost)
            $0.pendingPageRequest = nil
            $0.lastEndedPageRequest = 1
        }
        #expect(
            store.state.summary
                == .partiallyLoaded(
                    loaded: 1, total: 9, message: NetworkError.connectionLost.description))
        store.send(.nextPageRequested(2)) { $0.lastEndedPageRequest = 2 }  // refused
        store.send(.searchRequested("dog"), searching("dog", id: 2))
        #expect(store.state.errorMessage == nil && store.state.isSearching)
        store.send(.cancelRequested) { $0.search?.phase = .cancelled }
        store.finish()
    }

    @Test("a negative total from a server is shown as zero and ends paging")
    func negativeTotal() {
        let (store, _) = makeStore(pages: { _ in .success([self.page([1, 2], total: -5)]) })
        store.send(.searchRequested("cat"), searching("cat", id: 1))
        scheduler.advance(by: 0.5)
        store.receive(.search(id: 1, .page(page([1, 2], total: -5)))) {
            $0.results = .init(searchID: 1, query: "cat", entities: images(1, 2), totalCount: 0)
            $0.search?.pagesLoaded = 1
            $0.search?.phase = .loaded(hasNextPage: false)
        }
        store.receive(.search(id: 1, .finished))
        #expect(!store.state.hasNextPage)
        store.finish()
    }

    // MARK: - Searches as effects

    @Test("a settled query starts the search; the same text settling again does not")
    func settledQueryStartsSearch() {
        let (store, search) = makeStore()
        store.send(.queryChanged("cat")) { $0.pendingQuery = "cat" }
        store.send(.querySettled("cat"), searching("cat", id: 1))
        #expect(store.runningEffects == [.search])
        store.send(.querySettled("cat"))  // no change, no effect
        store.send(.searchRequested("cat"), searching("cat", id: 2))  // startSearch(): again
        #expect(search.recordedQueries == ["cat", "cat"] && search.recordedDisposals == 1)
        store.send(.cancelRequested) { $0.search?.phase = .cancelled }
        store.finish()
    }

    @Test("the search effect sends the pages, then the end, as actions of its search")
    func searchEffectPages() {
        let (store, search) = makeStore()
        store.send(.searchRequested("cat"), searching("cat", id: 1))
        scheduler.advance(by: 0.5)
        receiveFirstPage(
            store, search: 1, query: "cat", ids: [1, 2], total: 6,
            hasNextPage: true)
        for (number, ids) in [(1, [UInt64(3), 4]), (2, [5, 6])] {
            store.send(.nextPageRequested(number)) {
                $0.search?.phase = .loadingNextPage
                $0.pendingPageRequest = number
                $0.pageDemand = number
            }
            scheduler.advance(by: 0.5)
            store.receive(.search(id: 1, .page(page(ids, total: 6)))) {
                $0.results.entities += ids.map { makeImage($0) }
                $0.search?.pagesLoaded = number + 1
                $0.search?.phase = .loaded(hasNextPage: number == 1)
                $0.pendingPageRequest = nil
                $0.lastEndedPageRequest = number
            }
        }
        store.receive(.search(id: 1, .finished))
        #expect(search.recordedPages == ["cat#0", "cat#1", "cat#2"])
        store.finish()
    }

    @Test("events of a replaced search are ignored, and its effect is cancelled")
    func replacedSearchIgnored() {
        let (store, search) = makeStore()
        store.send(.searchRequested("cat"), searching("cat", id: 1))
        store.send(.searchRequested("dog"), searching("dog", id: 2))
        #expect(search.recordedDisposals == 1, "the cat search was cancelled")
        store.send(.search(id: 1, .page(page([1, 2], total: 2))))  // ignored: no change
        store.send(.cancelRequested) { $0.search?.phase = .cancelled }
        store.finish()
    }

    // MARK: - Honest states

    @Test("a new search keeps the previous rows, stale, until its first page replaces them")
    func staleRowsWhileLoading() {
        let (store, _) = makeStore(pages: { query in
            query == "dog" ? .success([self.page([9], total: 1)]) : threePages(query)
        })
        store.send(.queryChanged("cat")) { $0.pendingQuery = "cat" }
        store.send(.querySettled("cat"), searching("cat", id: 1))
        scheduler.advance(by: 0.5)
        receiveFirstPage(
            store, search: 1, query: "cat", ids: [1, 2], total: 6,
            hasNextPage: true)
        store.send(.queryChanged("dog")) { $0.pendingQuery = "dog" }
        #expect(store.state.status.pendingQuery == "dog" && store.state.status.resultsAreStale)
        #expect(store.state.summary == .loaded(loaded: 2, total: 6), "pending changes no summary")
        store.send(.querySettled("dog"), searching("dog", id: 2))  // the rows stay
        #expect(store.state.status.resultsQuery == "cat" && store.state.status.resultsAreStale)
        #expect(store.state.status.activity == .searching(query: "dog"))
        #expect(store.state.summary == .searching(loaded: 0))
        scheduler.advance(by: 0.5)
        receiveFirstPage(
            store, search: 2, query: "dog", ids: [9], total: 1,
            hasNextPage: false)
        store.receive(.search(id: 2, .finished))
        #expect(!store.state.status.resultsAreStale)
        store.finish()
    }

    @Test("a search that finds nothing replaces the older rows with none")
    func nothingFound() {
        let (store, _) = makeStore(pages: { query in
            query == "zzz" ? .success([]) : .success([self.page([1], total: 1)])
        })
        store.send(.searchRequested("cat"), searching("cat", id: 1))
        scheduler.advance(by: 0.5)
        receiveFirstPage(
            store, search: 1, query: "cat", ids: [1], total: 1,
            hasNextPage: false)
        store.receive(.search(id: 1, .finished))
        store.send(.searchRequested("zzz"), searching("zzz", id: 2))
        scheduler.advance(by: 0.5)
        store.receive(.search(id: 2, .finished)) {
            $0.results = .init(searchID: 2, query: "zzz")
            $0.search?.phase = .loaded(hasNextPage: false)
        }
        #expect(store.state.status.text == "No images found for “zzz”")
        store.finish()
    }

    @Test("a blank query clears the rows at once and cancels the search")
    func blankClears() {
        let (store, search) = makeStore()
        store.send(.searchRequested("cat"), searching("cat", id: 1))
        scheduler.advance(by: 0.5)
        receiveFirstPage(
            store, search: 1, query: "cat", ids: [1, 2], total: 6,
            hasNextPage: true)
        store.send(.querySettled("")) {
            $0.lastSearched = ""
            $0.search = nil
            $0.results = .init()
        }
        #expect(search.recordedDisposals == 1 && store.runningEffects.isEmpty)
        #expect(store.state.summary == .idle && store.state.status == ImageSearchStatus())
        store.finish()
    }

    @Test(
        "a query over 100 characters is not searched, and the message blames neither server nor key"
    )
    func queryTooLong() {
        let (store, search) = makeStore()
        let text = String(repeating: "fox ", count: 30).trimmingCharacters(in: .whitespaces)
        store.send(.querySettled(text)) {
            $0.lastSearched = text
            $0.search = .init(id: 1, query: text, phase: .queryTooLong(maximumLength: 100))
            $0.nextSearchID = 2
        }
        #expect(store.runningEffects.isEmpty && search.recordedQueries.isEmpty)
        #expect(store.state.status.activity == .queryTooLong(query: text, maximumLength: 100))
        let message = store.state.errorMessage ?? ""
        #expect(message.contains("too long") && message.contains("100"))
        #expect(!message.contains("server") && !message.contains("key"))
        #expect(store.state.summary == .failed(message: message))
        // 100 characters once runs of blanks are single spaces: searched.
        let fits = String(repeating: "a", count: 98) + "     b"
        store.send(.querySettled(fits), searching(fits, id: 2))
        #expect(store.runningEffects == [.search])
        store.send(.cancelRequested) { $0.search?.phase = .cancelled }
        store.finish()
    }

    @Test("cancel ends the search in flight: status 'cancelled', rows stay, effect cancelled")
    func cancelInFlight() {
        let (store, search) = makeStore()
        store.send(.searchRequested("cat"), searching("cat", id: 1))
        scheduler.advance(by: 0.5)
        receiveFirstPage(
            store, search: 1, query: "cat", ids: [1, 2], total: 6,
            hasNextPage: true)
        store.send(.nextPageRequested(1)) {
            $0.search?.phase = .loadingNextPage
            $0.pendingPageRequest = 1
            $0.pageDemand = 1
        }
        store.send(.cancelRequested) {
            $0.search?.phase = .cancelled
            $0.pendingPageRequest = nil
            $0.lastEndedPageRequest = 1
        }
        #expect(search.recordedDisposals == 1 && store.runningEffects.isEmpty)
        #expect(!store.state.hasNextPage)
        #expect(store.state.status.text == "Search for “cat” cancelled · 2 of 6 images for “cat”")
        store.send(.cancelRequested)  // nothing left in flight: no change
        store.finish()
    }

    @Test("cancel while a query waits for its debounce: it is not searched, and says so")
    func cancelPending() {
        let (store, _) = makeStore(pages: { _ in .success([self.page([1], total: 1)]) })
        store.send(.searchRequested("cat"), searching("cat", id: 1))
        scheduler.advance(by: 0.5)
        receiveFirstPage(
            store, search: 1, query: "cat", ids: [1], total: 1,
            hasNextPage: false)
        store.receive(.search(id: 1, .finished))
        store.send(.queryChanged("dog")) { $0.pendingQuery = "dog" }
        store.send(.cancelRequested) {
            $0.lastSearched = "dog"
            $0.pendingQuery = nil
            $0.search = .init(id: 2, query: "dog", phase: .cancelled)
            $0.nextSearchID = 3
        }
        #expect(store.state.summary == .loaded(loaded: 1, total: 1), "the rows shown, not none")
        store.send(.querySettled("dog"))  // not searched: no change
        #expect(!store.state.status.text.contains("No images"))
        store.finish()
    }

    // MARK: - Retry

    @Test("retry after a failure with no rows searches the same query from its first page")
    func retryFromStart() {
        let (store, search) = makeStore(failure: { _, index in index == 0 ? .timedOut : nil })
        store.send(.searchRequested("cat"), searching("cat", id: 1))
        scheduler.advance(by: 0.5)
        store.receive(.search(id: 1, .failed(.timedOut))) { $0.search?.phase = .failed(.timedOut) }
        #expect(store.state.status.canRetry)
        store.send(.retryRequested, searching("cat", id: 2))
        #expect(store.state.errorMessage == nil && search.recordedQueries == ["cat", "cat"])
        store.send(.retryRequested)  // nothing to retry while loading: no change
        store.send(.cancelRequested) { $0.search?.phase = .cancelled }
        store.finish()
    }

    @Test("retry after a failed page asks that page again, keeping the rows")
    func retryResumesPage() {
        let failures = Recorded<Int>()
        let (store, search) = makeStore(failure: { _, index in
            guard index == 1, failures.items.isEmpty else { return nil }
            failures.append(index)
            return .serverError(statusCode: 500)
        })
        store.send(.searchRequested("cat"), searching("cat", id: 1))
        scheduler.advance(by: 0.5)
        receiveFirstPage(
            store, search: 1, query: "cat", ids: [1, 2], total: 6,
            hasNextPage: true)
        store.send(.nextPageRequested(1)) {
            $0.search?.phase = .loadingNextPage
            $0.pendingPageRequest = 1
            $0.pageDemand = 1
        }
        scheduler.advance(by: 0.5)
        store.receive(.search(id: 1, .failed(.serverError(statusCode: 500)))) {
            $0.search?.phase = .failed(.serverError(statusCode: 500))
            $0.pendingPageRequest = nil
            $0.lastEndedPageRequest = 1
        }
        store.send(.retryRequested) {
            $0.results.searchID = 2
            $0.search = .init(id: 2, query: "cat", phase: .loadingNextPage, pagesLoaded: 1)
            $0.nextSearchID = 3
        }
        #expect(!store.state.status.resultsAreStale)
        scheduler.advance(by: 1)
        // Page 1 is asked again (answered from the cache in the app) and left out.
        store.receive(.search(id: 2, .page(page([3, 4], total: 6)))) {
            $0.results.entities = images(1, 2, 3, 4)
            $0.search?.pagesLoaded = 2
            $0.search?.phase = .loaded(hasNextPage: true)
        }
        #expect(search.recordedPages == ["cat#0", "cat#1", "cat#0", "cat#1"])
        store.skipRunningEffects()  // the search waits for a page request that never comes
        store.finish()
    }

    // MARK: - Rate limit

    @Test("a rate-limit wait counts down with the clock while searching, then goes")
    func rateLimitCountdown() {
        let (store, _) = makeStore(delay: 100)
        let start = scheduler.currentDate
        store.send(.searchRequested("cat"), searching("cat", id: 1))
        store.send(.rateLimitChanged(until: start.addingTimeInterval(54), now: start)) {
            $0.now = start
            $0.rateLimitedUntil = start.addingTimeInterval(54)
        }
        #expect(store.runningEffects == [.search, .rateLimitClock])
        #expect(store.state.status.rateLimitWait == 54)
        #expect(store.state.status.text.contains("waiting 54 s for the rate limit"))
        scheduler.advance(by: 2)
        store.receive(.clockTicked(start.addingTimeInterval(1))) {
            $0.now = start.addingTimeInterval(1)
        }
        store.receive(.clockTicked(start.addingTimeInterval(2))) {
            $0.now = start.addingTimeInterval(2)
        }
        #expect(store.state.status.rateLimitWait == 52)
        store.send(.rateLimitChanged(until: nil, now: start.addingTimeInterval(2))) {
            $0.rateLimitedUntil = nil
        }
        #expect(store.runningEffects == [.search] && store.state.status.rateLimitWait == nil)
        store.send(.cancelRequested) { $0.search?.phase = .cancelled }
        store.finish()
    }

    @Test("the TestStore reports a state that differs, an action not received, an effect left")
    func testStoreIsExhaustive() {
        let (store, _) = makeStore()
        withKnownIssue("the expected state is wrong on purpose") {
            store.send(.queryChanged("cat")) { $0.pendingQuery = "dog" }
        }
        store.send(.querySettled("cat"), searching("cat", id: 1))
        scheduler.advance(by: 0.5)
        withKnownIssue("a page was sent and not received, and the search still runs") {
            store.finish()
        }
    }
}
