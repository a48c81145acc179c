import Foundation
import ImageSearchModel
import ImageSearchTesting
import ImageSearchViewModel
import LoopbackHTTPServer
import Signalbox
import SignalboxTesting
import Testing

/// Pages of 2 images for any query: 6 hits for most, none for "zzz", and `skipped`
/// malformed hits per page for "bad hits".
private func pages(_ query: String) -> Result<[ResponseEntity], NetworkError> {
    switch query {
    case "zzz":
        return .success([ResponseEntity(totalCount: 0, images: [])])
    case "dog":
        return .success([ResponseEntity(totalCount: 1, images: [makeImage(9)])])
    case "bad hits":
        return .success([
            ResponseEntity(totalCount: 4, images: [makeImage(1), makeImage(2)], skippedHits: 1),
            ResponseEntity(totalCount: 4, images: [makeImage(3), makeImage(4)], skippedHits: 2),
        ])
    default:
        return threePages(query)
    }
}

/// Fails the first request of each page index in `pages`; later requests answer.
private struct FailOnce: Sendable {
    let pages: Set<Int>
    let error: NetworkError
    private let failed = Atomic<Set<Int>>([])

    init(pages: Set<Int>, with error: NetworkError) {
        self.pages = pages
        self.error = error
    }

    func callAsFunction(_ query: String, _ page: Int) -> NetworkError? {
        guard pages.contains(page), failed.modify({ $0.insert(page).inserted }) else {
            return nil
        }
        return error
    }
}

private struct Fixture {
    let scheduler = TestScheduler()
    let search: StubImageSearch
    let viewModel: ImageSearchTableViewModel

    init(
        failing fail: FailOnce? = nil, source: SearchSource = .unspecified,
        delay: TimeInterval = 0.5
    ) {
        search = StubImageSearch(
            scheduler: scheduler, delay: delay, pages: pages,
            failure: { fail?($0, $1) })
        viewModel = ImageSearchTableViewModel(
            imageSearch: search, network: StubNetwork.images(scheduler: scheduler),
            scheduler: scheduler, source: source)
    }

    var status: ImageSearchStatus { viewModel.status.value }
    var ids: [UInt64] { viewModel.cellModels.value.map(\.id) }

    /// Types `text` and lets the debounce fire (the search starts; its page is 0.5 s away).
    func type(_ text: String) {
        viewModel.query.value = text
        scheduler.advance(by: 0.3)
    }
}

