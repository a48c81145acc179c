import Foundation
import Signalbox

/// ``ImageSearching`` over the Pixabay API, with paging, a response cache and a rate limit.
///
/// Each page is: the ``ResponseCache`` if it holds the same request from the last 24 hours;
/// otherwise a request through the ``RateLimiter`` (waiting for a slot rather than failing),
/// sent with ``Networking/requestJSON(url:parameters:)`` and decoded with `attemptMap`
/// (undecodable → `.incorrectDataReturned`), then stored in the cache.
///
/// ```swift
/// let search = ImageSearch(network: Network())  // key from PIXABAY_API_KEY
/// search.searchImages(query: "red fox", nextPageTrigger: loadMore.producer)
///     .observe(on: QueueScheduler.main)
///     .startWithResult { print($0) }
/// ```
///
/// Threading: events arrive on the network's thread (or synchronously, for a cached page
/// or a synchronous network); hop to a UI scheduler with `observe(on:)`.
public final class ImageSearch: ImageSearching {
    /// The wall clock used by default caches and rate limiters, on a private serial queue.
    public static let defaultClock: any DateScheduler = QueueScheduler(
        qos: .utility, name: "ImageSearchModel.clock")

    /// The API contract searches follow.
    public let pixabay: Pixabay
    /// The transport requests go through.
    public let network: any Networking
    /// The cache pages are answered from.
    public let cache: ResponseCache
    /// The limiter requests wait in.
    public let rateLimiter: RateLimiter

    /// Creates a search.
    ///
    /// - Parameters:
    ///   - network: The transport: ``Network``, the ``OfflineCatalog`` or a stub.
    ///   - pixabay: The API configuration (default ``Pixabay/standard``, whose key comes from
    ///     `PIXABAY_API_KEY`).
    ///   - cache: Where pages are kept (default: 24 hours, 200 pages, wall clock).
    ///   - rateLimiter: The request budget (default: 100 per 60 seconds, wall clock).
    public init(
        network: any Networking,
        pixabay: Pixabay = .standard,
        cache: ResponseCache = ResponseCache(),
        rateLimiter: RateLimiter = RateLimiter()
    ) {
        self.network = network
        self.pixabay = pixabay
        self.cache = cache
        self.rateLimiter = rateLimiter
    }

    /// Searches for `query`, one page at once and one more per trigger value.
    ///
    /// See ``ImageSearching/searchImages(query:nextPageTrigger:)`` for the contract. A blank
    /// query, or one over 100 characters, fails at once with `.invalidRequest` without a
    /// request. If the trigger ends, the search completes once the page in flight (if any)
    /// has arrived. A page counts as loading until its value has been delivered, so a trigger
    /// sent from inside the search's own value callback is ignored (pull the next page later,
    /// for instance from a UI action, as the table view model does).
    ///
    /// - Parameters:
    ///   - query: The words to search for.
    ///   - nextPageTrigger: Each value asks for the next page; values while a page is loading
    ///     are ignored.
    /// - Returns: A producer of pages; each start is a new search.
    public func searchImages(
        query: String, nextPageTrigger: SignalProducer<Void, Never>
    ) -> SignalProducer<ResponseEntity, NetworkError> {
        SignalProducer { observer, lifetime in
            let cleaned: String
            do throws(NetworkError) {
                cleaned = try Pixabay.validatedQuery(query)
            } catch {
                observer.send(error: error)
                return
            }
            let paging = Paging(perPage: self.pixabay.perPage)
            /// Loads `page`; called only by whoever moved `paging` to loading it.
            func load(_ page: Int) {
                lifetime += self.page(page, of: cleaned).start { event in
                    switch event {
                    case .value(let response):
                        let isLast = paging.received(response)
                        observer.send(value: response)
                        if isLast || paging.finishLoading() {
                            observer.sendCompleted()
                        }
                    case .failed(let error):
                        observer.send(error: error)
                    case .completed:
                        break
                    case .interrupted:
                        observer.sendInterrupted()
                    }
                }
            }
            guard let first = paging.startFirstPage() else { return }
            load(first)
            lifetime += nextPageTrigger.start { event in
                switch event {
                case .value:
                    if let next = paging.startNextPage() { load(next) }
                case .completed, .interrupted:
                    if paging.triggerEnded() { observer.sendCompleted() }
                case .failed:
                    break
                }
            }
        }
    }

    /// One page of `query`: from the cache, or from the network within the rate limit.
    ///
    /// - Parameters:
    ///   - page: The page number, from 1.
    ///   - query: The validated query.
    /// - Returns: A producer of the page.
    func page(_ page: Int, of query: String) -> SignalProducer<ResponseEntity, NetworkError> {
        let parameters = pixabay.parameters(query: query, page: page)
        let cacheKey = pixabay.baseURL + "?" + QueryString.make(parameters)
        let cache = self.cache
        let rateLimiter = self.rateLimiter
        let hasKey = pixabay.apiKey != nil
        let request = network.requestJSON(url: pixabay.baseURL, parameters: parameters)
        return SignalProducer { observer, lifetime in
            if let cached = cache.value(forKey: cacheKey) {
                observer.send(value: cached)
                observer.sendCompleted()
                return
            }
            lifetime += rateLimiter.limit(request)
                .attemptMap { data throws(NetworkError) in try ResponseEntity.decode(from: data) }
                .mapError { error in
                    switch error {
                    case .rateLimited(let retryAfter):
                        rateLimiter.pause(for: retryAfter ?? rateLimiter.window)
                        return error
                    case .invalidRequest where !hasKey:
                        return .invalidRequest(
                            message: "no Pixabay API key is set; set PIXABAY_API_KEY, "
                                + "or search the offline catalog")
                    default:
                        return error
                    }
                }
                .on(value: { cache.store($0, forKey: cacheKey) })
                .start(observer)
        }
    }
}

/// The paging state of one search run, shared by the page loads and the trigger.
private final class Paging: Sendable {
    private struct State {
        var loaded: Int64 = 0
        var lastPage = 0
        var isLoading = false
        var isFinished = false
        var triggerEnded = false
    }

    private let perPage: Int
    private let state = Locked(State())

    init(perPage: Int) {
        self.perPage = perPage
    }

    func startFirstPage() -> Int? {
        startNextPage()
    }

    /// Claims the next page if none is loading and more exist.
    func startNextPage() -> Int? {
        state.withValue { state in
            guard !state.isLoading, !state.isFinished, !state.triggerEnded else { return nil }
            state.isLoading = true
            state.lastPage += 1
            return state.lastPage
        }
    }

    /// Counts a page; returns whether it was the last one.
    func received(_ response: ResponseEntity) -> Bool {
        state.withValue { state in
            state.loaded += Int64(response.images.count)
            if state.loaded >= response.totalCount || response.images.count < perPage {
                state.isFinished = true
            }
            return state.isFinished
        }
    }

    /// Marks the page as delivered (called after sending it, so that a trigger cannot start
    /// the next page before this one is out); returns whether the search should complete
    /// because the trigger ended meanwhile.
    func finishLoading() -> Bool {
        state.withValue { state in
            state.isLoading = false
            return state.triggerEnded
        }
    }

    /// Notes the end of the trigger; returns whether the search should complete now (no
    /// page is loading).
    func triggerEnded() -> Bool {
        state.withValue { state in
            state.triggerEnded = true
            return !state.isLoading
        }
    }
}
