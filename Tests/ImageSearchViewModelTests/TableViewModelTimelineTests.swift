import Foundation
import ImageSearchModel
import ImageSearchTesting
import ImageSearchViewModel
import Signalbox
import SignalboxTesting
import Testing

/// An `ImageSearching` whose every search plays one marble diagram of result pages.
private struct MarbleImageSearch: ImageSearching {
    let scheduler: TestScheduler
    let marbles: String
    let pages: [Character: ResponseEntity]

    func searchImages(
        query: String, nextPageTrigger: SignalProducer<Void, Never>
    ) -> SignalProducer<ResponseEntity, NetworkError> {
        StubProducer(marbles: marbles, values: pages, frame: 0.1, on: scheduler).producer
    }
}

private func image(_ id: UInt64) -> ImageEntity {
    ImageEntity(
        id: id, pageURL: "https://pixabay.com/photos/\(id)/", pageImageWidth: 640,
        pageImageHeight: 480, previewURL: "https://cdn.example/preview/\(id).png",
        previewWidth: 150, previewHeight: 100, imageURL: "https://cdn.example/web/\(id).png",
        imageWidth: 640, imageHeight: 480, viewCount: 10, downloadCount: 5, likeCount: 1,
        tags: ["fox"], username: "user\(id)")
}

/// Every observable change of `ImageSearchTableViewModel` during a search, in exhaustive
/// timelines: a change the test does not state fails it.
@Suite("ImageSearchTableViewModel timeline")
struct TableViewModelTimelineTests {
    private let scheduler = TestScheduler()
    private let timeline: PropertyTimeline
    private let viewModel: ImageSearchTableViewModel

    /// A search answers one page of 2 of 6 hits 0.5 s after it starts.
    init() {
        let page = ResponseEntity(totalCount: 6, images: [image(1), image(2)])
        let search = MarbleImageSearch(
            scheduler: scheduler, marbles: "-----p", pages: ["p": page])
        let network = StubNetwork(scheduler: scheduler, delay: 1) { _ in .success(Data()) }
        viewModel = ImageSearchTableViewModel(
            imageSearch: search, network: network, scheduler: scheduler)
        timeline = PropertyTimeline(clock: scheduler)
    }

    @Test("a debounced query goes searching, then loaded, and nothing else changes")
    func debouncedQueryLoads() {
        let state = timeline.track("state", viewModel.state)
        let searching = timeline.track("searching", viewModel.searching)
        let rows = timeline.track("rows", viewModel.cellModels.map { $0.map(\.id) })
        let total = timeline.track("totalCount", viewModel.totalCount)
        let hasNextPage = timeline.track("hasNextPage", viewModel.hasNextPage)
        timeline.track("errorMessage", viewModel.errorMessage)

        for text in ["f", "fo", "fox"] {
            viewModel.query.value = text
            scheduler.advance(by: 0.1)
        }
        #expect(timeline.difference(from: []) == nil)  // still typing: nothing happened

        scheduler.advance(by: 2)
        #expect(
            timeline.difference(from: [
                searching.changed(to: true, at: 0.5),
                state.changed(to: .searching(loaded: 0), at: 0.5),
                rows.changed(to: [1, 2], at: 1.0),
                total.changed(to: 6, at: 1.0),
                hasNextPage.changed(to: true, at: 1.0),
                searching.changed(to: false, at: 1.0),
                state.changed(to: .loaded(loaded: 2, total: 6), at: 1.0),
            ]) == nil)
        #expect(timeline.uncheckedChanges() == nil)
    }

    @Test("an unexpected change fails the exhaustive check, and says which")
    func unexpectedChangeIsReported() {
        let state = timeline.track("state", viewModel.state)
        timeline.track("searching", viewModel.searching)
        viewModel.query.value = "fox"
        scheduler.advance(by: 2)
        let difference = timeline.difference(from: [
            state.changed(to: .searching(loaded: 0), at: 0.3),
            state.changed(to: .loaded(loaded: 2, total: 6), at: 0.8),
        ])
        #expect(
            difference?.description == """
                property changes differ from expected (- expected, + recorded):
                + 0.300 s searching = true
                  0.300 s state = searching(loaded: 0)
                + 0.800 s searching = false
                  0.800 s state = loaded(loaded: 2, total: 6)
                """)
    }

    @Test("a non-exhaustive timeline checks only the states it is told about")
    func nonExhaustive() {
        let timeline = PropertyTimeline(clock: scheduler, exhaustive: false)
        let state = timeline.track("state", viewModel.state)
        timeline.track("searching", viewModel.searching)
        viewModel.query.value = "fox"
        scheduler.advance(by: 2)
        #expect(
            timeline.difference(from: [
                state.changed(to: .searching(loaded: 0), at: 0.3),
                state.changed(to: .loaded(loaded: 2, total: 6), at: 0.8),
            ]) == nil)
    }
}
