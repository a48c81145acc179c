import Foundation
import ImageSearchModel
import ImageSearchTesting
import ImageSearchViewModel
import Signalbox
import SignalboxLocks
import SignalboxTesting

/// A thread-safe list for recording what callbacks received.
final class Recorded<Element>: @unchecked Sendable {
    // Safety: `storage` is only touched while holding `lock`.
    private let lock = Lock()
    private var storage: [Element] = []

    func append(_ element: Element) { lock.withLock { storage.append(element) } }
    var items: [Element] { lock.withLock { storage } }
}

/// Builds an entity whose fields derive from `id`.
func makeImage(_ id: UInt64, tags: [String] = ["a", "b"]) -> ImageEntity {
    ImageEntity(
        id: id, pageURL: "https://pixabay.com/photos/\(id)/", pageImageWidth: 1500,
        pageImageHeight: 3000, previewURL: "https://cdn.example/preview/\(id).png",
        previewWidth: 150, previewHeight: 300, imageURL: "https://cdn.example/web/\(id).png",
        imageWidth: 640, imageHeight: 1280, viewCount: 123_456_789, downloadCount: 98_765,
        likeCount: 4_321, tags: tags, username: "user\(id)")
}

/// A search service answering from pages held in memory, after a delay on a `TestScheduler`.
///
/// It keeps the `ImageSearching` contract: a trigger that arrives while a page loads is
/// remembered and served after it. Records each search's query, the pages it requested,
/// and how many searches were disposed before they ended; `failure` can fail a chosen
/// request, and `waits` is what it reports as `rateLimitedUntil`.
final class StubImageSearch: ImageSearching, @unchecked Sendable {
    // Safety: mutable state is only touched under `lock`.
    private let lock = Lock()
    private let scheduler: TestScheduler
    private let delay: TimeInterval
    private let pages: (String) -> Result<[ResponseEntity], NetworkError>
    private let failure: (String, Int) -> NetworkError?
    private(set) var queries: [String] = []
    private(set) var pageRequests = 0
    private(set) var requestedPages: [String] = []
    private(set) var disposals = 0
    /// What `rateLimitedUntil` reports.
    let waits = MutableProperty<Date?>(nil)

    /// - Parameters:
    ///   - failure: Given the query and the page index (from 0) of a request, an error that
    ///     request fails with instead of answering (default: none).
    init(
        scheduler: TestScheduler, delay: TimeInterval = 0.5,
        pages: @escaping (String) -> Result<[ResponseEntity], NetworkError>,
        failure: @escaping (String, Int) -> NetworkError? = { _, _ in nil }
    ) {
        self.scheduler = scheduler
        self.delay = delay
        self.pages = pages
        self.failure = failure
    }

    var recordedQueries: [String] { lock.withLock { queries } }
    var recordedPageRequests: Int { lock.withLock { pageRequests } }
    /// `"query#index"` per page requested, in order.
    var recordedPages: [String] { lock.withLock { requestedPages } }
    var recordedDisposals: Int { lock.withLock { disposals } }

    var rateLimitedUntil: Property<Date?> { Property(capturing: waits) }

    func searchImages(
        query: String, nextPageTrigger: SignalProducer<Void, Never>
    ) -> SignalProducer<ResponseEntity, NetworkError> {
        SignalProducer { observer, lifetime in
            self.lock.withLock { self.queries.append(query) }
            let outcome = self.pages(query)
            var next = 0
            var loading = false
            var owed = 0
            let ended = Recorded<Bool>()
            let scheduler = self.scheduler
            let delay = self.delay
            func requestPage() {
                guard !loading else {
                    owed += 1  // remembered, served after the page in flight
                    return
                }
                self.lock.withLock {
                    self.pageRequests += 1
                    self.requestedPages.append("\(query)#\(next)")
                }
                loading = true
                let failure = self.failure(query, next)
                lifetime += scheduler.schedule(afterDelay: delay) {
                    loading = false
                    if let failure {
                        ended.append(true)
                        return observer.send(error: failure)
                    }
                    switch outcome {
                    case .failure(let error):
                        ended.append(true)
                        observer.send(error: error)
                    case .success(let pages):
                        guard next < pages.count else {
                            ended.append(true)
                            return observer.sendCompleted()
                        }
                        observer.send(value: pages[next])
                        next += 1
                        if next == pages.count {
                            ended.append(true)
                            observer.sendCompleted()
                        } else if owed > 0 {
                            owed -= 1
                            requestPage()
                        }
                    }
                }
            }
            lifetime.observeEnded {
                // Disposed before it ended by itself: a cancelled search.
                if ended.items.isEmpty { self.lock.withLock { self.disposals += 1 } }
            }
            requestPage()
            lifetime += nextPageTrigger.startWithValues { requestPage() }
        }
    }
}

extension StubNetwork {
    /// A network whose image downloads answer after `delay` seconds of virtual time with
    /// bytes derived from the URL, or fail with `.connectionLost`.
    static func images(
        scheduler: TestScheduler, delay: TimeInterval = 1, failing: Bool = false
    ) -> StubNetwork {
        StubNetwork(scheduler: scheduler, delay: delay) { request in
            failing ? .failure(.connectionLost) : .success(bytes(for: request.url))
        }
    }

    /// The bytes served for `url`.
    static func bytes(for url: String) -> Data { Data("PNG:\(url)".utf8) }

    /// The image URLs requested so far.
    var startedImageRequests: [String] {
        requests.filter { $0.kind == .image }.map(\.url)
    }
}

/// Records the URLs it was asked to open.
final class StubExternalAppChannel: ExternalAppChanneling, @unchecked Sendable {
    // Safety: `urls` is a lock-protected `Recorded`.
    let urls = Recorded<String>()
    func openURL(_ url: String) { urls.append(url) }
}

/// Records what `update(_:atIndex:)` was called with.
final class DetailSpy: ImageDetailViewModelModifiable {
    let updates = Recorded<([ImageEntity], Int)>()
    let id = Property<UInt64?>(value: nil)
    let pageImageSizeText = Property<String?>(value: nil)
    let tagText = Property<String?>(value: nil)
    let usernameText = Property<String?>(value: nil)
    let viewCountText = Property<String?>(value: nil)
    let downloadCountText = Property<String?>(value: nil)
    let likeCountText = Property<String?>(value: nil)
    let image = Property<Data?>(value: nil)
    let pageURLText = Property<String?>(value: nil)
    func openImagePage() {}
    func update(_ imageEntities: [ImageEntity], atIndex index: Int) {
        updates.append((imageEntities, index))
    }
}
