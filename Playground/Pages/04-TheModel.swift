import Foundation
import ImageSearchModel
import ImageSearchOffline
import Signalbox

/// Page 4: the model, searching the offline catalog through `ImageSearch`.
///
/// `ImageSearch` talks to Pixabay through a `Networking` transport. `Network` is the real
/// one (URLSession); `OfflineCatalog` answers Pixabay-shaped requests from a few hundred
/// photo records built into the package, with no key and no network, which is what this
/// page (and `imagesearch` without an API key) uses.
///
/// `searchImages(query:nextPageTrigger:)` sends page 1 at once and one more page per value
/// of the trigger, and completes when every hit is loaded. Pages are decoded with
/// `attemptMap` (undecodable JSON fails with `.incorrectDataReturned`), kept in a 24-hour
/// `ResponseCache`, and requests wait in a `RateLimiter` (100 per minute). Both take a
/// clock; passing a `TestScheduler` keeps the page deterministic.
func theModel() {
    pageHeading(4, "The model: searching the offline catalog through ImageSearch")
    print("  the offline catalog holds \(OfflineCatalog.photoCount) photos")

    let clock = TestScheduler()
    let network = LoggingNetwork(OfflineCatalog())
    let pixabay: Pixabay
    do {
        pixabay = try Pixabay(apiKey: nil, perPage: 4)
    } catch {
        print("  configuration rejected: \(error)")
        return
    }
    let search = ImageSearch(
        network: network, pixabay: pixabay,
        cache: ResponseCache(clock: clock), rateLimiter: RateLimiter(clock: clock))

    section("Page 1 at once, one more page per trigger value, then completion")
    let (loadMore, nextPage) = Signal<Void, Never>.pipe()
    search.searchImages(query: "red fox", nextPageTrigger: SignalProducer(loadMore))
        .start { event in
            switch event {
            case .value(let page):
                print("  page of \(page.images.count); totalHits \(page.totalCount)")
                for image in page.images {
                    print(
                        "    \(image.id)  \(image.username)  \(image.tags.joined(separator: ", "))")
                }
            default:
                print("  \(event)")
            }
        }
    print("  asking for the next page")
    nextPage.send(value: ())

    section("The same page again comes from the cache: no request")
    let cached = search.searchImages(query: "red fox").first()
    if case .success(let page)? = cached {
        print("  first page again: \(page.images.count) images, from the cache")
    }

    section("The first page only, with the convenience searchImages(query:)")
    if case .success(let page)? = search.searchImages(query: "lighthouse").first() {
        print(
            "  \"lighthouse\": \(page.totalCount) hits; first by \(page.images.first?.username ?? "nobody")"
        )
    }

    section("Failures are typed NetworkErrors with a sentence for the user")
    for query in ["   ", "zzzz", String(repeating: "fox ", count: 30)] {
        search.searchImages(query: query).start { event in
            switch event {
            case .value(let page): print("  \(quoted(query)): \(page.totalCount) hits")
            case .failed(let error): print("  \(quoted(query)): failed: \(error.description)")
            case .completed: print("  \(quoted(query)): completed")
            case .interrupted: print("  \(quoted(query)): interrupted")
            }
        }
    }

    section("Raw Networking: the catalog answers Pixabay's parameters itself")
    let outOfRange = OfflineCatalog()
        .requestJSON(url: Pixabay.defaultBaseURL, parameters: ["q": "fox", "per_page": "500"])
        .first()
    if case .failure(let error)? = outOfRange {
        print("  per_page=500: \(error)")
    }
}

/// A query as printed by the page: quoted, and shortened when long.
private func quoted(_ query: String) -> String {
    query.count > 20 ? "\"\(query.prefix(12))…\" (\(query.count) characters)" : "\"\(query)\""
}

/// A `Networking` decorator that prints every request it forwards.
///
/// It also shows how a new data source plugs in: anything that implements the two
/// `Networking` requirements can stand behind `ImageSearch` and the view models.
struct LoggingNetwork: Networking {
    let base: any Networking

    init(_ base: any Networking) {
        self.base = base
    }

    func requestJSON(url: String, parameters: [String: String]) -> SignalProducer<
        Data, NetworkError
    > {
        let query = parameters["q"] ?? ""
        let page = parameters["page"] ?? "1"
        return base.requestJSON(url: url, parameters: parameters)
            .on(starting: { print("  → request q=\"\(query)\" page=\(page)") })
    }

    func requestImage(url: String) -> SignalProducer<Data, NetworkError> {
        base.requestImage(url: url)
            .on(starting: { print("  → image \(url)") })
    }
}
