import Foundation
import ImageSearchModel
import ImageSearchTesting
import ImageSearchViewModel
import Signalbox
import SignalboxTesting
import Testing

/// Three pages of 2 images each, 6 hits in all, for any query.
func threePages(_ query: String) -> Result<[ResponseEntity], NetworkError> {
    .success([
        ResponseEntity(totalCount: 6, images: [makeImage(1), makeImage(2)]),
        ResponseEntity(totalCount: 6, images: [makeImage(3), makeImage(4)]),
        ResponseEntity(totalCount: 6, images: [makeImage(5), makeImage(6)]),
    ])
}

struct TableFixture {
    let scheduler = TestScheduler()
    let search: StubImageSearch
    let network: StubNetwork
    let viewModel: ImageSearchTableViewModel

    init(pages: @escaping (String) -> Result<[ResponseEntity], NetworkError> = threePages) {
        search = StubImageSearch(scheduler: scheduler, delay: 0.5, pages: pages)
        network = StubNetwork.images(scheduler: scheduler)
        viewModel = ImageSearchTableViewModel(
            imageSearch: search, network: network, scheduler: scheduler)
    }

    /// Types `text`, lets the debounce fire and the first page arrive.
    func type(_ text: String) {
        viewModel.query.value = text
        scheduler.advance(by: 0.3)
    }

    var ids: [UInt64] { viewModel.cellModels.value.map(\.id) }
}

@Suite("ImageSearchTableViewModel")
struct ImageSearchTableViewModelTests {
    @Test("typing c, ca, cat quickly searches once, for cat, after the debounce")
    func debouncedTyping() {
        let fixture = TableFixture()
        for text in ["c", "ca", "cat"] {
            fixture.viewModel.query.value = text
            fixture.scheduler.advance(by: 0.1)
        }
        #expect(fixture.search.recordedQueries.isEmpty)
        fixture.scheduler.advance(by: 0.3)
        #expect(fixture.search.recordedQueries == ["cat"])
    }

    @Test("the query is trimmed and repeats are not searched again")
    func trimmedAndDeduplicated() {
        let fixture = TableFixture()
        fixture.type("  cat ")
        fixture.scheduler.advance(by: 1)
        fixture.type("cat")
        #expect(fixture.search.recordedQueries == ["cat"])
    }

