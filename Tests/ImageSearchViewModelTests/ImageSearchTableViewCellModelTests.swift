import Foundation
import ImageSearchModel
import ImageSearchTesting
import ImageSearchViewModel
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

@Suite("ImageSearchTableViewCellModel", .ownThreads)
struct ImageSearchTableViewCellModelTests {
    @Test("texts come from the entity")
    func texts() {
        let scheduler = TestScheduler()
        let cell = ImageSearchTableViewCellModel(
            image: makeImage(7, tags: ["red", "fox"]),
            network: StubNetwork.images(scheduler: scheduler),
            scheduler: scheduler)
        #expect(cell.id == 7)
        #expect(cell.pageImageSizeText == "1500 x 3000")
        #expect(cell.tagText == "red, fox")
        #expect(cell.username == "user7")
    }

    @Test("the preview sends nil first, then the image on the scheduler")
    func nilThenImage() {
        let scheduler = TestScheduler()
        let network = StubNetwork.images(scheduler: scheduler)
        let cell = ImageSearchTableViewCellModel(
            image: makeImage(1), network: network, scheduler: scheduler)
        let received = Recorded<Data?>()
        cell.getPreviewImage().startWithValues { received.append($0) }
        #expect(received.items == [nil])
        scheduler.advance(by: 1)
        #expect(received.items == [nil, StubNetwork.bytes(for: makeImage(1).previewURL)])
    }

    @Test("a failed download becomes nil, and the next run tries again")
    func failureBecomesNil() {
        let scheduler = TestScheduler()
        let network = StubNetwork.images(scheduler: scheduler, failing: true)
        let cell = ImageSearchTableViewCellModel(
            image: makeImage(1), network: network, scheduler: scheduler)
        let received = Recorded<Event<Data?, Never>>()
        cell.getPreviewImage().start { received.append($0) }
        scheduler.advance(by: 1)
        #expect(received.items == [.value(nil), .value(nil), .completed])
        cell.getPreviewImage().start()
        #expect(network.startedImageRequests.count == 2)
    }

    @Test("once downloaded, the cached image is sent at once without a leading nil")
    func cached() {
        let scheduler = TestScheduler()
        let network = StubNetwork.images(scheduler: scheduler)
        let cell = ImageSearchTableViewCellModel(
            image: makeImage(1), network: network, scheduler: scheduler)
        cell.getPreviewImage().start()
        scheduler.advance(by: 1)
        let received = Recorded<Event<Data?, Never>>()
        cell.getPreviewImage().start { received.append($0) }
        #expect(
            received.items == [.value(StubNetwork.bytes(for: makeImage(1).previewURL)), .completed])
        #expect(network.startedImageRequests.count == 1)
    }

    @Test("several runs during one download share one request")
    func sharedDownload() {
        let scheduler = TestScheduler()
        let network = StubNetwork.images(scheduler: scheduler)
        let cell = ImageSearchTableViewCellModel(
            image: makeImage(1), network: network, scheduler: scheduler)
        let first = Recorded<Data?>()
        let second = Recorded<Data?>()
        cell.getPreviewImage().startWithValues { first.append($0) }
        let detached = cell.getPreviewImage().startWithValues { _ in }
        cell.getPreviewImage().startWithValues { second.append($0) }
        detached.dispose()
        scheduler.advance(by: 1)
        #expect(network.startedImageRequests.count == 1)
        #expect(first.items.count == 2 && first.items.last != nil)
        #expect(second.items == first.items)
    }

    @Test("making a cell model requests nothing; its first preview run starts the download")
    func downloadStartsWithFirstRun() {
        let scheduler = TestScheduler()
        let network = StubNetwork.images(scheduler: scheduler)
        let cells = (1...20).map {
            ImageSearchTableViewCellModel(
                image: makeImage(UInt64($0)), network: network, scheduler: scheduler)
        }
        let preview = cells[3].getPreviewImage()
        #expect(network.startedImageRequests.isEmpty)
        preview.start()
        #expect(network.startedImageRequests == [makeImage(4).previewURL])
    }

    @Test("real threads: first preview runs from 8 threads at once share one download")
    func concurrentFirstRuns() {
        let network = HeldImages()
        let cell = ImageSearchTableViewCellModel(
            image: makeImage(1), network: network,
            scheduler: QueueScheduler(name: "cell-model-test"))
        let images = Recorded<Data>()
        let ended = DispatchGroup()
        for _ in 0..<8 { ended.enter() }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            cell.getPreviewImage().start { event in
                switch event {
                case .value(let data): if let data { images.append(data) }
                case .completed, .interrupted: ended.leave()
                }
            }
        }
        #expect(network.started.value == 1)
        network.answer()
        #expect(ended.wait(timeout: .now() + 60) == .success)
        #expect(images.items == Array(repeating: StubNetwork.bytes(for: "one"), count: 8))
    }

    @Test("releasing the cell model cancels its download")
    func releaseCancels() {
        let scheduler = TestScheduler()
        let network = StubNetwork.images(scheduler: scheduler)
        var cell: ImageSearchTableViewCellModel? = ImageSearchTableViewCellModel(
            image: makeImage(1), network: network, scheduler: scheduler)
        cell?.getPreviewImage().start()
        cell = nil
        #expect(network.cancelledCount == 1)
    }
}

/// Holds every image download until `answer()`, which sends the bytes
/// `StubNetwork.bytes(for: "one")` to each from a thread of its own; counts the downloads
/// started.
private final class HeldImages: Networking {
    let started = Atomic(0)
    private let waiting = Atomic<[Signal<Data, NetworkError>.Observer]>([])

    func requestJSON(
        url: String, parameters: [String: String]
    ) -> SignalProducer<Data, NetworkError> {
        SignalProducer(error: .notReachedServer)
    }

    func requestImage(url: String) -> SignalProducer<Data, NetworkError> {
        let started = self.started
        let waiting = self.waiting
        return SignalProducer { observer, _ in
            started.modify { $0 += 1 }
            waiting.modify { $0.append(observer) }
        }
    }

    /// Answers the downloads held so far, on a new thread.
    func answer() {
        let observers = waiting.modify { waiting -> [Signal<Data, NetworkError>.Observer] in
            defer { waiting = [] }
            return waiting
        }
        Thread {
            for observer in observers {
                observer.send(value: StubNetwork.bytes(for: "one"))
                observer.sendCompleted()
            }
        }.start()
    }
}
