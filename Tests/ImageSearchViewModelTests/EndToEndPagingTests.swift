import Foundation
import ImageSearchModel
import ImageSearchViewModel
import LoopbackHTTPServer
import Signalbox
import TestThreads
import Testing

/// The whole stack on real threads: `Network` → `ImageSearch` → `ImageSearchTableViewModel`
/// on a `QueueScheduler`, against a loopback server that answers each page after 1–20 ms.
///
/// Virtual time cannot see the races between the transport's thread and the view model's
/// scheduler; these rounds can. Every round must end with exactly the expected pages, each
/// requested once, within a bound. The random moments (the server's latencies, the presses
/// from another thread) come from seeded generators, and a failure names the seeds.
@Suite("paging end to end against a loopback server", .serialized, .ownThreads)
struct EndToEndPagingTests {
    static let rounds = 50
    static let perPage = 3
    static let pages = 3
    /// How long one round may take before it counts as hung.
    static let bound: TimeInterval = 10
    /// Seeds the server's latencies; round `n` presses with seed `serverSeed + n`.
    static let serverSeed: UInt64 = 2_027

    /// When the test asks for the next page.
    enum Pressing {
        /// The moment `searching` turns false with a next page: what a front end does.
        case whenPageArrives
        /// From another thread, every 0–5 ms (seeded), whatever the view model is doing.
        case atRandomMoments
    }

    /// One search on a fresh stack, pressing `loadNextPage` as `pressing` says (at moments
    /// drawn from `seed`), until the view model reports the end; returns what it showed.
    func round(
        _ server: LoopbackHTTPServer, query: String, pressing: Pressing, seed: UInt64
    ) throws -> (ids: [UInt64], state: ImageSearchState, ended: Bool) {
        let scheduler = QueueScheduler(name: "EndToEndPagingTests.viewModel")
        let network = Network(timeout: 5)
        let search = ImageSearch(
            network: network,
            pixabay: try Pixabay(
                apiKey: "e2e-key", baseURL: server.baseURL + "/api/", perPage: Self.perPage),
            rateLimiter: RateLimiter(maximumRequests: 100_000))
        let viewModel = ImageSearchTableViewModel(
            imageSearch: search, network: network, scheduler: scheduler, debounceInterval: 0)
        let ended = DispatchSemaphore(value: 0)
        let finished = Atomic(false)
        let observation = viewModel.state.signal.observeValues { state in
            switch state {
            case .loaded, .failed, .partiallyLoaded:
                if viewModel.hasNextPage.value {
                    if pressing == .whenPageArrives { viewModel.loadNextPage.apply().start() }
                } else if !finished.swap(true) {
                    ended.signal()
                }
            case .idle, .searching:
                break
            }
        }
        defer { observation?.dispose() }
        let presser = Thread {
            var generator = SeededGenerator(seed: seed)
            while !finished.value {
                viewModel.loadNextPage.apply().start()
                usleep(useconds_t.random(in: 0...5_000, using: &generator))
            }
        }
        viewModel.query.value = query  // searched once the (zero) debounce has run
        if pressing == .atRandomMoments { presser.start() }
        let didEnd = ended.wait(timeout: .now() + Self.bound) == .success
        finished.value = true
        // The final state, read on the view model's scheduler.
        let settled = DispatchSemaphore(value: 0)
        let result = Atomic<([UInt64], ImageSearchState)>(([], .idle))
        scheduler.schedule {
            result.value = (viewModel.cellModels.value.map(\.id), viewModel.state.value)
            settled.signal()
        }
        _ = settled.wait(timeout: .now() + Self.bound)
        return (result.value.0, result.value.1, didEnd)
    }

    @Test(
        "3 pages x 50 rounds: every round loads every page exactly once",
        arguments: [Pressing.whenPageArrives, .atRandomMoments])
    func everyRoundLoadsEveryPage(pressing: Pressing) throws {
        let server = try LoopbackHTTPServer(
            latency: PixabayPage.latency, seed: Self.serverSeed,
            handler: PixabayPage.pagedServer(perPage: Self.perPage, pages: Self.pages))
        defer { server.stop() }
        let expectedIDs = (0..<UInt64(Self.perPage * Self.pages)).map { 100 + $0 }
        var hung: [Int] = []
        for index in 0..<Self.rounds {
            let query = "fox \(index)"
            let seed = Self.serverSeed + UInt64(index)
            let label = "round \(index) (press seed \(seed), server seed \(Self.serverSeed))"
            let (ids, state, ended) = try round(
                server, query: query, pressing: pressing, seed: seed)
            let requested = server.requests.filter { $0.query["q"] == query }
                .compactMap { Int($0.query["page"] ?? "") }
            if !ended { hung.append(index) }
            #expect(ended, "\(label) hung in state \(state) after pages \(requested)")
            #expect(ids == expectedIDs, "\(label)")
            #expect(requested == Array(1...Self.pages), "\(label)")
            #expect(
                state == .loaded(loaded: expectedIDs.count, total: Int64(expectedIDs.count)),
                "\(label)")
            if hung.count > 2 { break }  // enough evidence; don't wait out 50 bounds
        }
    }

    @Test("when page 2 fails, page 1 stays, the error is set and state says both")
    func laterPageFails() throws {
        let server = try LoopbackHTTPServer(
            latency: PixabayPage.latency, seed: Self.serverSeed,
            handler: PixabayPage.pagedServer(
                perPage: Self.perPage, pages: Self.pages, failing: [2]))
        defer { server.stop() }
        let (ids, state, ended) = try round(
            server, query: "fox", pressing: .whenPageArrives, seed: Self.serverSeed)
        #expect(ended)
        #expect(ids == [100, 101, 102])
        #expect(
            state
                == .partiallyLoaded(
                    loaded: 3, total: 9,
                    message: NetworkError.serverError(statusCode: 500).description))
    }
}
