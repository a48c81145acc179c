import Foundation
import ImageSearchModel
import ImageSearchTesting
import Signalbox
import SignalboxTesting
import Testing

@Suite("Response cache in virtual time")
struct ResponseCacheTests {
    let scheduler = TestScheduler()
    let page = Fixtures.response(totalHits: 10, count: 2)

    @Test("a stored page is served until it expires")
    func hitAndExpiry() {
        let cache = ResponseCache(timeToLive: 100, clock: scheduler)
        cache.store(page, forKey: "a")
        #expect(cache.value(forKey: "a") == page)
        scheduler.advance(by: 99.9)
        #expect(cache.value(forKey: "a") == page)
        scheduler.advance(by: 0.1)
        #expect(cache.value(forKey: "a") == nil)
        #expect(cache.count == 0)
        #expect(cache.value(forKey: "b") == nil)
    }

    @Test("the default lifetime is 24 hours")
    func defaultLifetime() {
        let cache = ResponseCache(clock: scheduler)
        cache.store(page, forKey: "a")
        scheduler.advance(by: 24 * 3600 - 1)
        #expect(cache.value(forKey: "a") == page)
        scheduler.advance(by: 1)
        #expect(cache.value(forKey: "a") == nil)
    }

    @Test("when full, the least recently used entry is evicted")
    func lruEviction() {
        let cache = ResponseCache(capacity: 2, clock: scheduler)
        cache.store(page, forKey: "a")
        cache.store(page, forKey: "b")
        _ = cache.value(forKey: "a")  // "b" is now the least recently used
        cache.store(page, forKey: "c")
        #expect(cache.count == 2)
        #expect(cache.value(forKey: "a") == page)
        #expect(cache.value(forKey: "b") == nil)
        #expect(cache.value(forKey: "c") == page)
    }

    @Test("expired entries are evicted before live ones")
    func expiredFirst() {
        let cache = ResponseCache(timeToLive: 10, capacity: 2, clock: scheduler)
        cache.store(page, forKey: "old")
        scheduler.advance(by: 5)
        cache.store(page, forKey: "b")
        _ = cache.value(forKey: "old")
        scheduler.advance(by: 6)  // "old" expired, though more recently used than "b"
        cache.store(page, forKey: "c")
        #expect(cache.value(forKey: "b") == page)
        #expect(cache.value(forKey: "c") == page)
    }

    @Test("a zero capacity or lifetime caches nothing")
    func disabled() {
        for cache in [
            ResponseCache(capacity: 0, clock: scheduler),
            ResponseCache(timeToLive: 0, clock: scheduler),
        ] {
            cache.store(page, forKey: "a")
            #expect(cache.value(forKey: "a") == nil)
        }
    }

    @Test("a repeated search within 24 h does not touch the network; after that it does")
    func searchUsesCache() throws {
        let network = StubNetwork.pages(totalHits: 10, perPage: 3)
        let search = ImageSearch(
            network: network, pixabay: try Pixabay(apiKey: "k-1234", perPage: 3),
            cache: ResponseCache(clock: scheduler), rateLimiter: RateLimiter(clock: scheduler))
        let first = search.searchImages(query: "fox").last()
        scheduler.advance(by: 3600)
        let second = search.searchImages(query: "fox").last()
        #expect(network.requests.count == 1)
        #expect(try first?.get() == second?.get())
        _ = search.searchImages(query: "cat").last()
        #expect(network.requests.count == 2)
        scheduler.advance(by: 23 * 3600)
        _ = search.searchImages(query: "fox").last()
        #expect(network.requests.count == 3)
    }

    @Test("failed requests are not cached")
    func failuresNotCached() throws {
        let network = StubNetwork(respond: { _ in .failure(.serverError(statusCode: 503)) })
        let search = ImageSearch(
            network: network, pixabay: try Pixabay(apiKey: "k-1234"),
            cache: ResponseCache(clock: scheduler), rateLimiter: RateLimiter(clock: scheduler))
        _ = search.searchImages(query: "fox").last()
        _ = search.searchImages(query: "fox").last()
        #expect(network.requests.count == 2)
    }
}
