import Foundation
import ImageSearchModel
import ImageSearchOffline
import ImageSearchTesting
import Signalbox
import SignalboxTesting
import Testing

@Suite("sane data: skipped hits, repeated images, punctuation queries")
struct SaneDataTests {
    func body(hits: [String], totalHits: Int = 10) -> Data {
        Data(#"{"totalHits": \#(totalHits), "hits": [\#(hits.joined(separator: ", "))]}"#.utf8)
    }

    @Test("one malformed hit is skipped and counted; the others decode strictly")
    func skipsMalformedHit() throws {
        var broken = Fixtures.hitFields(id: 2)
        broken["views"] = #""many""#
        let page = try ResponseEntity.decode(
            from: body(hits: [
                Fixtures.hitJSON(id: 1), Fixtures.object(broken), "null", "42",
                Fixtures.hitJSON(id: 3),
            ]))
        #expect(page.images == [Fixtures.entity(id: 1), Fixtures.entity(id: 3)])
        #expect(page.skippedHits == 3)
        #expect(try ResponseEntity.decode(from: body(hits: [Fixtures.hitJSON()])).skippedHits == 0)
    }

    @Test(
        "the page itself still decodes strictly",
        arguments: [
            #"{"hits": []}"#, #"{"totalHits": 1}"#, #"{"totalHits": 1, "hits": {}}"#,
            #"{"totalHits": "1", "hits": []}"#,
        ])
    func strictPage(json: String) {
        #expect(throws: NetworkError.incorrectDataReturned) {
            try ResponseEntity.decode(from: Data(json.utf8))
        }
    }

    @Test("a page with skipped hits is not taken for a short last page")
    func skippedHitsCountForPaging() throws {
        var fields = Fixtures.hitFields(id: 3)
        fields["user"] = nil
        let broken = Fixtures.object(fields)
        let body = self.body
        let network = StubNetwork(respond: { request in
            let page = request.page ?? 1
            let hits =
                page == 1
                ? [Fixtures.hitJSON(id: 1), Fixtures.hitJSON(id: 2), broken]
                : [Fixtures.hitJSON(id: 4), Fixtures.hitJSON(id: 5), Fixtures.hitJSON(id: 6)]
            return .success(body(hits, 6))
        })
        let search = ImageSearch(
            network: network, pixabay: try Pixabay(apiKey: "k", perPage: 3),
            rateLimiter: RateLimiter(maximumRequests: 1000, clock: TestScheduler()))
        let (trigger, input) = Signal<Void, Never>.pipe()
        var pages: [ResponseEntity] = []
        search.searchImages(query: "fox", nextPageTrigger: SignalProducer(trigger))
            .startWithResult { if case .success(let page) = $0 { pages.append(page) } }
        input.send(value: ())
        #expect(pages.map(\.images.count) == [2, 3])
        #expect(pages.first?.skippedHits == 1)
    }

    @Test("an image already delivered on an earlier page is dropped from later pages")
    func dedupe() throws {
        let network = StubNetwork(respond: { request in
            let first: UInt64 = request.page == 2 ? 3 : 1
            return .success(Fixtures.responseData(totalHits: 9, count: 3, firstID: first))
        })
        let search = ImageSearch(
            network: network, pixabay: try Pixabay(apiKey: "k", perPage: 3),
            rateLimiter: RateLimiter(maximumRequests: 1000, clock: TestScheduler()))
        let (trigger, input) = Signal<Void, Never>.pipe()
        var ids: [[UInt64]] = []
        search.searchImages(query: "fox", nextPageTrigger: SignalProducer(trigger))
            .startWithResult {
                if case .success(let page) = $0 { ids.append(page.images.map(\.id)) }
            }
        input.send(value: ())
        #expect(ids == [[1, 2, 3], [4, 5]])
        #expect(network.requests.map(\.page) == [1, 2], "paging counted the repeated hit")
    }

    @Test("the cache key leaves the API key out")
    func cacheKeyWithoutKey() throws {
        let cache = ResponseCache(clock: TestScheduler())
        let network = StubNetwork(respond: { _ in
            .success(Fixtures.responseData(totalHits: 1, count: 1))
        })
        let first = ImageSearch(
            network: network, pixabay: try Pixabay(apiKey: "key-one", perPage: 3), cache: cache)
        _ = first.searchImages(query: "fox").first()
        let second = ImageSearch(
            network: network, pixabay: try Pixabay(apiKey: "key-two", perPage: 3), cache: cache)
        _ = second.searchImages(query: "fox").first()
        #expect(network.requests.count == 1, "the second key was answered from the cache")
    }

    @Test(
        "a query of only punctuation or emoji finds nothing offline",
        arguments: ["&", "%", "-", "...", "🦊", "!?"])
    func punctuation(query: String) throws {
        let data = try #require(
            try OfflineCatalog().requestJSON(url: "", parameters: ["q": query]).first()?.get())
        #expect(try ResponseEntity.decode(from: data).totalCount == 0)
    }
}
