import Foundation
import ImageSearchModel
import ImageSearchOffline
import ImageSearchViewModel
import Signalbox
import SignalboxTesting
import Testing

@testable import imagesearch

/// ``ScreenPipeline`` in virtual time: real view models over the offline catalog, keys from
/// a pipe, the spinner's and the notice's clocks on a `TestScheduler`.
@Suite("the full screen as one pipeline, in virtual time")
struct ScreenPipelineTests {
    let scheduler = TestScheduler()
    let table: ImageSearchTableViewModel
    let detail: ImageDetailViewModel
    let keys = Signal<Key, Never>.pipe()
    let notices = Signal<String, Never>.pipe()

    init() throws {
        let network = SlowCatalog(latency: 0.5, scheduler: scheduler)
        let search = ImageSearch(
            network: network, pixabay: try Pixabay(apiKey: nil, perPage: 20),
            cache: ResponseCache())
        table = ImageSearchTableViewModel(
            imageSearch: search, network: network, scheduler: scheduler,
            source: .offlineCatalog)
        detail = ImageDetailViewModel(
            network: network, externalAppChannel: NoOpener(), scheduler: scheduler)
        table.imageDetailViewModel = detail
    }

    /// The pipeline as the session builds it, its effects carried out on the view models
    /// as the session's sink does.
    func start(columns: Int = 100, rows: Int = 20) -> EventRecorder<ScreenPipeline.Step, Never> {
        var content = ScreenContent(columns: columns, rows: rows, query: "")
        content.styled = false
        let inputs = SignalProducer<ScreenInput, Never>.merge(
            SignalProducer(keys.output).map(ScreenInput.key),
            ScreenPipeline.viewModelInputs(table: table, detail: detail, on: scheduler),
            ScreenPipeline.spinnerTicks(searching: table.searching.producer, on: scheduler),
            ScreenPipeline.notices(SignalProducer(notices.output), on: scheduler))
        let (table, detail) = (table, detail)
        return EventRecorder(
            starting: ScreenPipeline.states(ScreenState(content: content), inputs: inputs)
                .on(value: { step in
                    for effect in step.effects { _ = effect.apply(to: table, detail: detail) }
                }))
    }

    func type(_ text: String) {
        for character in text { keys.input.send(value: .character(character)) }
    }

    func screen(_ steps: EventRecorder<ScreenPipeline.Step, Never>) -> [String] {
        steps.values.last?.frame.lines ?? []
    }

    @Test("typed keys show at once; the query's rows arrive after its debounce and search")
    func typingToRows() {
        let steps = start()
        scheduler.advance()
        type("fox")
        #expect(screen(steps).first?.hasPrefix("Search: fox ") == true)
        scheduler.advance()
        #expect(screen(steps).contains { $0.contains("“fox” pending…") })
        scheduler.advance(by: 1)
        let count = table.cellModels.value.count
        #expect(count > 10)
        #expect(steps.values.last?.state.content.results.count == count)
        #expect(screen(steps).last?.hasPrefix("1/\(count) ·") == true)
        #expect(!screen(steps).contains { $0.contains("No images found") })
    }

    @Test("the view models are seen once per turn, settled: never rows under the old status")
    func settledModel() {
        let steps = start()
        scheduler.advance()
        type("fox")
        scheduler.advance(by: 1)
        let models = steps.values.compactMap { step -> ImageSearchStatus? in
            step.state.content.status
        }
        // Every state with rows has a status that accounts for them.
        for step in steps.values where !step.state.content.results.isEmpty {
            #expect(step.state.content.status.loaded == step.state.content.results.count)
        }
        #expect(models.last?.activity == .loaded(query: "fox"))
    }

    @Test("the spinner turns every 100 ms while a search runs, and stops with it")
    func spinnerTicks() {
        let ticks = EventRecorder(
            starting: ScreenPipeline.spinnerTicks(
                searching: table.searching.producer, on: scheduler))
        table.query.value = "fox"
        table.startSearch()
        scheduler.advance()
        #expect(table.searching.value)
        scheduler.advance(by: 0.35)
        #expect(ticks.values.count == 3)
        scheduler.advance(by: 1)
        #expect(!table.searching.value)
        let afterwards = ticks.values.count
        scheduler.advance(by: 5)
        #expect((5...10).contains(afterwards))
        #expect(ticks.values.count == afterwards)
    }

