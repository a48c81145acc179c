import Foundation
import ImageSearchModel
import ImageSearchTesting
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

@Suite("Client-side rate limit in virtual time", .ownThreads)
struct RateLimiterTests {
    let scheduler = TestScheduler()

    /// A producer that counts its starts.
    private func counting(_ starts: Atomic<[TimeInterval]>) -> SignalProducer<Int, Never> {
        let scheduler = self.scheduler
        return SignalProducer { observer, _ in
            starts.modify { $0.append(scheduler.elapsed()) }
            observer.send(value: 1)
            observer.sendCompleted()
        }
    }

    @Test("the 101st request in a minute waits for a free slot, then runs")
    func hundredAndFirstWaits() {
        let limiter = RateLimiter(clock: scheduler)
        let starts = Atomic<[TimeInterval]>([])
        let results = Atomic<Int>(0)
        for _ in 0..<101 {
            limiter.limit(counting(starts)).startWithValues { _ in results.modify { $0 += 1 } }
        }
        #expect(starts.value.count == 100)
        #expect(results.value == 100)
        scheduler.advance(by: 59.9)
        #expect(starts.value.count == 100)
        scheduler.advance(by: 0.1)
        #expect(starts.value.count == 101)
        #expect(starts.value.last == 60)
        #expect(results.value == 101)
    }

    @Test("the window rolls: slots free one by one as their minute passes")
    func rollingWindow() {
        let limiter = RateLimiter(maximumRequests: 2, window: 10, clock: scheduler)
        let starts = Atomic<[TimeInterval]>([])
        limiter.limit(counting(starts)).start()
        scheduler.advance(by: 4)
        limiter.limit(counting(starts)).start()
        limiter.limit(counting(starts)).start()  // waits for the first slot: t = 10
        limiter.limit(counting(starts)).start()  // waits for the second: t = 14
        scheduler.advance(by: 20)
        #expect(starts.value == [0, 4, 10, 14])
    }

    @Test("disposing a waiting request cancels it and gives its slot back")
    func disposeWhileWaiting() {
        let limiter = RateLimiter(maximumRequests: 1, window: 10, clock: scheduler)
        let starts = Atomic<[TimeInterval]>([])
        limiter.limit(counting(starts)).start()
        let waiting = limiter.limit(counting(starts)).start()
        #expect(limiter.requestsInWindow == 2)
        waiting.dispose()
        #expect(limiter.requestsInWindow == 1)
        scheduler.advance(by: 30)
        #expect(starts.value == [0])
        limiter.limit(counting(starts)).start()
        #expect(starts.value == [0, 30])
    }

    @Test("after a 429 the limiter holds new requests for Retry-After")
    func pauseAfter429() throws {
        let network = StubNetwork(respond: { request in
            request.parameters["q"] == "busy"
                ? .failure(.rateLimited(retryAfter: 30))
                : .success(Fixtures.responseData(totalHits: 1, count: 1))
        })
        let search = ImageSearch(
            network: network, pixabay: try Pixabay(apiKey: "k-1234"),
            cache: ResponseCache(clock: scheduler), rateLimiter: RateLimiter(clock: scheduler))
        let failed = search.searchImages(query: "busy").outcome()
        #expect(failed.error == .rateLimited(retryAfter: 30))
        let events = Atomic<[Event<ResponseEntity, NetworkError>]>([])
        search.searchImages(query: "fox").start { event in events.modify { $0.append(event) } }
        #expect(network.requests.count == 1)
        scheduler.advance(by: 30)
        #expect(network.requests.count == 2)
        #expect(events.value.last == .completed)
    }

    @Test("after a 503 with Retry-After the limiter holds new requests too")
    func pauseAfter503() throws {
        let network = StubNetwork(respond: { request in
            request.parameters["q"] == "busy"
                ? .failure(.serviceUnavailable(retryAfter: 45))
                : .success(Fixtures.responseData(totalHits: 1, count: 1))
        })
        let search = ImageSearch(
            network: network, pixabay: try Pixabay(apiKey: "k-1234"),
            cache: ResponseCache(clock: scheduler), rateLimiter: RateLimiter(clock: scheduler))
        #expect(
            search.searchImages(query: "busy").outcome().error
                == .serviceUnavailable(retryAfter: 45))
        search.searchImages(query: "fox").start()
        #expect(network.requests.count == 1)
        scheduler.advance(by: 44.9)
        #expect(network.requests.count == 1)
        scheduler.advance(by: 0.1)
        #expect(network.requests.count == 2)
    }

    @Test(
        "a pause is honoured up to one hour; absurd, negative and NaN waits are not obeyed",
        arguments: [
            (asked: 1e12, held: 3_600.0), (asked: .infinity, held: 3_600),
            (asked: 1e19, held: 3_600), (asked: 90, held: 90), (asked: -1, held: 0),
            (asked: .nan, held: 0), (asked: 0, held: 0),
        ])
    func pauseIsClamped(asked: TimeInterval, held: TimeInterval) {
        let limiter = RateLimiter(clock: scheduler)
        limiter.pause(for: asked)
        let starts = Atomic<[TimeInterval]>([])
        limiter.limit(counting(starts)).start()
        scheduler.run()
        #expect(starts.value == [held])
    }

    @Test("a window outside 0 to one day is clamped")
    func windowIsClamped() {
        #expect(RateLimiter(window: .infinity, clock: scheduler).window == 86_400)
        #expect(RateLimiter(window: .nan, clock: scheduler).window == 0)
        #expect(RateLimiter(window: -5, clock: scheduler).window == 0)
    }

    @Test("searches share the limiter: 100 pages start, the 101st waits")
    func searchesAreLimited() throws {
        let network = StubNetwork.pages(totalHits: 10, perPage: 3)
        let search = ImageSearch(
            network: network, pixabay: try Pixabay(apiKey: "k-1234", perPage: 3),
            cache: ResponseCache(capacity: 0, clock: scheduler),
            rateLimiter: RateLimiter(clock: scheduler))
        for index in 0..<101 { search.searchImages(query: "fox \(index)").start() }
        #expect(network.requests.count == 100)
        scheduler.advance(by: 60)
        #expect(network.requests.count == 101)
    }
}