@Suite("ImageSearchTableViewModel status: pending, stale, cancelled, retry")
struct SearchStatusTests {
    @Test("a changed query waiting for its debounce is pending; the status quotes the rows' query")
    func pendingQuery() {
        let fixture = Fixture()
        fixture.type("cat")
        fixture.scheduler.advance(by: 0.5)
        fixture.viewModel.query.value = "zzz"
        fixture.scheduler.advance(by: 0.1)
        #expect(fixture.status.pendingQuery == "zzz")
        #expect(fixture.status.resultsQuery == "cat" && fixture.status.resultsAreStale)
        #expect(fixture.status.text == "“zzz” pending… · 2 of 6 images for “cat”")
        #expect(fixture.viewModel.state.value == .loaded(loaded: 2, total: 6))
        fixture.scheduler.advance(by: 0.2)  // settled: searching, the rows still the cat's
        #expect(fixture.status.pendingQuery == nil)
        #expect(!fixture.status.text.contains("No images"))
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.status.text == "No images found for “zzz”")
    }

    @Test("a query typed before any search is pending, never 'No images found'")
    func pendingFirstQuery() {
        let fixture = Fixture()
        fixture.viewModel.query.value = "zzz"
        fixture.scheduler.advance(by: 0.1)
        #expect(fixture.status.activity == .idle && fixture.status.pendingQuery == "zzz")
        #expect(fixture.status.text == "“zzz” pending…")
    }

    @Test("while a new search loads, the previous rows stay, marked stale, until its first page")
    func staleRowsStay() {
        let fixture = Fixture()
        fixture.type("cat")
        fixture.scheduler.advance(by: 0.5)
        fixture.type("dog")
        #expect(fixture.status.activity == .searching(query: "dog"))
        #expect(fixture.ids == [1, 2] && fixture.status.resultsAreStale)
        #expect(fixture.status.text == "Searching “dog”… · 2 of 6 images for “cat”")
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.ids == [9] && !fixture.status.resultsAreStale)
        #expect(fixture.status.text == "1 of 1 image for “dog”")
    }

    @Test("a cancelled search says 'cancelled', not 'No images found'; retry searches it again")
    func cancelThenRetry() {
        let fixture = Fixture()
        fixture.type("cat")
        fixture.viewModel.cancelSearch()
        fixture.scheduler.advance()
        #expect(fixture.search.recordedDisposals == 1)
        #expect(fixture.status.activity == .cancelled(query: "cat") && fixture.status.canRetry)
        #expect(fixture.status.text == "Search for “cat” cancelled")
        fixture.scheduler.advance(by: 1)
        #expect(
            fixture.status.activity == .cancelled(query: "cat"), "the debounce does not undo it")
        fixture.viewModel.retry()
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.search.recordedQueries == ["cat", "cat"])
        #expect(fixture.ids == [1, 2] && fixture.status.activity == .loaded(query: "cat"))
        #expect(!fixture.status.canRetry)
    }

    @Test("after an error, retry searches the same query again; the typed error is in the status")
    func errorThenRetry() {
        let fixture = Fixture(failing: FailOnce(pages: [0], with: .connectionLost))
        fixture.type("cat")
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.status.error == .connectionLost)
        #expect(fixture.viewModel.errorMessage.value == NetworkError.connectionLost.description)
        fixture.viewModel.retry()
        fixture.scheduler.advance()
        #expect(fixture.viewModel.searching.value && fixture.status.error == nil)
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.ids == [1, 2])
        #expect(fixture.viewModel.state.value == .loaded(loaded: 2, total: 6))
    }

    @Test("retry asks a failed next page again: the rows stay, and paging goes on")
    func failedPageRetried() {
        let fixture = Fixture(failing: FailOnce(pages: [1], with: .serverError(statusCode: 500)))
        fixture.type("cat")
        fixture.scheduler.advance(by: 0.5)
        fixture.viewModel.loadNextPage.apply().start()
        fixture.scheduler.advance(by: 0.5)
        let message = NetworkError.serverError(statusCode: 500).description
        #expect(
            fixture.viewModel.state.value
                == .partiallyLoaded(loaded: 2, total: 6, message: message))
        #expect(fixture.status.canRetry && !fixture.viewModel.loadNextPage.isEnabled.value)
        fixture.viewModel.retry()
        fixture.scheduler.advance()
        #expect(fixture.ids == [1, 2] && fixture.viewModel.state.value == .searching(loaded: 2))
        #expect(fixture.status.activity == .loadingNextPage(query: "cat"))
        fixture.scheduler.advance(by: 1)
        #expect(fixture.ids == [1, 2, 3, 4])
        #expect(fixture.search.recordedPages == ["cat#0", "cat#1", "cat#0", "cat#1"])
        #expect(fixture.viewModel.loadNextPage.isEnabled.value)
        fixture.viewModel.loadNextPage.apply().start()
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.ids == [1, 2, 3, 4, 5, 6])
        #expect(fixture.viewModel.state.value == .loaded(loaded: 6, total: 6))
    }

    @Test("a notice of one search never labels or hides the next one")
    func noticeDoesNotOutliveItsSearch() {
        let fixture = Fixture()
        fixture.type("cat")
        fixture.viewModel.cancelSearch()
        fixture.scheduler.advance()
        fixture.type("dog")
        #expect(fixture.status.activity == .searching(query: "dog"))
        #expect(fixture.status.text == "Searching “dog”…")
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.status.text == "1 of 1 image for “dog”")
    }

    @Test("skipped hits add up per page and belong to the rows shown")
    func skippedHits() {
        let fixture = Fixture()
        fixture.type("bad hits")
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.status.skippedHits == 1)
        #expect(fixture.status.text == "2 of 4 images for “bad hits” · 1 malformed result skipped")
        fixture.viewModel.loadNextPage.apply().start()
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.status.skippedHits == 3)
        fixture.type("dog")
        #expect(fixture.status.skippedHits == 3, "the rows shown are still those")
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.status.skippedHits == 0)
    }

    @Test("the status names the server searched, or the offline catalog")
    func sourceNamed() {
        let server = Fixture(source: .server(address: "http://127.0.0.1:8080/api/"))
        server.type("cat")
        #expect(server.status.text == "Searching “cat” on 127.0.0.1:8080…")
        server.scheduler.advance(by: 0.5)
        #expect(server.status.text == "2 of 6 images for “cat” from 127.0.0.1:8080")
        let offline = Fixture(source: .offlineCatalog)
        offline.type("zzz")
        offline.scheduler.advance(by: 0.5)
        #expect(offline.status.text == "No images found for “zzz” on the offline catalog")
        #expect(SearchSource.server(address: Pixabay.defaultBaseURL).name == "pixabay.com")
        #expect(SearchSource.unspecified.name == nil)
    }

    @Test(
        "a query over 100 characters is refused without a request, blaming neither server nor key")
    func queryTooLong() {
        let fixture = Fixture()
        fixture.type(String(repeating: "fox ", count: 30))
        fixture.scheduler.advance(by: 1)
        #expect(fixture.search.recordedQueries.isEmpty)
        let message = fixture.viewModel.errorMessage.value ?? ""
        #expect(message == "Query too long (max 100 characters): shorten it to search.")
        #expect(fixture.viewModel.state.value == .failed(message: message))
        #expect(!fixture.status.canRetry)
    }

    @Test("a rate-limit wait the service reports is shown while searching, counting down")
    func rateLimitWaitFromService() {
        let fixture = Fixture(delay: 60)
        fixture.type("cat")
        fixture.search.waits.value = fixture.scheduler.currentDate.addingTimeInterval(54)
        fixture.scheduler.advance()
        #expect(fixture.status.rateLimitWait == 54)
        #expect(fixture.status.text == "Searching “cat”… · waiting 54 s for the rate limit")
        fixture.scheduler.advance(by: 10)
        #expect(fixture.status.rateLimitWait == 44)
        fixture.search.waits.value = nil
        fixture.scheduler.advance()
        #expect(fixture.status.rateLimitWait == nil)
    }

    @Test("ImageSearch's rate limiter: a search over the budget shows its wait, then loads")
    func rateLimitWaitOfImageSearch() throws {
        let scheduler = TestScheduler()
        let network = StubNetwork(scheduler: scheduler, delay: 0.1) { _ in
            .success(Data(PixabayPage.json(totalHits: 2, count: 2).utf8))
        }
        let search = ImageSearch(
            network: network, pixabay: try Pixabay(apiKey: "k", perPage: 3),
            cache: ResponseCache(clock: scheduler),
            rateLimiter: RateLimiter(maximumRequests: 1, window: 30, clock: scheduler))
        let viewModel = ImageSearchTableViewModel(
            imageSearch: search, network: network, scheduler: scheduler)
        viewModel.query.value = "cat"
        viewModel.startSearch()
        scheduler.advance(by: 1)
        #expect(viewModel.state.value == .loaded(loaded: 2, total: 2))
        viewModel.query.value = "dog"
        viewModel.startSearch()
        scheduler.advance()
        #expect(viewModel.status.value.rateLimitWait == 29)
        scheduler.advance(by: 10)
        #expect(viewModel.status.value.rateLimitWait == 19)
        scheduler.advance(by: 20)
        #expect(viewModel.status.value.rateLimitWait == nil)
        #expect(viewModel.state.value == .loaded(loaded: 2, total: 2))
        #expect(viewModel.status.value.resultsQuery == "dog")
    }
}
