import Foundation
import ImageSearchModel
import ImageSearchViewModel
import LoopbackHTTPServer
import Signalbox
import TestThreads
import Testing

/// Cancel and retry on real threads: `Network` → `ImageSearch` → `ImageSearchTableViewModel`
/// on a `QueueScheduler`, against a loopback server with 1–20 ms of latency.
///
/// Virtual time cannot show that a cancel reaches the transport (the server sees the client
/// hang up) or that a resumed search is answered from the response cache; these can. Every
/// wait is bounded.
@Suite("retry and cancel against a loopback server", .serialized, .ownThreads)
struct RetryCancelLoopbackTests {
    static let perPage = 3
    /// How long any one wait may take before the test counts it as hung.
    static let bound: TimeInterval = 10

    /// A server of 2 pages of 3 hits per query. The first request for page 1 of "slow" is
    /// never answered (held until the client hangs up); the first request for page 2 of
    /// "flaky" fails with HTTP 500. Every later request is answered.
    static func server() throws -> LoopbackHTTPServer {
        let attempts = Atomic<[String: Int]>([:])
        return try LoopbackHTTPServer(latency: 0.001...0.02, seed: 27) { request in
            let query = request.query["q"] ?? ""
            let page = Int(request.query["page"] ?? "") ?? 1
            let attempt = attempts.modify { counts in
                counts["\(query)#\(page)", default: 0] += 1
                return counts["\(query)#\(page)", default: 0]
            }
            if query == "slow", page == 1, attempt == 1 { return .hold }
            if query == "flaky", page == 2, attempt == 1 { return .text("boom", status: 500) }
            return .json(
                PixabayPage.json(
                    totalHits: 2 * perPage, count: perPage, firstID: 100 + (page - 1) * perPage))
        }
    }

    /// The stack under test, with the view model on its own queue.
    struct Stack {
        let scheduler = QueueScheduler(name: "RetryCancelLoopbackTests.viewModel")
        let viewModel: ImageSearchTableViewModel

        init(_ server: LoopbackHTTPServer) throws {
            let network = Network(timeout: 5)
            let search = ImageSearch(
                network: network,
                pixabay: try Pixabay(
                    apiKey: "loopback-key", baseURL: server.baseURL + "/api/",
                    perPage: RetryCancelLoopbackTests.perPage),
                rateLimiter: RateLimiter(maximumRequests: 100_000))
            // Searches start with `startSearch()` only: the debounce never fires in a test.
            viewModel = ImageSearchTableViewModel(
                imageSearch: search, network: network, scheduler: scheduler,
                debounceInterval: 3_600)
        }

        /// Whether the status met `condition` within the bound (checked on the scheduler).
        func wait(until condition: @escaping (ImageSearchStatus) -> Bool) -> Bool {
            let met = DispatchSemaphore(value: 0)
            let signalled = Atomic(false)
            let observation = viewModel.status.producer.startWithValues { status in
                guard condition(status) else { return }
                let first = signalled.modify { signalled in
                    defer { signalled = true }
                    return !signalled
                }
                if first { met.signal() }
            }
            defer { observation.dispose() }
            return met.wait(timeout: .now() + RetryCancelLoopbackTests.bound) == .success
        }

        /// The ids of the rows, read on the scheduler.
        var ids: [UInt64] {
            let read = DispatchSemaphore(value: 0)
            let ids = Atomic<[UInt64]>([])
            scheduler.schedule {
                ids.value = viewModel.cellModels.value.map(\.id)
                read.signal()
            }
            _ = read.wait(timeout: .now() + RetryCancelLoopbackTests.bound)
            return ids.value
        }
    }

    @Test("a cancel reaches the server (it sees the client hang up); retry searches again")
    func cancelThenRetry() throws {
        let server = try Self.server()
        defer { server.stop() }
        let stack = try Stack(server)
        stack.viewModel.query.value = "slow"
        stack.viewModel.startSearch()
        #expect(server.waitForRequest(timeout: Self.bound))
        #expect(stack.wait { $0.isSearching })
        stack.viewModel.cancelSearch()
        #expect(stack.wait { $0.activity == .cancelled(query: "slow") && $0.canRetry })
        #expect(server.waitForClientToClose(timeout: Self.bound))
        stack.viewModel.retry()
        #expect(stack.wait { $0.activity == .loaded(query: "slow") })
        #expect(stack.ids == [100, 101, 102])
        #expect(server.requests.filter { $0.query["q"] == "slow" }.count == 2)
    }

    @Test("retry asks a failed page again; the pages before it come from the cache")
    func failedPageRetried() throws {
        let server = try Self.server()
        defer { server.stop() }
        let stack = try Stack(server)
        stack.viewModel.query.value = "flaky"
        stack.viewModel.startSearch()
        #expect(stack.wait { $0.activity == .loaded(query: "flaky") && $0.hasNextPage })
        stack.viewModel.loadNextPage.apply().start()
        #expect(stack.wait { $0.error == .serverError(statusCode: 500) })
        #expect(stack.ids == [100, 101, 102])
        stack.viewModel.retry()
        #expect(stack.wait { $0.activity == .loaded(query: "flaky") && $0.loaded == 6 })
        #expect(stack.ids == [100, 101, 102, 103, 104, 105])
        let pages = server.requests.filter { $0.query["q"] == "flaky" }
            .compactMap { Int($0.query["page"] ?? "") }
        #expect(pages == [1, 2, 2])
    }
}
