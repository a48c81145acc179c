import Foundation
import ImageSearchModel
import ImageSearchViewModel
import LoopbackHTTPServer
import Signalbox
import SignalboxLocks
import TestThreads
import Testing

@testable import imagesearch

/// The full-screen pipeline on real threads: `Network` → `ImageSearch` → the view models on
/// a `QueueScheduler`, the pipeline folding on that queue, keys sent from the test's thread,
/// against a loopback server with 1–20 ms of latency and jitter. It runs in the process (so
/// the thread sanitizer sees it, which it cannot in the pseudo-terminal suites). Every wait
/// is bounded.
@Suite(
    "the full-screen pipeline on real threads against a loopback server", .serialized, .ownThreads)
struct ScreenPipelineLoopbackTests {
    static let perPage = 20
    /// How long any one wait may take before the test counts it as hung.
    static let bound: TimeInterval = 10

    /// Three pages of 20 hits for any query; the first request for "slow" is never
    /// answered (held until the client hangs up).
    static func server() throws -> LoopbackHTTPServer {
        let slowAsked = Atomic(false)
        let pages = PixabayPage.pagedServer(perPage: perPage, pages: 3)
        return try LoopbackHTTPServer(latency: PixabayPage.latency, seed: 26) { request in
            if request.query["q"] == "slow", !slowAsked.swap(true) { return .hold }
            return pages(request)
        }
    }

    /// A session without a terminal: the pipeline's sink records each step and applies its
    /// effects to the view models, as `FullScreenSession`'s does.
    final class Harness: @unchecked Sendable {
        // Safety: `steps` is guarded by `lock`; the rest is constant after `init`.
        let scheduler = QueueScheduler(name: "ScreenPipelineLoopbackTests.ui")
        let table: ImageSearchTableViewModel
        let detail: ImageDetailViewModel
        let keys = Signal<Key, Never>.pipe()
        private let lock = Lock()
        private var steps: [ScreenPipeline.Step] = []
        private let stepped = DispatchSemaphore(value: 0)
        private var run: Disposable?

        init(_ server: LoopbackHTTPServer) throws {
            let network = Network(timeout: 5)
            let search = ImageSearch(
                network: network,
                pixabay: try Pixabay(
                    apiKey: "loopback-key", baseURL: server.baseURL + "/api/",
                    perPage: ScreenPipelineLoopbackTests.perPage),
                rateLimiter: RateLimiter(maximumRequests: 100_000))
            table = ImageSearchTableViewModel(
                imageSearch: search, network: network, scheduler: scheduler,
                debounceInterval: 0.05)
            detail = ImageDetailViewModel(
                network: network, externalAppChannel: NoBrowser(), scheduler: scheduler)
            table.imageDetailViewModel = detail
        }

        func start() {
            var content = ScreenContent(columns: 100, rows: 30, query: "")
            content.styled = false
            let inputs = SignalProducer<ScreenInput, Never>.merge(
                SignalProducer(keys.output).observe(on: scheduler).map(ScreenInput.key),
                ScreenPipeline.viewModelInputs(table: table, detail: detail, on: scheduler),
                ScreenPipeline.spinnerTicks(searching: table.searching.producer, on: scheduler))
            let (table, detail) = (table, detail)
            run = ScreenPipeline.states(ScreenState(content: content), inputs: inputs)
                .startWithValues { [self] step in
                    for effect in step.effects { _ = effect.apply(to: table, detail: detail) }
                    lock.withLock { steps.append(step) }
                    stepped.signal()
                }
        }

        func stop() { run?.dispose() }

        func type(_ text: String) {
            for character in text { keys.input.send(value: .character(character)) }
        }

        /// Every step so far.
        var all: [ScreenPipeline.Step] { lock.withLock { steps } }

        /// Whether the latest step met `condition` within the bound.
        func wait(until condition: (ScreenPipeline.Step) -> Bool) -> Bool {
            let deadline = Date() + ScreenPipelineLoopbackTests.bound
            while Date() < deadline {
                if let last = lock.withLock({ steps.last }), condition(last) { return true }
                _ = stepped.wait(timeout: .now() + 0.05)
            }
            return false
        }
    }

    /// Whether a frame says something of `text`.
    static func shows(_ step: ScreenPipeline.Step, _ text: String) -> Bool {
        step.frame.lines.contains { $0.contains(text) }
    }

    @Test("typing, then scrolling to the end, loads the next page; rows are never drawn halfway")
    func typingAndPaging() throws {
        let server = try Self.server()
        defer { server.stop() }
        let harness = try Harness(server)
        harness.start()
        defer { harness.stop() }
        harness.type("fox")
        #expect(harness.wait { $0.state.content.results.count == Self.perPage })
        #expect(harness.wait { $0.frame.lines.last?.hasPrefix("1/20 · 20 of 60") == true })
        for _ in 0..<16 { harness.keys.input.send(value: .down) }
        #expect(harness.wait { $0.state.content.results.count == 2 * Self.perPage })
        #expect(harness.wait { $0.frame.lines.last?.hasPrefix("17/40 · 40 of 60") == true })
        let steps = harness.all
        #expect(steps.last?.state.content.query == "fox")
        // Settled: whenever rows are shown as the current results, the status counts them.
        for step in steps where !step.state.content.status.resultsAreStale {
            #expect(step.state.content.status.loaded == step.state.content.results.count)
        }
        #expect(!steps.contains { Self.shows($0, "No images found") })
        #expect(steps.contains { $0.state.content.status.isSearching })
    }

    @Test("Ctrl-C cancels a search the server holds; Enter searches it again")
    func cancelAndRetry() throws {
        let server = try Self.server()
        defer { server.stop() }
        let harness = try Harness(server)
        harness.start()
        defer { harness.stop() }
        harness.type("slow")
        #expect(harness.wait { $0.state.content.status.activity == .searching(query: "slow") })
        #expect(server.waitForRequest())
        harness.keys.input.send(value: .control("c"))
        #expect(harness.wait { Self.shows($0, "“slow” cancelled") })
        #expect(server.waitForClientToClose())
        harness.keys.input.send(value: .enter)
        #expect(harness.wait { $0.state.content.results.count == Self.perPage })
        #expect(!harness.all.contains { Self.shows($0, "No images found") })
    }
}

/// An opener that opens nothing.
private struct NoBrowser: ExternalAppChanneling {
    func openURL(_ url: String) {}
}
