import Foundation
import ImageSearchModel
import ImageSearchOffline
import Signalbox
import TestThreads
import Testing

@Suite("Offline catalog", .ownThreads)
struct OfflineCatalogTests {
    let catalog = OfflineCatalog()

    private func page(
        _ query: String?, page: Int = 1, perPage: Int = 20, imageType: String = "photo"
    ) throws -> ResponseEntity {
        var parameters = [
            "key": "ignored", "page": String(page), "per_page": String(perPage),
            "image_type": imageType, "safesearch": "true",
        ]
        parameters["q"] = query
        let result = try #require(
            catalog.requestJSON(url: Pixabay.defaultBaseURL, parameters: parameters).single())
        return try ResponseEntity.decode(from: try result.get())
    }

    private func failure(_ parameters: [String: String]) -> NetworkError? {
        catalog.requestJSON(url: "https://pixabay.com/api/", parameters: parameters).outcome().error
    }

    @Test("it holds at least 200 photos with unique ids and complete fields")
    func size() throws {
        #expect(OfflineCatalog.photoCount >= 200)
        let all = try page(nil, perPage: 200).images + page(nil, page: 2, perPage: 200).images
        #expect(all.count == OfflineCatalog.photoCount)
        #expect(Set(all.map(\.id)).count == all.count)
        for image in all {
            #expect(image.tags.count >= 3)
            #expect(!image.username.isEmpty)
            #expect(image.pageURL.hasPrefix(OfflineCatalog.baseURL))
            #expect(max(image.previewWidth, image.previewHeight) == 150)
            #expect(max(image.imageWidth, image.imageHeight) == 640)
            #expect(
                image.likeCount <= image.downloadCount && image.downloadCount <= image.viewCount)
        }
    }

    @Test("queries match tag words case-insensitively; all words must match")
    func matching() throws {
        let fox = try page("fox", perPage: 200)
        #expect(fox.images.count >= 12)
        #expect(fox.totalCount == Int64(fox.images.count))
        #expect(fox.images.allSatisfy { $0.tags.contains { $0.contains("fox") } })
        let redFox = try page("Red FOX", perPage: 200)
        #expect(redFox.images.count >= 5)
        #expect(redFox.images.count < fox.images.count)
        #expect(redFox.images.allSatisfy { $0.tags.contains("red fox") })
        #expect(try page("foxes", perPage: 200).images == fox.images)
        let lake = try page("mountain lake", perPage: 200)
        #expect(lake.images.count >= 5)
        #expect(
            lake.images.allSatisfy { image in
                let words = image.tags.joined(separator: " ")
                return words.contains("mountain") && words.contains("lake")
            })
        #expect(lake.images.first?.tags.contains("mountain lake") == true)
        #expect(try page("cat", perPage: 200).images.count >= 10)
    }

    @Test("nonsense finds nothing", arguments: ["qwxzzy", "fox qwxzzy", "日本語"])
    func nonsense(query: String) throws {
        #expect(try page(query) == ResponseEntity(totalCount: 0, images: []))
    }

    @Test("pages are slices of the same ordered result")
    func paging() throws {
        let all = try page("fox", perPage: 200).images
        let first = try page("fox", page: 1, perPage: 4)
        let second = try page("fox", page: 2, perPage: 4)
        #expect(first.totalCount == Int64(all.count))
        #expect(first.images + second.images == Array(all.prefix(8)))
        let lastPage = (all.count + 3) / 4
        let last = try page("fox", page: lastPage, perPage: 4)
        #expect(last.images == Array(all.suffix(all.count - (lastPage - 1) * 4)))
    }

    @Test("pages past the end and bad page sizes are rejected as Pixabay does")
    func outOfRange() {
        #expect(
            failure(["q": "fox", "page": "99"])
                == .invalidRequest(message: "[ERROR 400] \"page\" is out of valid range."))
        #expect(
            failure(["q": "fox", "page": "\(Int.max)", "per_page": "200"])
                == .invalidRequest(message: "[ERROR 400] \"page\" is out of valid range."),
            "a page whose offset overflows is out of range, not a crash")
        #expect(
            failure(["q": "fox", "page": "0"])
                == .invalidRequest(message: "[ERROR 400] \"page\" is out of valid range."))
        #expect(
            failure(["q": "fox", "per_page": "201"])
                == .invalidRequest(message: "[ERROR 400] \"per_page\" is out of valid range."))
        #expect(failure(["q": "fox", "per_page": "x"]) != nil)
        #expect(failure(["q": "fox", "image_type": "hologram"]) != nil)
        #expect(failure(["q": String(repeating: "a", count: 101)]) != nil)
    }

    @Test("illustrations and vectors are not in a photo catalog")
    func otherImageTypes() throws {
        #expect(try page("fox", imageType: "vector").images.isEmpty)
        #expect(try page("fox", imageType: "all").images == page("fox").images)
    }

    @Test("every preview and image address serves a valid PNG")
    func images() throws {
        let hits = try page("mountain lake", perPage: 200).images + page("cat", perPage: 3).images
        for hit in hits {
            for url in [hit.previewURL, hit.imageURL] {
                let data = try #require(try catalog.requestImage(url: url).single()?.get())
                #expect(ImageFormat(of: data) == .png)
                #expect(data.count < 40_000)
            }
        }
    }

    @Test("a PNG is well formed: chunk CRCs and size match")
    func pngStructure() throws {
        let hit = try #require(try page("red fox").images.first)
        let data = [UInt8](
            try #require(try catalog.requestImage(url: hit.previewURL).single()?.get()))
        func uint32(_ offset: Int) -> Int {
            data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        #expect(uint32(16) == hit.previewWidth / 10)
        #expect(uint32(20) == hit.previewHeight / 10)
        var offset = 8
        var types: [String] = []
        while offset + 8 <= data.count {
            let length = uint32(offset)
            types.append(String(decoding: data[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        #expect(types == ["IHDR", "IDAT", "IEND"])
        #expect(offset == data.count)
    }

    @Test("addresses outside the catalog are not reachable offline")
    func foreignImage() {
        #expect(
            catalog.requestImage(url: "https://cdn.pixabay.com/x.jpg").outcome().error
                == .notReachedServer)
        let missing = catalog.requestImage(url: OfflineCatalog.baseURL + "previews/1_150.png")
            .outcome()
        #expect(missing.error == .invalidRequest(message: "HTTP 404 (Not Found)"))
    }

    @Test("with a scheduler, answers wait for it and disposal cancels them")
    func scheduled() {
        let scheduler = TestScheduler()
        let catalog = OfflineCatalog(scheduler: scheduler)
        let events = Atomic<[Event<Data, NetworkError>]>([])
        catalog.requestJSON(url: "", parameters: ["q": "cat"]).start { event in
            events.modify { $0.append(event) }
        }
        let cancelled = catalog.requestJSON(url: "", parameters: ["q": "dog"]).start { event in
            events.modify { $0.append(event) }
        }
        #expect(events.value.isEmpty)
        cancelled.dispose()
        scheduler.advance()
        #expect(events.value.count == 3)  // interrupted, then the cat page and completed
        #expect(events.value.first == .interrupted)
        #expect(events.value.last == .completed)
    }

    @Test("an ImageSearch over the catalog pages through a query to its end")
    func searchEndToEnd() throws {
        let search = ImageSearch(
            network: catalog, pixabay: try Pixabay(apiKey: nil, perPage: 5),
            cache: ResponseCache(clock: TestScheduler()),
            rateLimiter: RateLimiter(clock: TestScheduler()))
        let total = try page("fox", perPage: 200).images.count
        let trigger = SignalProducer<Void, Never>(values: Array(repeating: (), count: 20))
        let result = search.searchImages(query: "fox", nextPageTrigger: trigger).collect().single()
        let pages = try #require(try result?.get())
        #expect(pages.flatMap(\.images).count == total)
        #expect(pages.count == (total + 4) / 5)
    }
}
