import Foundation
import SignalboxLocks

/// A ``ResponseCacheStorage`` in a directory, so cached pages outlive the process (Pixabay's
/// "cache for 24 hours" across runs of a command-line tool).
///
/// Contract:
/// - One file per entry, `page-<hash>.json`, named by a hash of the key; the file also holds
///   the key, so a hash collision or another program's file is a miss, never a wrong page.
/// - Files are written atomically (a temporary file, `.page-<random>.tmp`, renamed into
///   place), so a reader never sees half a page; a file that cannot be read or decoded
///   (corrupt, truncated, foreign, another format version) is a miss, and is replaced when
///   the page is stored again.
/// - Private: files are created with mode 0600 and the directory is kept at 0700 (an existing
///   directory with wider permissions is narrowed, and so are its entry files), because the
///   keys hold the user's queries.
/// - Temporary files that a killed writer left behind (this storage's own, and the
///   `.dat.nosync*` files of Foundation's atomic writes from earlier versions) count towards
///   the bounds, and are deleted once they are more than a minute old.
/// - Bounded: after each store, while more than the cache's limit of entries, or more than
///   ``maximumBytes`` in all, are stored, the expired entries and then the oldest files are
///   deleted. Only this storage's own files (`page-*.json` and its temporary files) are ever
///   counted or deleted.
/// - Nothing fails loudly: a directory that cannot be created or written just stores
///   nothing. The directory is created (mode 0700) on the first store.
/// - Keys are written into the files: never put a secret (an API key) in a key;
///   ``ImageSearch`` leaves the key out of its cache keys.
public final class DiskResponseStorage: ResponseCacheStorage {
    /// The default bound on the bytes of all files: 20 MB.
    public static let defaultMaximumBytes = 20_000_000
    static let format = "imagesearch-cache-1"

    /// The directory holding the files.
    public let directory: URL
    /// The largest number of bytes all entries may take together.
    public let maximumBytes: Int
    /// Serialises this object's file operations (another process may still write the same
    /// directory; atomic renames keep each file whole).
    private let lock = Lock()

    /// Creates a storage in `directory` (created when first needed).
    ///
    /// - Parameters:
    ///   - directory: Where the files go, such as `$XDG_CACHE_HOME/imagesearch`.
    ///   - maximumBytes: The bound on the files' total size (default 20 MB; at least 0).
    public init(directory: URL, maximumBytes: Int = DiskResponseStorage.defaultMaximumBytes) {
        self.directory = directory
        self.maximumBytes = max(0, maximumBytes)
    }