    @Test("a search the rate limit refused counts down each second, then searches again")
    func rateLimitCountdown() {
        let status = MutableProperty(ImageSearchStatus())
        let inputs = EventRecorder(
            starting: ScreenPipeline.rateLimitCountdown(status: status.producer, on: scheduler),
            clock: scheduler)
        status.value = ImageSearchStatus(
            activity: .failed(query: "fox", error: .rateLimited(retryAfter: 2.5)))
        #expect(inputs.values == [.rateLimitTick(remaining: 3)])
        scheduler.advance(by: 1)
        scheduler.advance(by: 1)
        #expect(inputs.values.last == .rateLimitTick(remaining: 1))
        scheduler.advance(by: 1)
        #expect(inputs.values.last == .rateLimitElapsed(query: "fox"))
        // A new search ends the countdown: nothing more comes.
        status.value = ImageSearchStatus(
            activity: .failed(query: "owl", error: .rateLimited(retryAfter: 5)))
        status.value = ImageSearchStatus(activity: .searching(query: "owls"))
        scheduler.advance(by: 10)
        #expect(inputs.values.last == .rateLimitTick(remaining: 5))

        // The state shows the seconds left and asks for the retry when they are up.
        var state = ScreenState(content: ScreenContent(columns: 80, rows: 12, query: "fox"))
        let failed = ImageSearchStatus(
            activity: .failed(query: "fox", error: .rateLimited(retryAfter: 2)))
        _ = state.apply(.model(ScreenModel(rows: [], status: failed)))
        _ = state.apply(.rateLimitTick(remaining: 2))
        #expect(SearchScreen.frame(state.content).lines.joined().contains("Searching again in 2 s"))
        #expect(state.apply(.rateLimitElapsed(query: "fox")) == [.retry])
        #expect(state.apply(.rateLimitElapsed(query: "cat")) == [], "not for another query")
    }

    @Test("a notice lasts four seconds; a newer one starts the time again")
    func noticeClock() {
        let inputs = EventRecorder(
            starting: ScreenPipeline.notices(SignalProducer(notices.output), on: scheduler))
        notices.input.send(value: "Opened one")
        scheduler.advance(by: 3)
        notices.input.send(value: "Opened two")
        scheduler.advance(by: 3)
        #expect(inputs.values == [.notice("Opened one"), .notice("Opened two")])
        scheduler.advance(by: 1)
        #expect(inputs.values == [.notice("Opened one"), .notice("Opened two"), .noticeExpired])
    }

    @Test("a notice is drawn on the status line and leaves it when it expires")
    func noticeOnScreen() {
        let steps = start()
        scheduler.advance()
        notices.input.send(value: "Opened https://pixabay.com/photos/x")
        scheduler.advance()
        #expect(screen(steps).last?.hasPrefix("Opened https://pixabay.com/photos/x") == true)
        scheduler.advance(by: ScreenPipeline.noticeDuration)
        #expect(screen(steps).last?.contains("Opened") == false)
    }

    @Test("Down, Enter: the pane shows the selected result from the detail view model")
    func detailPane() {
        let steps = start(rows: 30)
        scheduler.advance()
        type("fox")
        scheduler.advance(by: 1)
        keys.input.send(value: .down)
        keys.input.send(value: .enter)
        scheduler.advance(by: 1)
        let second = table.cellModels.value[1]
        #expect(steps.values.last?.state.content.mode == .detail)
        #expect(steps.values.last?.state.content.detail?.id == second.id)
        #expect(screen(steps).contains { $0.contains("Result 2: image \(second.id)") })
    }

    @Test("Ctrl-C during a search cancels it and the screen says so")
    func cancel() {
        let steps = start()
        scheduler.advance()
        type("fox")
        scheduler.advance(by: 0.3)
        #expect(table.searching.value)
        #expect(screen(steps).last?.hasPrefix(SearchScreen.spinnerFrames[0]) == true)
        keys.input.send(value: .control("c"))
        scheduler.advance()
        #expect(screen(steps).contains { $0.contains("“fox” cancelled") })
        #expect(!screen(steps).contains { $0.contains("No images found") })
    }
}

/// The offline catalog answering `latency` seconds late, in virtual time.
private struct SlowCatalog: Networking {
    let latency: TimeInterval
    let scheduler: TestScheduler
    let catalog = OfflineCatalog()

    func requestJSON(url: String, parameters: [String: String]) -> SignalProducer<
        Data, NetworkError
    > {
        catalog.requestJSON(url: url, parameters: parameters).delay(latency, on: scheduler)
    }

    func requestImage(url: String) -> SignalProducer<Data, NetworkError> {
        catalog.requestImage(url: url).delay(latency, on: scheduler)
    }
}

/// An opener that opens nothing.
private struct NoOpener: ExternalAppChanneling {
    func openURL(_ url: String) {}
}
