import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import SignalboxLocks
import TestThreads
import Testing

/// Issue 34 item 8: `imagesearch` does not use a cache folder it cannot trust, says so once,
/// and holds a cached page to `--per-page`.
@Suite("imagesearch: the disk cache trusts nothing it did not make", .serialized, .ownThreads)
struct CacheTrustTests {
    static let key = "KEY-cache-trust-0123456789"
    static let warning = "not caching results on disk"

    let base = FileManager.default.temporaryDirectory
        .appendingPathComponent("imagesearch-trust-\(UUID().uuidString)")

    /// `$XDG_CACHE_HOME` for the runs.
    var cacheHome: URL { base.appendingPathComponent("cache-home") }
    /// The folder `imagesearch` caches in.
    var folder: URL { cacheHome.appendingPathComponent("imagesearch") }

    /// Plants, in `directory`, the page `imagesearch --base-url server --per-page perPage fox`
    /// would find: `count` hits by the user "planted", ids from 900.
    func plant(
        in directory: URL, server: LoopbackHTTPServer, perPage: Int = Pixabay.defaultPerPage,
        count: Int = 2
    ) throws {
        let pixabay = try Pixabay(
            apiKey: Self.key, baseURL: server.baseURL + "/api/", perPage: perPage)
        let key = PixabaySearchRequest(pixabay: pixabay, query: "fox", page: 1).cacheKey
        let images = (0..<count).map { offset in
            let id = UInt64(900 + offset)
            return ImageEntity(
                id: id, pageURL: "https://a/\(id)", pageImageWidth: 1, pageImageHeight: 1,
                previewURL: "https://a/p", previewWidth: 1, previewHeight: 1,
                imageURL: "https://a/w", imageWidth: 1, imageHeight: 1, viewCount: 1,
                downloadCount: 1, likeCount: 1, tags: ["planted"], username: "planted")
        }
        DiskResponseStorage(directory: directory, maximumBytes: 100_000_000).store(
            ResponseCacheEntry(
                value: ResponseEntity(totalCount: Int64(count), images: images),
                storedAt: Date()),
            forKey: key, keepingAtMost: 10, expiredBefore: .distantPast)
    }

    func search(_ server: LoopbackHTTPServer, _ extra: [String] = []) throws -> CommandResult {
        try CommandRunner.run(
            ["--api-key", Self.key, "--base-url", server.baseURL + "/api/"] + extra + ["fox"],
            environment: ["XDG_CACHE_HOME": cacheHome.path])
    }

    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    static func mode(_ path: String) -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { return -1 }
        return Int(info.st_mode) & 0o7777
    }

    /// Runs a search over a cache folder someone else could have filled (made so by
    /// `spoil`): the server is asked, the planted page is not shown, one warning says why.
    func expectPlantedEntryIgnored(reason: String, spoil: () throws -> Void) throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let server = try LoopbackHTTPServer { _ in .json(pixabayPage(totalHits: 1, count: 1)) }
        defer { server.stop() }
        try plant(in: folder, server: server)
        // The planted page is what a private folder serves, without a request.
        let trusted = try search(server)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stdout.contains("planted"), "\(trusted.stdout)")
        #expect(server.requests.isEmpty)

        try spoil()
        let result = try search(server)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.count == 1, "the server answers, not the planted page")
        #expect(!result.stdout.contains("planted"), "\(result.stdout)")
        #expect(Self.occurrences(of: Self.warning, in: result.stderr) == 1, "\(result.stderr)")
        #expect(result.stderr.contains(reason), "\(result.stderr)")
    }

    @Test("a cache folder others can write is not used: one warning, the server answers")
    func writableByOthers() throws {
        try expectPlantedEntryIgnored(reason: "is writable by other users") {
            #expect(chmod(folder.path, 0o777) == 0)
        }
    }

    @Test("a cache folder others can write is left as it was")
    func writableFolderUntouched() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let server = try LoopbackHTTPServer { _ in .json(pixabayPage(totalHits: 1, count: 1)) }
        defer { server.stop() }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(chmod(folder.path, 0o777) == 0)
        let result = try search(server)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.mode(folder.path) == 0o777, "not narrowed")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(written.isEmpty, "written: \(written)")
    }

    @Test(
        "a cache folder another user owns is not used",
        .enabled(if: geteuid() == 0, "only root can give a folder to another user"))
    func ownedByAnotherUser() throws {
        try expectPlantedEntryIgnored(reason: "is not owned by you") {
            #expect(chown(folder.path, 65_534, 65_534) == 0)
        }
    }

    @Test("a symbolic link in place of the cache folder is not used, nor narrowed")
    func symlinkedFolder() throws {
        let real = base.appendingPathComponent("elsewhere")
        try expectPlantedEntryIgnored(reason: "is a symbolic link") {
            try FileManager.default.moveItem(at: folder, to: real)
            #expect(chmod(real.path, 0o755) == 0)
            try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: real)
        }
    }

    @Test("a symbolic link in place of the cache folder leaves its target as it was")
    func symlinkedFolderTargetUntouched() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let server = try LoopbackHTTPServer { _ in .json(pixabayPage(totalHits: 1, count: 1)) }
        defer { server.stop() }
        let real = base.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(
            at: real, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.createDirectory(at: cacheHome, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: real)
        let result = try search(server)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.mode(real.path) == 0o755, "not narrowed")
        let written = try FileManager.default.contentsOfDirectory(atPath: real.path)
        #expect(written.isEmpty, "written: \(written)")
    }

    @Test("a cached page of 20,000 hits shows at most --per-page 3 rows")
    func cachedPageHeldToPerPage() throws {
        defer { try? FileManager.default.removeItem(at: base) }
        let server = try LoopbackHTTPServer { _ in .json(pixabayPage(totalHits: 3, count: 3)) }
        defer { server.stop() }
        try plant(in: folder, server: server, perPage: 3, count: 20_000)
        let result = try search(server, ["--per-page", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.isEmpty, "served from the cache")
        #expect(result.tableIDs == [900, 901, 902], "rows: \(result.tableIDs.count)")
    }
}