    /// The directory a command-line tool named `name` caches in:
    /// `$XDG_CACHE_HOME/name` when that is an absolute path, else `$HOME/.cache/name`, or
    /// `nil` when neither is known.
    ///
    /// - Parameters:
    ///   - name: The tool's name, such as `"imagesearch"`.
    ///   - environment: The variables to read; by default the process's.
    /// - Returns: The directory, or `nil`.
    public static func defaultDirectory(
        named name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent(name)
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".cache").appendingPathComponent(name)
        }
        return nil
    }

    /// How many entry files the directory holds.
    public var count: Int { lock.withLock { ownFiles().filter { !$0.isTemporary }.count } }

    /// The entry in `key`'s file, or `nil` when there is none or it is unreadable or foreign.
    ///
    /// - Parameter key: The request's identity.
    /// - Returns: The entry, or `nil`.
    public func entry(forKey key: String) -> ResponseCacheEntry? {
        let url = fileURL(forKey: key)
        guard let data = lock.withLock({ try? Data(contentsOf: url) }),
            let file = try? JSONDecoder().decode(CacheFile.self, from: data),
            file.format == Self.format, file.key == key, file.storedAt.isFinite
        else { return nil }
        return ResponseCacheEntry(
            value: ResponseEntity(
                totalCount: file.page.totalCount, images: file.page.images,
                skippedHits: file.page.skippedHits, excessHits: file.page.excessHits),
            storedAt: Date(timeIntervalSince1970: file.storedAt))
    }

    /// Writes `entry` to `key`'s file atomically, then trims the directory to `limit`
    /// entries and ``maximumBytes``.
    ///
    /// - Parameters:
    ///   - entry: The entry to keep.
    ///   - key: The request's identity.
    ///   - limit: The number of entries to keep at most.
    ///   - cutoff: Entries stored before this date have expired.
    public func store(
        _ entry: ResponseCacheEntry, forKey key: String, keepingAtMost limit: Int,
        expiredBefore cutoff: Date
    ) {
        let file = CacheFile(
            format: Self.format, key: key, storedAt: entry.storedAt.timeIntervalSince1970,
            page: CachedPage(entry.value))
        guard let data = try? JSONEncoder().encode(file) else { return }
        lock.withLock {
            guard prepareDirectory(), write(data, to: fileURL(forKey: key)) else { return }
            trim(keepingAtMost: max(1, limit), expiredBefore: cutoff, keeping: fileURL(forKey: key))
        }
    }

    /// Creates the directory (0700), or narrows an existing one to 0700 together with its
    /// entry files. Under `lock`.
    private func prepareDirectory() -> Bool {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            return false
        }
        var info = stat()
        guard stat(directory.path, &info) == 0 else { return false }
        if info.st_mode & 0o077 != 0 {
            guard chmod(directory.path, 0o700) == 0 else { return false }
            for file in ownFiles() { _ = chmod(file.url.path, 0o600) }
        }
        return true
    }

    /// Writes `data` to a new temporary file (0600) and renames it to `url`. Under `lock`.
    private func write(_ data: Data, to url: URL) -> Bool {
        let temporary = directory.appendingPathComponent(
            ".page-\(UInt64.random(in: 0...UInt64.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        var written = 0
        let complete = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            guard let base = buffer.baseAddress else { return true }
            while written < buffer.count {
                let count = Foundation.write(descriptor, base + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += count
            }
            return true
        }
        let closed = close(descriptor) == 0
        guard complete, closed, rename(temporary.path, url.path) == 0 else {
            _ = unlink(temporary.path)
            return false
        }
        return true
    }

    /// Deletes `key`'s file.
    ///
    /// - Parameter key: The request's identity.
    public func removeEntry(forKey key: String) {
        let url = fileURL(forKey: key)
        lock.withLock { _ = try? FileManager.default.removeItem(at: url) }
    }

    /// Deletes every entry file (other files in the directory are left alone).
    public func removeAll() {
        lock.withLock {
            for file in ownFiles() { try? FileManager.default.removeItem(at: file.url) }
        }
    }

    /// The file of `key`: `page-` and a 128-bit FNV-1a hash of the key in hex.
    func fileURL(forKey key: String) -> URL {
        let bytes = Array(key.utf8)
        let name = String(
            format: "page-%016llx%016llx.json", Self.fnv1a(bytes, seed: 0),
            Self.fnv1a(bytes, seed: 0x9E37_79B9_7F4A_7C15))
        return directory.appendingPathComponent(name)
    }

    /// A 64-bit FNV-1a hash of `bytes`, its offset basis mixed with `seed`.
    static func fnv1a(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    private struct OwnFile {
        let url: URL
        let size: Int
        let modified: Date
        /// A temporary file (this storage's, or one of Foundation's atomic writes).
        let isTemporary: Bool
    }

    /// How old a temporary file must be to count as left by a killed writer: a minute.
    static let staleTemporaryAge: TimeInterval = 60

    /// This storage's files (`page-*.json`, and temporary files), with sizes and dates.
    /// Called under `lock`.
    private func ownFiles() -> [OwnFile] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard
            let urls = try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: keys)
        else { return [] }
        return urls.compactMap { url in
            let name = url.lastPathComponent
            let isEntry = name.hasPrefix("page-") && name.hasSuffix(".json")
            let isTemporary =
                (name.hasPrefix(".page-") && name.hasSuffix(".tmp"))
                || name.hasPrefix(".dat.nosync")
            guard isEntry || isTemporary, let values = try? url.resourceValues(forKeys: Set(keys))
            else { return nil }
            return OwnFile(
                url: url, size: max(0, values.fileSize ?? 0),
                modified: values.contentModificationDate ?? .distantPast,
                isTemporary: isTemporary)
        }
    }

    /// Deletes expired, then oldest files while over the bounds; never `kept`. Under `lock`.
    private func trim(keepingAtMost limit: Int, expiredBefore cutoff: Date, keeping kept: URL) {
        let stale = Date().addingTimeInterval(-Self.staleTemporaryAge)
        var all: [OwnFile] = []
        for file in ownFiles() {
            if file.isTemporary && file.modified < stale {
                try? FileManager.default.removeItem(at: file.url)
            } else {
                all.append(file)
            }
        }
        // A writer's fresh temporary file counts towards the bytes, not the entries.
        var count = all.filter { !$0.isTemporary }.count
        var bytes = all.reduce(0) { $0 &+ $1.size }
        guard count > limit || bytes > maximumBytes else { return }
        let candidates = all.filter { $0.url.lastPathComponent != kept.lastPathComponent }
            .sorted { left, right in
                let (leftExpired, rightExpired) = (left.modified < cutoff, right.modified < cutoff)
                if leftExpired != rightExpired { return leftExpired }
                return left.modified < right.modified
            }
        for file in candidates {
            guard count > limit || bytes > maximumBytes else { return }
            try? FileManager.default.removeItem(at: file.url)
            if !file.isTemporary { count -= 1 }
            bytes -= file.size
        }
    }
}

