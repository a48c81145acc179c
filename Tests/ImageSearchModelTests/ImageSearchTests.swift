import Foundation
import ImageSearchModel
import ImageSearchTesting
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

/// `ImageSearch` with stub networks, in virtual time.
@Suite("ImageSearch paging", .ownThreads)
struct ImageSearchTests {
    let scheduler = TestScheduler()

    private func makeSearch(
        _ network: StubNetwork, perPage: Int = 3, apiKey: String? = "test-key-1234"
    ) throws -> ImageSearch {
        ImageSearch(
            network: network,
            pixabay: try Pixabay(apiKey: apiKey, perPage: perPage),
            cache: ResponseCache(clock: scheduler),
            rateLimiter: RateLimiter(clock: scheduler))
    }

    /// Starts `producer` and records its events.
    private func record(
        _ producer: SignalProducer<ResponseEntity, NetworkError>
    ) -> (events: Atomic<[Event<ResponseEntity, NetworkError>]>, disposable: Disposable) {
        let events = Atomic<[Event<ResponseEntity, NetworkError>]>([])
        let disposable = producer.start { event in events.modify { $0.append(event) } }
        return (events, disposable)
    }

    @Test("the first page is requested at once and decoded")
    func firstPage() throws {
        let network = StubNetwork.pages(totalHits: 10, perPage: 3)
        let search = try makeSearch(network)
        let (events, _) = record(search.searchImages(query: "red fox", nextPageTrigger: .never))
        #expect(events.value == [.value(Fixtures.response(totalHits: 10, count: 3))])
        #expect(
            network.requests == [
                .init(
                    kind: .json, url: "https://pixabay.com/api/",
                    parameters: [
                        "key": "test-key-1234", "q": "red fox", "image_type": "photo",
                        "safesearch": "true", "per_page": "3", "page": "1",
                    ])
            ])
    }

    @Test("each trigger value requests the next page")
    func nextPages() throws {
        let network = StubNetwork.pages(totalHits: 10, perPage: 3)
        let search = try makeSearch(network)
        let (trigger, pull) = Signal<Void, Never>.pipe()
        let (events, _) = record(
            search.searchImages(query: "fox", nextPageTrigger: SignalProducer(trigger)))
        #expect(network.requests.map(\.page) == [1])
        pull.send(value: ())
        #expect(network.requests.map(\.page) == [1, 2])
        #expect(events.value.count == 2)
        #expect(events.value.last == .value(Fixtures.response(totalHits: 10, count: 3, firstID: 4)))
    }

    @Test("the search completes when the loaded count reaches totalHits, and asks no further")
    func completesAtTotalHits() throws {
        let network = StubNetwork.pages(totalHits: 6, perPage: 3)
        let search = try makeSearch(network)
        let (trigger, pull) = Signal<Void, Never>.pipe()
        let (events, _) = record(
            search.searchImages(query: "fox", nextPageTrigger: SignalProducer(trigger)))
        pull.send(value: ())
        #expect(events.value.last == .completed)
        pull.send(value: ())
        #expect(network.requests.map(\.page) == [1, 2])
        #expect(events.value.count == 3)
    }

    @Test("the search completes on a short page")
    func completesOnShortPage() throws {
        let network = StubNetwork(respond: { _ in
            .success(Fixtures.responseData(totalHits: 500, count: 2))
        })
        let search = try makeSearch(network)
        let (events, _) = record(search.searchImages(query: "fox", nextPageTrigger: .never))
        #expect(events.value == [.value(Fixtures.response(totalHits: 500, count: 2)), .completed])
    }

    @Test("a full page below totalHits does not complete the search")
    func doesNotCompleteEarly() throws {
        let network = StubNetwork.pages(totalHits: 7, perPage: 3)
        let search = try makeSearch(network)
        let (trigger, pull) = Signal<Void, Never>.pipe()
        let (events, _) = record(
            search.searchImages(query: "fox", nextPageTrigger: SignalProducer(trigger)))
        pull.send(value: ())
        #expect(events.value.count == 2)
        #expect(!events.value.contains(.completed))
        pull.send(value: ())
        #expect(
            events.value.suffix(2) == [
                .value(Fixtures.response(totalHits: 7, count: 1, firstID: 7)), .completed,
            ])
    }

    @Test("no results complete the search after one request")
    func noResults() throws {
        let network = StubNetwork.pages(totalHits: 0, perPage: 3)
        let search = try makeSearch(network)
        let (events, _) = record(search.searchImages(query: "qwxz", nextPageTrigger: .never))
        #expect(events.value == [.value(ResponseEntity(totalCount: 0, images: [])), .completed])
    }

    @Test("undecodable data fails with incorrectDataReturned")
    func undecodable() throws {
        let network = StubNetwork(respond: { _ in .success(Data("<html>".utf8)) })
        let search = try makeSearch(network)
        let (events, _) = record(search.searchImages(query: "fox", nextPageTrigger: .never))
        #expect(events.value == [.failed(.incorrectDataReturned)])
    }

    @Test(
        "a network error passes through unchanged",
        arguments: [
            NetworkError.notConnectedToInternet, .serverError(statusCode: 503), .connectionLost,
            .invalidRequest(message: "[ERROR 400] bad"), .unknown,
        ])
    func networkErrorPassesThrough(error: NetworkError) throws {
        let network = StubNetwork(respond: { _ in .failure(error) })
        let search = try makeSearch(network)
        let (events, _) = record(search.searchImages(query: "fox", nextPageTrigger: .never))
        #expect(events.value == [.failed(error)])
    }

    @Test("without a key, a rejected request says to set PIXABAY_API_KEY")
    func missingKey() throws {
        let network = StubNetwork(respond: { _ in
            .failure(.invalidRequest(message: "[ERROR 400] key"))
        })
        let search = try makeSearch(network, apiKey: nil)
        let (events, _) = record(search.searchImages(query: "fox", nextPageTrigger: .never))
        guard case .failed(.invalidRequest(let message)) = events.value.first else {
            Issue.record("expected invalidRequest, got \(events.value)")
            return
        }
        #expect(message.contains("PIXABAY_API_KEY"))
        #expect(network.requests.first?.parameters["key"] == nil)
    }

    @Test("a blank query fails at once and sends nothing")
    func blankQuery() throws {
        let network = StubNetwork.pages(totalHits: 10, perPage: 3)
        let search = try makeSearch(network)
        let (events, _) = record(search.searchImages(query: "  \n", nextPageTrigger: .never))
        #expect(events.value.count == 1)
        guard case .failed(.invalidRequest) = events.value.first else {
            Issue.record("expected invalidRequest, got \(events.value)")
            return
        }
        #expect(network.requests.isEmpty)
    }

    @Test("triggers while a page is loading are remembered and served one page each")
    func triggerDuringLoading() throws {
        let network = StubNetwork.pages(totalHits: 12, perPage: 3, scheduler: scheduler, delay: 1)
        let search = try makeSearch(network)
        let (trigger, pull) = Signal<Void, Never>.pipe()
        let (events, _) = record(
            search.searchImages(query: "fox", nextPageTrigger: SignalProducer(trigger)))
        scheduler.advance(by: 0.5)
        pull.send(value: ())
        pull.send(value: ())
        #expect(network.requests.map(\.page) == [1], "no second request while page 1 loads")
        scheduler.advance(by: 0.5)
        #expect(events.value.count == 1)
        #expect(network.requests.map(\.page) == [1, 2], "the first remembered trigger is served")
        scheduler.advance(by: 1)
        #expect(events.value.count == 2)
        #expect(network.requests.map(\.page) == [1, 2, 3], "then the second")
        scheduler.advance(by: 1)
        #expect(events.value.count == 3)
        #expect(network.requests.map(\.page) == [1, 2, 3], "and no more")
        pull.send(value: ())
        scheduler.advance(by: 1)
        #expect(network.requests.map(\.page) == [1, 2, 3, 4])
        #expect(events.value.count == 5, "page 4 was the last: completed")
    }

    @Test("the last page completes the search even with a trigger remembered")
    func rememberedTriggerAtTheEnd() throws {
        let network = StubNetwork.pages(totalHits: 5, perPage: 3, scheduler: scheduler, delay: 1)
        let search = try makeSearch(network)
        let (trigger, pull) = Signal<Void, Never>.pipe()
        let (events, _) = record(
            search.searchImages(query: "fox", nextPageTrigger: SignalProducer(trigger)))
        scheduler.advance(by: 1)
        pull.send(value: ())
        scheduler.advance(by: 0.5)
        pull.send(value: ())  // page 2 (the last, short) is in flight
        scheduler.run()
        #expect(network.requests.map(\.page) == [1, 2])
        #expect(events.value.count == 3)
        #expect(events.value.last == .completed)
    }

    @Test("disposing the search cancels the request in flight")
    func disposalCancels() throws {
        let network = StubNetwork.pages(totalHits: 10, perPage: 3, scheduler: scheduler, delay: 1)
        let search = try makeSearch(network)
        let (events, disposable) = record(
            search.searchImages(query: "fox", nextPageTrigger: .never))
        scheduler.advance(by: 0.5)
        disposable.dispose()
        #expect(network.cancelledCount == 1)
        scheduler.run()
        #expect(network.answeredCount == 0)
        #expect(events.value == [.interrupted])
    }

    @Test("when the trigger ends, the search completes after the page in flight")
    func triggerEnds() throws {
        let network = StubNetwork.pages(totalHits: 10, perPage: 3, scheduler: scheduler, delay: 1)
        let search = try makeSearch(network)
        let (trigger, pull) = Signal<Void, Never>.pipe()
        let (events, _) = record(
            search.searchImages(query: "fox", nextPageTrigger: SignalProducer(trigger)))
        pull.sendCompleted()
        #expect(events.value.isEmpty)
        scheduler.advance(by: 1)
        #expect(events.value.count == 2)
        #expect(events.value.last == .completed)
        #expect(network.requests.count == 1)
    }

    @Test("searchImages(query:) sends the first page only")
    func firstPageOnly() throws {
        let network = StubNetwork.pages(totalHits: 10, perPage: 3)
        let search = try makeSearch(network)
        let (events, _) = record(search.searchImages(query: "fox"))
        #expect(events.value == [.value(Fixtures.response(totalHits: 10, count: 3)), .completed])
        #expect(network.requests.count == 1)
    }

    @Test("each start is a new search from page 1")
    func restart() throws {
        let network = StubNetwork.pages(totalHits: 10, perPage: 3)
        let search = try makeSearch(network)
        let (trigger, pull) = Signal<Void, Never>.pipe()
        let producer = search.searchImages(query: "fox", nextPageTrigger: SignalProducer(trigger))
        let (first, firstRun) = record(producer)
        pull.send(value: ())
        firstRun.dispose()
        let (second, _) = record(producer)
        #expect(first.value.count == 3)
        #expect(second.value == [.value(Fixtures.response(totalHits: 10, count: 3))])
    }

    @Test("a finished search releases what it captured")
    func noLeaks() throws {
        final class Token: Sendable {}
        weak var weakToken: Token?
        let network = StubNetwork.pages(totalHits: 2, perPage: 3)
        let search = try makeSearch(network)
        do {
            let token = Token()
            weakToken = token
            _ = search.searchImages(query: "fox", nextPageTrigger: .never)
                .on(value: { _ in _ = token })
                .start()
        }
        #expect(weakToken == nil)
    }

    @Test("ImageSearch(network:) works with defaults")
    func defaults() {
        let network = StubNetwork.pages(totalHits: 60, perPage: 50)
        let search = ImageSearch(network: network)
        #expect(search.pixabay.perPage == 50)
        #expect(search.pixabay.apiKey == Pixabay.environmentAPIKey())
        #expect(search.cache.timeToLive == 86_400)
        #expect(search.rateLimiter.maximumRequests == 100)
        #expect(search.rateLimiter.window == 60)
        let (events, _) = record(search.searchImages(query: "fox"))
        #expect(events.value.count == 2)
        #expect(network.requests.first?.parameters["per_page"] == "50")
    }

    @Test("a trigger sent from inside the value callback is served after that page")
    func reentrantTrigger() throws {
        let network = StubNetwork.pages(totalHits: 10, perPage: 3, scheduler: scheduler, delay: 1)
        let search = try makeSearch(network)
        let (trigger, pull) = Signal<Void, Never>.pipe()
        let values = Atomic(0)
        let completed = Atomic(false)
        search.searchImages(query: "fox", nextPageTrigger: SignalProducer(trigger))
            .start { event in
                switch event {
                case .value:
                    values.modify { $0 += 1 }
                    pull.send(value: ())  // the page is still being delivered: remembered
                case .completed: completed.value = true
                default: break
                }
            }
        scheduler.advance(by: 1)
        #expect(values.value == 1)
        #expect(network.requests.map(\.page) == [1, 2])
        scheduler.run()
        #expect(values.value == 4)
        #expect(network.requests.map(\.page) == [1, 2, 3, 4])
        #expect(completed.value)
    }

    @Test("a synchronous network and a trigger from the value callback load every page")
    func reentrantTriggerSynchronous() throws {
        let network = StubNetwork.pages(totalHits: 10, perPage: 3)
        let search = try makeSearch(network)
        let (trigger, pull) = Signal<Void, Never>.pipe()
        let (events, _) = record(
            search.searchImages(query: "fox", nextPageTrigger: SignalProducer(trigger))
                .on(value: { _ in pull.send(value: ()) }))
        #expect(network.requests.map(\.page) == [1, 2, 3, 4])
        #expect(events.value.count == 5)
        #expect(events.value.last == .completed)
    }

    @Test("triggers from several threads never request a page twice nor out of order")
    func concurrentTriggers() throws {
        let network = StubNetwork.pages(totalHits: 600, perPage: 3)
        let search = try makeSearch(network)
        let (trigger, pull) = Signal<Void, Never>.pipe()
        let ids = Atomic<[UInt64]>([])
        search.searchImages(query: "fox", nextPageTrigger: SignalProducer(trigger))
            .startWithResult { result in
                if case .success(let page) = result {
                    ids.modify { $0 += page.images.map(\.id) }
                }
            }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<50 { pull.send(value: ()) }
        }
        let pages = network.requests.compactMap(\.page)
        #expect(pages == Array(1...pages.count))
        #expect(ids.value == Array(1...UInt64(pages.count * 3)))
        #expect(pages.count >= 2)
    }
}
