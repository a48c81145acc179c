import Foundation
import ImageSearchModel
import ImageSearchTesting
import ImageSearchViewModel
import Signalbox
import SignalboxTesting
import Testing

/// Holds an object weakly, to tell whether something still keeps it.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    // Safety: written once in `init`, read on the test's thread only.
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}

/// What one search makes (its cell models and their preview downloads) goes when the search
/// is replaced, and nothing of it keeps the view model's collaborators alive: a long
/// session's memory stays flat.
@Suite("Per-search objects do not outlive their search")
struct SearchLifetimeTests {
    @Test("a cell model goes with everything it made: its download keeps no network alive")
    func cellModelLeavesNothingBehind() {
        let scheduler = TestScheduler()
        var network: StubNetwork? = StubNetwork.images(scheduler: scheduler)
        var cell: ImageSearchTableViewCellModel? = network.map {
            ImageSearchTableViewCellModel(image: makeImage(1), network: $0, scheduler: scheduler)
        }
        let weakNetwork = network.map(WeakReference.init)
        let weakCell = cell.map(WeakReference.init)
        network = nil
        cell = nil
        #expect(weakCell?.object == nil, "the cell model was released")
        #expect(weakNetwork?.object == nil, "its preview download kept the network alive")
    }

    @Test("a cell model whose preview failed (a fresh download put in place) leaves nothing")
    func failedPreviewLeavesNothingBehind() {
        let scheduler = TestScheduler()
        var network: StubNetwork? = StubNetwork.images(scheduler: scheduler, failing: true)
        var cell: ImageSearchTableViewCellModel? = network.map {
            ImageSearchTableViewCellModel(image: makeImage(2), network: $0, scheduler: scheduler)
        }
        let weakNetwork = network.map(WeakReference.init)
        let weakCell = cell.map(WeakReference.init)
        let images = EventRecorder(starting: cell?.getPreviewImage() ?? .empty)
        scheduler.run()
        #expect(images.values.last == .some(nil), "the download failed")
        images.dispose()
        network = nil
        cell = nil
        scheduler.run()
        #expect(weakCell?.object == nil, "the cell model was released")
        #expect(weakNetwork?.object == nil, "the replacement download kept the network alive")
    }

    @Test("after 60 searches only the last one's cells live, and the view model leaves nothing")
    func manySearchesLeaveNothingBehind() {
        let scheduler = TestScheduler()
        var cells: [WeakReference<AnyObject>] = []
        var weakNetwork: WeakReference<StubNetwork>?
        var weakSearch: WeakReference<StubImageSearch>?
        var weakViewModel: WeakReference<ImageSearchTableViewModel>?
        do {
            let search = StubImageSearch(scheduler: scheduler, delay: 0.5) { query in
                let first = UInt64(query.split(separator: " ").last.flatMap { Int($0) } ?? 0)
                return .success([
                    ResponseEntity(
                        totalCount: 5,
                        images: (0..<5).map { makeImage(first * 10 + $0) })
                ])
            }
            let network = StubNetwork.images(scheduler: scheduler)
            let viewModel = ImageSearchTableViewModel(
                imageSearch: search, network: network, scheduler: scheduler)
            weakNetwork = WeakReference(network)
            weakSearch = WeakReference(search)
            weakViewModel = WeakReference(viewModel)
            for number in 1...60 {
                viewModel.query.value = "query \(number)"
                scheduler.advance(by: 1)
                let shown = viewModel.cellModels.value
                #expect(shown.count == 5, "search \(number) shows its rows")
                cells += shown.map { WeakReference($0 as AnyObject) }
            }
            let alive = cells.filter { $0.object != nil }.count
            #expect(alive == 5, "\(alive) cell models alive; only the last search's should be")
        }
        scheduler.run()
        #expect(weakViewModel?.object == nil, "the view model was released")
        #expect(cells.allSatisfy { $0.object == nil }, "every cell model was released")
        #expect(weakSearch?.object == nil, "the search service was released")
        #expect(weakNetwork?.object == nil, "the searches left something holding the network")
    }
}
