import Foundation
import ImageSearchTesting
import Signalbox
import SignalboxLocks
import SignalboxTesting
import Testing

@testable import ImageSearchModel

/// Issue 34 item 8: the disk cache trusts nothing it did not make.
@Suite("the on-disk cache trusts nothing it did not make")
struct DiskCacheTrustTests {
    let base = FileManager.default.temporaryDirectory
        .appendingPathComponent("cache-trust-\(UUID().uuidString)")
    let page = Fixtures.response(totalHits: 10, count: 2)

    func entry(_ page: ResponseEntity) -> ResponseCacheEntry {
        ResponseCacheEntry(value: page, storedAt: Date())
    }

    func store(_ storage: DiskResponseStorage, _ key: String) {
        storage.store(entry(page), forKey: key, keepingAtMost: 10, expiredBefore: .distantPast)
    }

    /// A private directory holding a valid entry for `key`.
    func primedDirectory(_ name: String, key: String = "k") throws -> DiskResponseStorage {
        let storage = DiskResponseStorage(directory: base.appendingPathComponent(name))
        store(storage, key)
        #expect(storage.entry(forKey: key)?.value == page, "the entry is served when private")
        return storage
    }

    static func mode(_ path: String) -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { return -1 }
        return Int(info.st_mode) & 0o7777
    }

    /// The file type bits of the thing at `path` (not followed).
    static func type(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    static func names(_ directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test(
        "a directory other users may write is not read, written or narrowed",
        arguments: [0o777, 0o775, 0o722])
    func writableByOthers(mode: Int) throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let storage = try primedDirectory("cache")
        let before = Self.names(storage.directory)
        #expect(chmod(storage.directory.path, mode_t(mode)) == 0)
        #expect(storage.entry(forKey: "k") == nil, "a planted entry is no result")
        store(storage, "other")
        #expect(Self.names(storage.directory) == before, "nothing is written there")
        #expect(Self.mode(storage.directory.path) == mode, "and its mode is left alone")
        #expect(storage.count == 0)
    }

    @Test(
        "a directory another user owns is not used",
        .enabled(if: geteuid() == 0, "only root can give a directory to another user"))
    func ownedByAnotherUser() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let storage = try primedDirectory("cache")
        let before = Self.names(storage.directory)
        #expect(chown(storage.directory.path, 65_534, 65_534) == 0)
        #expect(storage.entry(forKey: "k") == nil)
        store(storage, "other")
        #expect(Self.names(storage.directory) == before)
    }

    @Test("a symbolic link in place of the directory is not followed")
    func symlinkedDirectory() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let real = try primedDirectory("real")
        #expect(chmod(real.directory.path, 0o755) == 0)
        let before = Self.names(real.directory)
        let link = base.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real.directory)
        let storage = DiskResponseStorage(directory: link)
        #expect(storage.entry(forKey: "k") == nil, "the linked directory's entry is no result")
        store(storage, "other")
        #expect(Self.names(real.directory) == before, "nothing is written through the link")
        #expect(Self.mode(real.directory.path) == 0o755, "nothing is narrowed through it")
        #expect(Self.type(link.path) == S_IFLNK, "the link is still a link")
    }

    @Test("a symbolic link in place of an entry is not followed, read or changed")
    func symlinkedEntry() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        // A valid entry for "k" outside the cache, readable by others.
        let outside = try primedDirectory("outside")
        let target = outside.fileURL(forKey: "k")
        #expect(chmod(target.path, 0o644) == 0)
        let contents = try Data(contentsOf: target)
        // The cache: readable by others (so a store narrows it), a link for "k" inside.
        let cache = base.appendingPathComponent("cache")
        try FileManager.default.createDirectory(
            at: cache, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let storage = DiskResponseStorage(directory: cache)
        try FileManager.default.createSymbolicLink(
            at: storage.fileURL(forKey: "k"), withDestinationURL: target)
        #expect(storage.entry(forKey: "k") == nil, "the link is not followed")
        store(storage, "other")
        #expect(Self.mode(cache.path) == 0o700, "the cache itself is narrowed")
        #expect(Self.mode(target.path) == 0o644, "the file outside is not chmodded")
        #expect(try Data(contentsOf: target) == contents, "nor written")
        store(storage, "k")
        #expect(try Data(contentsOf: target) == contents, "a store replaces the link itself")
        #expect(Self.type(storage.fileURL(forKey: "k").path) == S_IFREG)
        #expect(Self.mode(storage.fileURL(forKey: "k").path) == 0o600)
        #expect(storage.entry(forKey: "k")?.value == page)
    }

    @Test("an entry over 10 MB is a miss, and is deleted")
    func oversizedEntry() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let storage = try primedDirectory("cache")
        let file = storage.fileURL(forKey: "k")
        // A valid entry, padded with blanks (still valid JSON) past the bound.
        var padded = try Data(contentsOf: file)
        padded.append(
            Data(repeating: 0x20, count: Network.defaultMaximumBodySize + 1 - padded.count))
        try padded.write(to: file)
        #expect(storage.entry(forKey: "k") == nil, "the padded entry is not read")
        #expect(!FileManager.default.fileExists(atPath: file.path), "and is deleted")
    }

    @Test("a 1 GB entry is not read into memory")
    func hugeEntryNotRead() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let storage = try primedDirectory("cache")
        let file = storage.fileURL(forKey: "k")
        // A sparse file: 1 GB long, no blocks on the disk.
        let descriptor = open(file.path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        #expect(descriptor >= 0)
        #expect(ftruncate(descriptor, 1 << 30) == 0)
        close(descriptor)
        let before = Self.peakResidentBytes()
        #expect(storage.entry(forKey: "k") == nil)
        let grown = Self.peakResidentBytes() - before
        #expect(grown < 256 << 20, "the peak resident size grew by \(grown) bytes")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    /// The process's peak resident size, in bytes.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss)
        #elseif canImport(Glibc)
            // Glibc imports RUSAGE_SELF as an enumeration; Linux counts in kilobytes.
            guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss) * 1024
        #else
            guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
            return Int(usage.ru_maxrss) * 1024
        #endif
    }

    @Test("a cached page of 20,000 hits is held to --per-page and the text bounds")
    func cachedPageHeldToPerPage() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let pixabay = try Pixabay(apiKey: "test-key-1234", perPage: 3)
        let key = PixabaySearchRequest(pixabay: pixabay, query: "fox", page: 1).cacheKey
        let storage = DiskResponseStorage(
            directory: base.appendingPathComponent("cache"), maximumBytes: 100_000_000)
        let long = ImageEntity(
            id: 1, pageURL: "https://a/1", pageImageWidth: 1, pageImageHeight: 1,
            previewURL: "https://a/p", previewWidth: 1, previewHeight: 1,
            imageURL: "https://a/w", imageWidth: 1, imageHeight: 1, viewCount: 1,
            downloadCount: 1, likeCount: 1,
            tags: (0..<500).map { "tag\($0)" + String(repeating: "t", count: 1000) },
            username: String(repeating: "u", count: 100_000))
        let short = (2...20_000).map { id in
            ImageEntity(
                id: UInt64(id), pageURL: "https://a/\(id)", pageImageWidth: 1, pageImageHeight: 1,
                previewURL: "https://a/p", previewWidth: 1, previewHeight: 1,
                imageURL: "https://a/w", imageWidth: 1, imageHeight: 1, viewCount: 1,
                downloadCount: 1, likeCount: 1, tags: [], username: "u")
        }
        let planted = ResponseEntity(totalCount: 20_000, images: [long] + short)
        storage.store(
            entry(planted), forKey: key, keepingAtMost: 10, expiredBefore: .distantPast)
        #expect(storage.count == 1, "the planted page is in the cache")
        let search = ImageSearch(
            network: StubNetwork(respond: { _ in .failure(.unknown) }), pixabay: pixabay,
            cache: ResponseCache(storage: storage),
            rateLimiter: RateLimiter(clock: TestScheduler()))
        var pages: [ResponseEntity] = []
        search.searchImages(query: "fox", nextPageTrigger: .never)
            .startWithResult { if case .success(let page) = $0 { pages.append(page) } }
        let first = try #require(pages.first, "the page is served from the cache")
        #expect(first.images.count == 3)
        #expect(first.excessHits == 19_997)
        let image = try #require(first.images.first)
        #expect(image.username.utf8.count <= ImageEntity.maximumTextLength)
        #expect(image.tags.count <= ImageEntity.maximumTagCount)
        #expect(image.tags.allSatisfy { $0.utf8.count <= ImageEntity.maximumTextLength })
    }
}
