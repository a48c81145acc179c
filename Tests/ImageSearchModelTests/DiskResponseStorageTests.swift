import Foundation
import ImageSearchModel
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

@Suite("the on-disk response cache", .ownThreads)
struct DiskResponseStorageTests {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("signalbox-cache-\(UUID().uuidString)")
    let page = Fixtures.response(totalHits: 10, count: 2)

    func cache(_ clock: TestScheduler, capacity: Int = 10, maximumBytes: Int = 1_000_000)
        -> ResponseCache
    {
        ResponseCache(
            capacity: capacity, clock: clock,
            storage: DiskResponseStorage(directory: directory, maximumBytes: maximumBytes))
    }

    func files() -> [URL] {
        (try? FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: nil)) ?? []
    }

    @Test("a page stored by one cache is served by another over the same directory, for 24 h")
    func acrossRuns() {
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestScheduler()
        cache(clock).store(page, forKey: "https://x/?q=fox")
        let later = cache(clock)
        #expect(later.value(forKey: "https://x/?q=fox") == page)
        #expect(later.value(forKey: "https://x/?q=cat") == nil)
        clock.advance(by: 24 * 3600)
        #expect(later.value(forKey: "https://x/?q=fox") == nil, "expired after 24 hours")
        #expect(files().isEmpty, "the expired file was removed")
    }

    @Test("corrupt, truncated or foreign files are misses, and are replaced")
    func corrupt() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestScheduler()
        let cache = cache(clock)
        cache.store(page, forKey: "k")
        let file = try #require(files().first)
        for junk in ["", "{", "not json at all", #"{"format":"other","key":"k"}"#] {
            try Data(junk.utf8).write(to: file)
            #expect(cache.value(forKey: "k") == nil)
        }
        let original = try Data(contentsOf: file)
        cache.store(page, forKey: "k")
        #expect(cache.value(forKey: "k") == page, "replaced by the next store")
        _ = original
        try Data("unrelated".utf8).write(to: directory.appendingPathComponent("notes.txt"))
        cache.removeAll()
        #expect(files().map(\.lastPathComponent) == ["notes.txt"], "other files are left alone")
    }

    @Test("a file written for another key (a hash collision) is not served for this one")
    func foreignKey() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestScheduler()
        let cache = cache(clock)
        cache.store(page, forKey: "a")
        let file = try #require(files().first)
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        try Data(text.replacingOccurrences(of: #""key":"a""#, with: #""key":"b""#).utf8)
            .write(to: file)
        #expect(cache.value(forKey: "a") == nil)
    }

    @Test("the directory stays within the entry and byte bounds, oldest first")
    func bounded() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestScheduler()
        let cache = cache(clock, capacity: 3)
        for index in 0..<6 { cache.store(page, forKey: "key\(index)") }
        #expect(files().count == 3)
        #expect(cache.value(forKey: "key5") == page)
        let small = self.cache(clock, capacity: 100, maximumBytes: 1)
        small.store(page, forKey: "only")
        #expect(files().count == 1, "over the byte bound only the newest file stays")
    }

    @Test("the cache directory follows XDG_CACHE_HOME, else ~/.cache")
    func defaultDirectory() {
        #expect(
            DiskResponseStorage.defaultDirectory(
                named: "imagesearch", environment: ["XDG_CACHE_HOME": "/tmp/c", "HOME": "/h"])?
                .path == "/tmp/c/imagesearch")
        #expect(
            DiskResponseStorage.defaultDirectory(
                named: "imagesearch", environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])?
                .path == "/h/.cache/imagesearch")
        #expect(DiskResponseStorage.defaultDirectory(named: "x", environment: [:]) == nil)
    }

    @Test("writes from several threads leave every file whole")
    func concurrentWrites() {
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = TestScheduler()
        let cache = cache(clock, capacity: 50)
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            cache.store(page, forKey: "key\(index % 8)")
            _ = cache.value(forKey: "key\((index + 3) % 8)")
        }
        for index in 0..<8 { #expect(cache.value(forKey: "key\(index)") == page) }
    }
}