    @Test("results become cell models on the scheduler; searching goes false, true, false")
    func resultsAndSearching() {
        let fixture = TableFixture()
        let searching = Recorded<Bool>()
        fixture.viewModel.searching.producer.skipRepeats().startWithValues { searching.append($0) }
        fixture.type("cat")
        #expect(searching.items == [false, true])
        #expect(fixture.ids.isEmpty)
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.ids == [1, 2])
        #expect(searching.items == [false, true, false])
        #expect(fixture.viewModel.totalCount.value == 6)
        #expect(fixture.viewModel.cellModels.value.first?.pageImageSizeText == "1500 x 3000")
        #expect(fixture.viewModel.state.value == .loaded(loaded: 2, total: 6))
    }

    @Test("state moves idle → searching → loaded → searching → failed, with no half states")
    func stateTransitions() {
        let fixture = TableFixture { query in
            query == "bad" ? .failure(.connectionLost) : threePages(query)
        }
        let states = Recorded<ImageSearchState>()
        fixture.viewModel.state.producer.startWithValues { states.append($0) }
        fixture.type("cat")
        fixture.scheduler.advance(by: 0.5)
        fixture.viewModel.loadNextPage.apply().start()
        fixture.scheduler.advance(by: 0.5)
        fixture.type("bad")
        fixture.scheduler.advance(by: 0.5)
        fixture.type(" ")
        #expect(
            states.items == [
                .idle, .searching(loaded: 0), .loaded(loaded: 2, total: 6),
                .searching(loaded: 2), .loaded(loaded: 4, total: 6), .searching(loaded: 0),
                .failed(message: NetworkError.connectionLost.description), .idle,
            ])
    }

    @Test("a new query disposes the previous search; only the new results arrive")
    func newQueryCancelsPrevious() {
        let fixture = TableFixture { query in
            .success([ResponseEntity(totalCount: 1, images: [makeImage(query == "dog" ? 9 : 1)])])
        }
        fixture.type("cat")  // the cat request answers 0.5 s later
        fixture.scheduler.advance(by: 0.1)
        fixture.type("dog")  // settles 0.4 s into the cat request
        #expect(fixture.search.recordedDisposals == 1)
        fixture.scheduler.advance(by: 1)
        #expect(fixture.search.recordedQueries == ["cat", "dog"])
        #expect(fixture.ids == [9])
    }

    @Test("a blank query clears the results and cancels the search")
    func blankQueryClears() {
        let fixture = TableFixture()
        fixture.type("cat")
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.ids == [1, 2])
        fixture.viewModel.loadNextPage.apply().start()
        fixture.scheduler.advance()
        fixture.type("   ")
        #expect(fixture.ids.isEmpty)
        #expect(fixture.search.recordedDisposals == 1)
        #expect(!fixture.viewModel.searching.value)
        #expect(fixture.viewModel.state.value == .idle)
    }

    @Test("startSearch searches at once and replaces, not appends, the results")
    func startSearchReplaces() {
        let fixture = TableFixture()
        fixture.viewModel.query.value = "cat"
        fixture.viewModel.startSearch()
        fixture.scheduler.advance()
        #expect(fixture.search.recordedQueries == ["cat"])
        fixture.scheduler.advance(by: 0.5)
        fixture.viewModel.startSearch()
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.search.recordedQueries == ["cat", "cat"])
        #expect(fixture.ids == [1, 2])
    }

    @Test("a failure sets errorMessage; a new search clears it")
    func errorMessage() {
        let fixture = TableFixture { query in
            query == "bad" ? .failure(.notReachedServer) : threePages(query)
        }
        fixture.type("bad")
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.viewModel.errorMessage.value == NetworkError.notReachedServer.description)
        #expect(!fixture.viewModel.searching.value)
        #expect(
            fixture.viewModel.state.value
                == .failed(message: NetworkError.notReachedServer.description))
        #expect(!fixture.viewModel.loadNextPage.isEnabled.value)
        fixture.type("good")
        #expect(fixture.viewModel.errorMessage.value == nil)
    }

    @Test("loadNextPage is enabled only with a next page and nothing loading; it appends")
    func loadNextPage() {
        let fixture = TableFixture()
        let action = fixture.viewModel.loadNextPage
        #expect(!action.isEnabled.value)
        fixture.type("cat")
        #expect(!action.isEnabled.value)
        fixture.scheduler.advance(by: 0.5)
        #expect(action.isEnabled.value)
        action.apply().start()
        fixture.scheduler.advance()
        #expect(!action.isEnabled.value)
        #expect(fixture.viewModel.searching.value)
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.ids == [1, 2, 3, 4])
        #expect(action.isEnabled.value)
        action.apply().start()
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.ids == [1, 2, 3, 4, 5, 6])
        #expect(!action.isEnabled.value)
        #expect(!fixture.viewModel.hasNextPage.value)
    }

    @Test("when searching turns false with a next page, loadNextPage is already enabled")
    func enabledWhenSearchingEnds() {
        let fixture = TableFixture()
        let enabledWhenDone = Recorded<Bool>()
        fixture.viewModel.searching.signal.skipRepeats().observeValues { searching in
            if !searching {
                enabledWhenDone.append(fixture.viewModel.loadNextPage.isEnabled.value)
                // A front end asks for the next page right here: it must be taken.
                fixture.viewModel.loadNextPage.apply().start()
            }
        }
        fixture.type("cat")
        fixture.scheduler.run()
        #expect(fixture.ids == [1, 2, 3, 4, 5, 6])
        #expect(enabledWhenDone.items == [true, true, false])
    }

    @Test("a later page failing keeps the loaded results; state says both")
    func partialResults() {
        /// Page 1 at once, then a server error for the next page.
        struct FailingSecondPage: ImageSearching {
            func searchImages(
                query: String, nextPageTrigger: SignalProducer<Void, Never>
            ) -> SignalProducer<ResponseEntity, NetworkError> {
                SignalProducer(
                    value: ResponseEntity(totalCount: 6, images: [makeImage(1), makeImage(2)])
                )
                .concat(
                    nextPageTrigger.take(first: 1).promoteError(NetworkError.self)
                        .flatMap(.concat) { SignalProducer(error: .serverError(statusCode: 500)) })
            }
        }
        let scheduler = TestScheduler()
        let viewModel = ImageSearchTableViewModel(
            imageSearch: FailingSecondPage(), network: StubNetwork.images(scheduler: scheduler),
            scheduler: scheduler)
        viewModel.query.value = "cat"
        scheduler.advance(by: 0.3)
        #expect(viewModel.loadNextPage.isEnabled.value)
        viewModel.loadNextPage.apply().start()
        scheduler.run()
        let message = NetworkError.serverError(statusCode: 500).description
        #expect(viewModel.cellModels.value.map(\.id) == [1, 2])
        #expect(viewModel.errorMessage.value == message)
        #expect(viewModel.state.value == .partiallyLoaded(loaded: 2, total: 6, message: message))
        #expect(!viewModel.loadNextPage.isEnabled.value)
    }

    @Test("a released view model cancels its search and keeps nothing alive")
    func releaseCancels() {
        let scheduler = TestScheduler()
        let search = StubImageSearch(scheduler: scheduler, delay: 0.5, pages: threePages)
        weak var weakViewModel: ImageSearchTableViewModel?
        do {
            let viewModel = ImageSearchTableViewModel(
                imageSearch: search, network: StubNetwork.images(scheduler: scheduler),
                scheduler: scheduler)
            weakViewModel = viewModel
            viewModel.query.value = "cat"
            scheduler.advance(by: 0.3)
            #expect(viewModel.searching.value)
        }
        #expect(weakViewModel == nil)
        #expect(search.recordedDisposals == 1, "the search in flight was cancelled")
        scheduler.run()
    }

    @Test("the query settling on the text just searched with startSearch does not search again")
    func settleAfterStartSearch() {
        let fixture = TableFixture()
        fixture.viewModel.query.value = "dog"
        fixture.viewModel.startSearch()
        fixture.scheduler.advance(by: 0.3)
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.search.recordedQueries == ["dog"])
        #expect(fixture.ids == [1, 2])
    }

    @Test("applying loadNextPage twice quickly loads one page, not two")
    func loadNextPageTwice() {
        let fixture = TableFixture()
        fixture.type("cat")
        fixture.scheduler.advance(by: 0.5)
        let outcomes = Recorded<Event<Void, ActionError<Never>>>()
        fixture.viewModel.loadNextPage.apply().start { outcomes.append($0) }
        fixture.viewModel.loadNextPage.apply().start { outcomes.append($0) }
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.search.recordedPageRequests == 2)
        #expect(fixture.ids == [1, 2, 3, 4])
        #expect(outcomes.items.contains { "\($0)" == "FAILED disabled" })
    }

    @Test("selectCellAtIndex hands the entities and index to the detail view model")
    func selectCell() {
        let fixture = TableFixture()
        let detail = DetailSpy()
        fixture.viewModel.imageDetailViewModel = detail
        fixture.type("cat")
        fixture.scheduler.advance(by: 0.5)
        fixture.viewModel.selectCellAtIndex(1)
        fixture.viewModel.selectCellAtIndex(7)
        fixture.viewModel.selectCellAtIndex(-1)
        #expect(detail.updates.items.count == 1)
        #expect(detail.updates.items.first?.0.map(\.id) == [1, 2])
        #expect(detail.updates.items.first?.1 == 1)
    }

    @Test("properties change only when the scheduler runs")
    func changesOnScheduler() {
        let fixture = TableFixture()
        fixture.viewModel.query.value = "cat"
        fixture.viewModel.startSearch()
        #expect(!fixture.viewModel.searching.value)
        fixture.scheduler.advance()
        #expect(fixture.viewModel.searching.value)
    }
}
