import Foundation
import ImageSearchModel
import ImageSearchOffline
import ImageSearchViewModel
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

@testable import imagesearch

/// A long full-screen session stays flat: what a search makes (cell models, their preview
/// downloads, the rows drawn from them) goes when the next search replaces it, and the
/// pipeline keeps nothing of the view models once it is disposed.
@Suite("the full-screen pipeline over many searches", .ownThreads)
struct ScreenPipelineLifetimeTests {
    static let words = ["fox", "cat", "dog", "owl", "horse", "deer", "bird", "bear"]

    @Test("60 typed searches: only the last one's cells live; disposed, nothing is kept")
    func manySearchesLeaveNothingBehind() throws {
        let scheduler = TestScheduler()
        var cells: [WeakReference] = []
        var kept: [(String, WeakReference)] = []
        do {
            let network = TrackedCatalog(scheduler: scheduler)
            let search = ImageSearch(
                network: network, pixabay: try Pixabay(apiKey: nil, perPage: 20),
                cache: ResponseCache())
            let table = ImageSearchTableViewModel(
                imageSearch: search, network: network, scheduler: scheduler,
                source: .offlineCatalog)
            let detail = ImageDetailViewModel(
                network: network, externalAppChannel: NoPageOpener(), scheduler: scheduler)
            table.imageDetailViewModel = detail
            kept = [
                ("network", WeakReference(network)), ("search", WeakReference(search)),
                ("table view model", WeakReference(table)),
                ("detail view model", WeakReference(detail)),
            ]
            let keys = Signal<Key, Never>.pipe()
            var content = ScreenContent(columns: 100, rows: 20, query: "")
            content.styled = false
            let inputs = SignalProducer<ScreenInput, Never>.merge(
                SignalProducer(keys.output).map(ScreenInput.key),
                ScreenPipeline.viewModelInputs(table: table, detail: detail, on: scheduler),
                ScreenPipeline.spinnerTicks(searching: table.searching.producer, on: scheduler),
                ScreenPipeline.rateLimitCountdown(status: table.status.producer, on: scheduler))
            let steps = EventRecorder(
                starting: ScreenPipeline.states(ScreenState(content: content), inputs: inputs)
                    .on(value: { step in
                        for effect in step.effects { _ = effect.apply(to: table, detail: detail) }
                    }))
            for number in 0..<60 {
                keys.input.send(value: .control("u"))
                for character in Self.words[number % Self.words.count] {
                    keys.input.send(value: .character(character))
                }
                scheduler.advance(by: 2)
                // Open the detail of the first row and close it again, as a person looks.
                keys.input.send(value: .enter)
                scheduler.advance(by: 2)
                keys.input.send(value: .escape)
                scheduler.advance(by: 1)
                let shown = table.cellModels.value
                #expect(!shown.isEmpty, "search \(number) shows rows")
                cells += shown.map { WeakReference($0 as AnyObject) }
            }
            let alive = cells.filter { $0.object != nil }.count
            let last = table.cellModels.value.count
            #expect(alive == last, "\(alive) cell models alive; only the last \(last) should be")
            steps.dispose()
        }
        scheduler.run()
        for (name, reference) in kept {
            #expect(reference.object == nil, "the \(name) was kept after the session")
        }
        #expect(cells.allSatisfy { $0.object == nil }, "every cell model was released")
    }
}

/// Holds an object weakly, to tell whether something still keeps it.
final class WeakReference: @unchecked Sendable {
    // Safety: written once in `init`, read on the test's thread only.
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// The offline catalog answering half a second late, in virtual time; a class, so that a
/// test can tell whether anything still holds it.
private final class TrackedCatalog: Networking, @unchecked Sendable {
    // Safety: both properties are constants; the catalog is safe from any thread.
    let scheduler: TestScheduler
    let catalog = OfflineCatalog()

    init(scheduler: TestScheduler) { self.scheduler = scheduler }

    func requestJSON(url: String, parameters: [String: String]) -> SignalProducer<
        Data, NetworkError
    > {
        catalog.requestJSON(url: url, parameters: parameters).delay(0.5, on: scheduler)
    }

    func requestImage(url: String) -> SignalProducer<Data, NetworkError> {
        catalog.requestImage(url: url).delay(0.5, on: scheduler)
    }
}

/// An opener that opens nothing.
private struct NoPageOpener: ExternalAppChanneling {
    func openURL(_ url: String) {}
}
