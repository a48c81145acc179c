import Foundation
import Signalbox

/// ``ImageSearching`` over the Pixabay API, with paging, a response cache and a rate limit.
///
/// Each page is: the ``ResponseCache`` if it holds the same request from the last 24 hours;
/// otherwise a ``PixabaySearchRequest`` sent with ``Networking/send(_:)`` through the
/// ``RateLimiter`` (waiting for a slot rather than failing) and decoded strictly
/// (undecodable → `.incorrectDataReturned`), then stored in the cache. A page, from the
/// network or from the cache, keeps at most ``Pixabay/perPage`` hits (the rest are counted in
/// ``ResponseEntity/excessHits``). An image
/// already delivered by an earlier page of the same search is left out of later pages.
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
    /// ``Pixabay/shownBaseURL`` of ``pixabay``, the start of every page's cache key.
    private let shownBaseURL: String
    /// Hides ``pixabay``'s secrets in every page (see ``Pixabay/secrets``).
    private let redactor: Redactor

    /// Creates a search.
    ///
    /// - Parameters:
    ///   - network: The transport: ``Network``, the `OfflineCatalog` or a stub.
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
        shownBaseURL = pixabay.shownBaseURL
        redactor = Redactor(secrets: pixabay.secrets)
    }

    /// ``RateLimiter/waitingUntil`` of ``rateLimiter``: while a page request waits for a slot,
    /// the date it is due to be sent.
    public var rateLimitedUntil: Property<Date?> { rateLimiter.waitingUntil }

    /// Searches for `query`, one page at once and one more per trigger value.
    ///
    /// See ``ImageSearching/searchImages(query:nextPageTrigger:)`` for the contract. A blank
    /// query, or one over 100 characters, fails at once with `.invalidRequest` without a
    /// request.
    ///
    /// No trigger is lost, whichever thread sends it and whenever: a trigger while no page
    /// is loading requests the next page at once; a trigger while a page is in flight (or
    /// still being delivered, so also one sent from inside the search's own value callback)
    /// is remembered and served as soon as that page has been delivered; each trigger value
    /// asks for one page. When the last page has arrived (the hits loaded reach
    /// `totalHits`, or a page is short or empty), the search completes, remembered trigger
    /// or not, so whoever waits for the next page learns that there is none. If the trigger
    /// ends, the search completes once the page in flight, and the pages remembered triggers
    /// asked for, have been delivered.
    ///
    /// - Parameters:
    ///   - query: The words to search for.
    ///   - nextPageTrigger: Each value asks for the next page; see above for values that
    ///     arrive while a page is loading.
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
            let paging = Atomic(PagingStateMachine(perPage: self.pixabay.perPage))
            /// The ids delivered so far by this run, so a later page repeats none of them.
            let delivered = Atomic(Set<UInt64>())
            /// Does what the paging machine decided, outside its lock.
            func perform(_ action: PagingStateMachine.Action) {
                switch action {
                case .none: break
                case .complete: observer.sendCompleted()
                case .load(let page): load(page)
                }
            }
            /// Loads `page`; called only for a `.load` action, so one page at a time.
            func load(_ page: Int) {
                lifetime += self.page(page, of: cleaned).start { event in
                    switch event {
                    case .value(let response):
                        paging.modify {
                            $0.pageArrived(
                                hits: response.images.count + response.skippedHits,
                                totalHits: response.totalCount)
                        }
                        observer.send(value: Self.droppingRepeats(response, seen: delivered))
                        perform(paging.modify { $0.pageDelivered() })
                    case .failed(let error):
                        observer.send(error: error)
                    case .completed:
                        break
                    case .interrupted:
                        observer.sendInterrupted()
                    }
                }
            }
            // Page 1 counts as loading before the trigger is observed, and the trigger is
            // observed before page 1 is requested: a trigger sent while page 1 is delivered
            // (even synchronously, by a synchronous network) is remembered, not missed.
            let first = paging.modify { $0.start() }
            lifetime += nextPageTrigger.start { event in
                switch event {
                case .value:
                    perform(paging.modify { $0.trigger() })
                case .completed, .interrupted:
                    perform(paging.modify { $0.triggerDidEnd() })
                case .failed:
                    break
                }
            }
            perform(first)
        }
    }

    /// `response` without the images whose id an earlier page of the same run (or an
    /// earlier hit of this page) already delivered; records the ids it lets through.
    ///
    /// Why: results shift between page requests on a live service, so an image can come
    /// back on the next page; a list must show it once. Paging still counts the page's
    /// hits as the server sent them.
    private static func droppingRepeats(
        _ response: ResponseEntity, seen: Atomic<Set<UInt64>>
    ) -> ResponseEntity {
        let fresh = seen.modify { seen in
            seen.reserveCapacity(seen.count + response.images.count)
            return response.images.filter { seen.insert($0.id).inserted }
        }
        guard fresh.count != response.images.count else { return response }
        return ResponseEntity(
            totalCount: response.totalCount, images: fresh, skippedHits: response.skippedHits,
            excessHits: response.excessHits)
    }

    /// The cache key of a request: the endpoint without userinfo and its parameters without
    /// the API key, so neither is ever written to a cache (on disk, a cache file would
    /// otherwise hold them) and a new key still finds the pages fetched with the old one.
    static func cacheKey(baseURL: String, parameters: [String: String]) -> String {
        cacheKey(shownBaseURL: Redactor.shownAddress(baseURL), parameters: parameters)
    }

    /// ``cacheKey(baseURL:parameters:)`` with the endpoint already shown (as
    /// ``Pixabay/shownBaseURL``), which a search works out once rather than per page.
    static func cacheKey(shownBaseURL: String, parameters: [String: String]) -> String {
        var parameters = parameters
        parameters["key"] = nil
        return shownBaseURL + "?" + QueryString.make(parameters)
    }

    /// One page of `query`: from the cache, or from the network within the rate limit.
    ///
    /// - Parameters:
    ///   - page: The page number, from 1.
    ///   - query: The validated query.
    /// - Returns: A producer of the page.
    func page(_ page: Int, of query: String) -> SignalProducer<ResponseEntity, NetworkError> {
        let request = PixabaySearchRequest(pixabay: pixabay, query: query, page: page)
        let cacheKey = Self.cacheKey(shownBaseURL: shownBaseURL, parameters: request.parameters)
        let cache = self.cache
        let rateLimiter = self.rateLimiter
        let hasKey = pixabay.apiKey != nil
        let perPage = pixabay.perPage
        let redactor = self.redactor
        let network = self.network
        return SignalProducer { observer, lifetime in
            if let cached = cache.value(forKey: cacheKey) {
                // A page from a disk cache holds whatever its file held (an earlier version
                // may have stored what a server reflected): the same bounds as the network's.
                observer.send(value: cached.keepingAtMost(perPage).redacted(by: redactor))
                observer.sendCompleted()
                return
            }
            // Whatever the transport did: never more hits than asked for, and nothing the
            // server copied from the key (shown, encoded as JSON, or cached). Built only
            // here, on a miss: a page from the cache needs none of it.
            let sent = network.send(request).map {
                $0.keepingAtMost(perPage).redacted(by: redactor)
            }
            lifetime += rateLimiter.limit(sent)
                .mapError { error in
                    switch error {
                    case .rateLimited, .serviceUnavailable:
                        // The server's wait (clamped to an hour by NetworkError), else a window.
                        rateLimiter.pause(for: error.retryAfter ?? rateLimiter.window)
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
