import Foundation
import ImageSearchModel
import Signalbox
import SignalboxTesting
import Testing

/// The in-memory cache's byte budget: pages at every cap must not add up to gigabytes.
@Suite("Response cache: the in-memory byte budget")
struct ResponseCacheBudgetTests {
    let scheduler = TestScheduler()

    /// A text of exactly `length` UTF-8 bytes, different for each `seed`.
    static func text(_ length: Int, _ seed: Int) -> String {
        let prefix = "\(seed)-"
        return prefix + String(repeating: "x", count: max(0, length - prefix.utf8.count))
    }

    /// A page as large as a server can make it: 200 hits, every address at
    /// `ImageEntity.maximumURLLength`, the user name and 50 tags at `maximumTextLength`.
    /// (The hits share their texts, which only makes the test faster: the cache counts
    /// each as if it were its own.)
    static func cappedPage(_ seed: Int) -> ResponseEntity {
        let url = text(ImageEntity.maximumURLLength, seed)
        let name = text(ImageEntity.maximumTextLength, seed)
        let tags = (0..<ImageEntity.maximumTagCount).map {
            text(ImageEntity.maximumTextLength, seed * 100 + $0)
        }
        let images = (0..<200).map { index in
            ImageEntity(
                id: UInt64(seed * 1000 + index), pageURL: url, pageImageWidth: 1,
                pageImageHeight: 1, previewURL: url, previewWidth: 1, previewHeight: 1,
                imageURL: url, imageWidth: 1, imageHeight: 1, viewCount: 0, downloadCount: 0,
                likeCount: 0, tags: tags, username: name)
        }
        return ResponseEntity(totalCount: 500, images: images)
    }

    /// The UTF-8 bytes of the page's texts: a lower bound of what it holds in memory.
    static func textBytes(_ page: ResponseEntity) -> Int {
        page.images.reduce(0) { total, image in
            total + image.pageURL.utf8.count + image.previewURL.utf8.count
                + image.imageURL.utf8.count + image.username.utf8.count
                + image.tags.reduce(0) { $0 + $1.utf8.count }
        }
    }

    @Test("80 pages at every cap: the default cache keeps at most 32 MiB of them")
    func cappedPagesStayUnderTheBudget() {
        let cache = ResponseCache(clock: scheduler)
        var held = 0
        var keys: [String] = []
        for number in 0..<80 {
            let page = Self.cappedPage(number)
            let key = "https://pixabay.com/api/?page=1&q=capped\(number)"
            cache.store(page, forKey: key)
            keys.append(key)
            #expect(
                cache.value(forKey: key)?.images.count == page.images.count,
                "the page just stored is served")
        }
        for key in keys {
            if let page = cache.value(forKey: key) { held += Self.textBytes(page) }
        }
        #expect(held <= 32 * 1024 * 1024, "the pages kept hold \(held) bytes of text")
        #expect(cache.count < 80, "older pages were evicted (\(cache.count) kept)")
        #expect(cache.count >= 2, "the budget still keeps more than one capped page")
    }

    @Test("the byte budget evicts the least recently used pages, counted by their estimate")
    func evictsLeastRecentlyUsedOverBudget() {
        let page = Self.cappedPage(1)
        let size = MemoryResponseStorage.estimatedByteCount(of: page, forKey: "a")
        #expect(size > Self.textBytes(page), "the estimate counts more than the texts")
        let storage = MemoryResponseStorage(maximumBytes: size * 2 + size / 2)
        let cache = ResponseCache(clock: scheduler, storage: storage)
        cache.store(page, forKey: "a")
        cache.store(page, forKey: "b")
        _ = cache.value(forKey: "a")  // "b" is now the least recently used
        cache.store(page, forKey: "c")
        #expect(cache.count == 2)
        #expect(cache.value(forKey: "b") == nil)
        #expect(cache.value(forKey: "a") == page)
        #expect(cache.value(forKey: "c") == page)
        #expect(storage.byteCount == 2 * size)
        cache.removeAll()
        #expect(storage.byteCount == 0)
    }

    @Test("a page larger than the whole budget is not kept, and replaces the key's older page")
    func oversizedPageIsNotKept() {
        let small = ResponseEntity(totalCount: 1, images: [])
        let large = Self.cappedPage(2)
        let storage = MemoryResponseStorage(
            maximumBytes: MemoryResponseStorage.estimatedByteCount(of: large, forKey: "a") - 1)
        let cache = ResponseCache(clock: scheduler, storage: storage)
        cache.store(small, forKey: "a")
        cache.store(small, forKey: "b")
        cache.store(large, forKey: "a")
        #expect(cache.value(forKey: "a") == nil, "not the older page either")
        #expect(cache.value(forKey: "b") == small, "the other pages stay")
        let kept = MemoryResponseStorage.estimatedByteCount(of: small, forKey: "b")
        #expect(storage.byteCount == kept)
    }

    @Test("a budget of 0 (or less) keeps nothing; the default is 32 MiB")
    func budgetIsClamped() {
        #expect(MemoryResponseStorage().maximumBytes == 32 * 1024 * 1024)
        #expect(MemoryResponseStorage.defaultMaximumBytes == 32 * 1024 * 1024)
        let storage = MemoryResponseStorage(maximumBytes: -5)
        #expect(storage.maximumBytes == 0)
        let cache = ResponseCache(clock: scheduler, storage: storage)
        cache.store(ResponseEntity(totalCount: 0, images: []), forKey: "a")
        #expect(cache.count == 0)
        #expect(storage.byteCount == 0)
    }
}