/// The JSON of one cache file.
private struct CacheFile: Codable {
    let format: String
    let key: String
    let storedAt: Double
    let page: CachedPage
}

/// A page in the file: Pixabay's own keys, so it decodes with the same strict rules.
private struct CachedPage: Codable {
    let totalCount: Int64
    let images: [ImageEntity]
    let skippedHits: Int
    let excessHits: Int

    init(_ page: ResponseEntity) {
        totalCount = page.totalCount
        images = page.images
        skippedHits = page.skippedHits
        excessHits = page.excessHits
    }

    private enum CodingKeys: String, CodingKey {
        case totalCount = "totalHits"
        case images = "hits"
        case skippedHits, excessHits
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalCount = try container.decode(Int64.self, forKey: .totalCount)
        images = try container.decode([ImageEntity].self, forKey: .images)
        skippedHits = max(0, try container.decode(Int.self, forKey: .skippedHits))
        // Absent from files written before 0.3.
        excessHits = max(0, try container.decodeIfPresent(Int.self, forKey: .excessHits) ?? 0)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(totalCount, forKey: .totalCount)
        try container.encode(images.map(EncodedHit.init), forKey: .images)
        try container.encode(skippedHits, forKey: .skippedHits)
        try container.encode(excessHits, forKey: .excessHits)
    }
}

/// An ``ImageEntity`` written with the keys it is decoded from.
private struct EncodedHit: Encodable {
    let image: ImageEntity

    private enum CodingKeys: String, CodingKey {
        case id, pageURL, previewURL, previewWidth, previewHeight, tags, imageWidth
        case imageHeight, webformatURL, webformatWidth, webformatHeight, views, downloads
        case likes, user
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(image.id, forKey: .id)
        try container.encode(image.pageURL, forKey: .pageURL)
        try container.encode(image.previewURL, forKey: .previewURL)
        try container.encode(image.previewWidth, forKey: .previewWidth)
        try container.encode(image.previewHeight, forKey: .previewHeight)
        try container.encode(image.tags.joined(separator: ", "), forKey: .tags)
        try container.encode(image.pageImageWidth, forKey: .imageWidth)
        try container.encode(image.pageImageHeight, forKey: .imageHeight)
        try container.encode(image.imageURL, forKey: .webformatURL)
        try container.encode(image.imageWidth, forKey: .webformatWidth)
        try container.encode(image.imageHeight, forKey: .webformatHeight)
        try container.encode(image.viewCount, forKey: .views)
        try container.encode(image.downloadCount, forKey: .downloads)
        try container.encode(image.likeCount, forKey: .likes)
        try container.encode(image.username, forKey: .user)
    }
}
