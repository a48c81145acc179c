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
/// - Trusts nothing it did not make: a directory that is a symbolic link, is not owned by
///   this user, or that other users may write (group or world write permission) is not used
///   at all (every lookup is a miss, nothing is written; ``refusal`` says why). Every file is
///   opened relative to the checked directory without following a symbolic link; only a
///   regular file owned by this user and writable by no one else is read, and at most
///   ``maximumEntrySize`` bytes of it (a larger entry is a miss, and is deleted). A page read
///   back is decoded by the network's rules: at most ``maximumHitsPerEntry`` hits (the rest
///   counted in ``ResponseEntity/excessHits``), with ``ImageEntity``'s bounds on texts and
///   addresses; ``ImageSearch`` then keeps at most ``Pixabay/perPage`` of them.
/// - Private: files are created with mode 0600 and the directory is kept at 0700 (an existing
///   directory that others may read is narrowed, and so are its entry files, through their
///   open descriptors), because the keys hold the user's queries.
/// - Temporary files that a killed writer left behind (this storage's own, and the
///   `.dat.nosync*` files of Foundation's atomic writes from earlier versions) count towards
///   the bounds, and are deleted once they are more than a minute old.
/// - Bounded: after each store, while more than the cache's limit of entries, or more than
///   ``maximumBytes`` in all, are stored, the expired entries and then the oldest files are
///   deleted. Only this storage's own files (`page-*.json` and its temporary files, regular
///   files only) are ever counted or deleted.
/// - Nothing fails loudly: a directory that cannot be created, written or trusted just
///   stores nothing. The directory is created (mode 0700) on the first store.
/// - Keys are written into the files: never put a secret (an API key) in a key;
///   ``ImageSearch`` leaves the key out of its cache keys.
public final class DiskResponseStorage: ResponseCacheStorage {
    /// The default bound on the bytes of all files: 20 MB.
    public static let defaultMaximumBytes = 20_000_000
    /// The largest entry file read: 10 MB, the bound on a response body
    /// (``Network/defaultMaximumBodySize``). A larger file is a miss, and is deleted.
    public static let maximumEntrySize = Network.defaultMaximumBodySize
    /// The most hits decoded from one entry: the largest page size, 200
    /// (``Pixabay/perPageRange``); the rest are counted in ``ResponseEntity/excessHits``.
    public static let maximumHitsPerEntry = Pixabay.perPageRange.upperBound
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

    /// Why a storage does not use its directory.
    public enum Refusal: Equatable, Sendable, CustomStringConvertible {
        /// The directory's path is a symbolic link (wherever it points).
        case symbolicLink
        /// Something other than a directory is at the path.
        case notDirectory
        /// Another user owns the directory.
        case notOwned
        /// Users other than its owner (its group, or everyone) may write the directory.
        case writableByOthers

        /// The reason as the end of a sentence, such as "is writable by other users".
        public var description: String {
            switch self {
            case .symbolicLink: "is a symbolic link"
            case .notDirectory: "is not a directory"
            case .notOwned: "is not owned by you"
            case .writableByOthers: "is writable by other users"
            }
        }
    }

    /// Why ``directory`` is not used, or `nil` when it is used (or does not exist yet: it is
    /// created, private, on the first store). Checked without following a symbolic link.
    ///
    /// The storage checks its directory again before every operation; this is for a front
    /// end that tells its user once that nothing will be cached.
    public var refusal: Refusal? {
        var info = stat()
        guard lstat(directory.path, &info) == 0 else { return nil }
        return Self.refusal(of: info)
    }

    /// Why a directory with `info` (from `lstat` or `fstat`) is not trusted, if it is not.
    private static func refusal(of info: stat) -> Refusal? {
        let type = info.st_mode & S_IFMT
        if type == S_IFLNK { return .symbolicLink }
        guard type == S_IFDIR else { return .notDirectory }
        guard info.st_uid == geteuid() else { return .notOwned }
        guard info.st_mode & 0o022 == 0 else { return .writableByOthers }
        return nil
    }

    /// How many entry files the directory holds.
    public var count: Int {
        lock.withLock {
            withDirectory { descriptor in
                ownFiles(in: descriptor).filter { !$0.isTemporary }.count
            } ?? 0
        }
    }

    /// The entry in `key`'s file, or `nil` when there is none or it is unreadable, too large,
    /// foreign or not trusted.
    ///
    /// - Parameter key: The request's identity.
    /// - Returns: The entry, or `nil`.
    public func entry(forKey key: String) -> ResponseCacheEntry? {
        let name = fileName(forKey: key)
        let read = lock.withLock {
            withDirectory { descriptor -> Data? in
                switch Self.readEntry(named: name, in: descriptor) {
                case .contents(let data):
                    return data
                case .tooLarge:
                    _ = unlinkat(descriptor, name, 0)
                    return nil
                case .unusable:
                    return nil
                }
            } ?? nil
        }
        guard let data = read else { return nil }
        let decoder = JSONDecoder()
        decoder.userInfo[ResponseEntity.hitLimitKey] = Self.maximumHitsPerEntry
        guard let file = try? decoder.decode(CacheFile.self, from: data),
            file.format == Self.format, file.key == key, file.storedAt.isFinite
        else { return nil }
        return ResponseCacheEntry(
            value: ResponseEntity(
                totalCount: file.page.totalCount, images: file.page.images,
                skippedHits: file.page.skippedHits, excessHits: file.page.excessHits),
            storedAt: Date(timeIntervalSince1970: file.storedAt))
    }

    /// Writes `entry` to `key`'s file atomically, then trims the directory to `limit`
    /// entries and ``maximumBytes``. An entry whose file would be larger than
    /// ``maximumEntrySize`` (it would never be read back) is not written.
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
        guard let data = try? JSONEncoder().encode(file), data.count <= Self.maximumEntrySize
        else { return }
        let name = fileName(forKey: key)
        lock.withLock {
            createDirectory()
            _ = withDirectory { descriptor in
                narrow(descriptor)
                guard Self.write(data, named: name, in: descriptor) else { return }
                trim(descriptor, keepingAtMost: max(1, limit), expiredBefore: cutoff, keeping: name)
            }
        }
    }

    /// Deletes `key`'s file.
    ///
    /// - Parameter key: The request's identity.
    public func removeEntry(forKey key: String) {
        let name = fileName(forKey: key)
        lock.withLock { _ = withDirectory { unlinkat($0, name, 0) } }
    }

    /// Deletes every entry file (other files in the directory are left alone).
    public func removeAll() {
        lock.withLock {
            _ = withDirectory { descriptor in
                for file in ownFiles(in: descriptor) { _ = unlinkat(descriptor, file.name, 0) }
            }
        }
    }

    /// The file of `key`: `page-` and a 128-bit FNV-1a hash of the key in hex.
    func fileURL(forKey key: String) -> URL {
        directory.appendingPathComponent(fileName(forKey: key))
    }

    /// The name of `key`'s file in ``directory``.
    private func fileName(forKey key: String) -> String {
        let bytes = Array(key.utf8)
        return String(
            format: "page-%016llx%016llx.json", Self.fnv1a(bytes, seed: 0),
            Self.fnv1a(bytes, seed: 0x9E37_79B9_7F4A_7C15))
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

    // MARK: The directory

    /// Creates ``directory`` (0700) and its missing parents (0700); an existing one is left
    /// as it is, for ``withDirectory(_:)`` to judge. Under `lock`.
    private func createDirectory() {
        let parent = directory.deletingLastPathComponent()
        try? FileManager.default.createDirectory(
            at: parent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        _ = mkdir(directory.path, 0o700)
    }

    /// Runs `body` with ``directory`` open, or returns `nil` when it is missing or not
    /// trusted (see ``Refusal``). The directory is opened without following a symbolic link
    /// and checked through its descriptor, and `body` reaches its files only through that
    /// descriptor, so a path swapped after the check reaches nothing else. Under `lock`.
    private func withDirectory<Result>(_ body: (Int32) -> Result) -> Result? {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Self.refusal(of: info) == nil else { return nil }
        return body(descriptor)
    }

    /// Narrows the open directory to 0700, and its entry files to 0600, when others may read
    /// or search it. Each file is changed through its own descriptor, opened without
    /// following a link, and only when it is a regular file with no other name. Under `lock`.
    private func narrow(_ descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & 0o077 != 0 else { return }
        guard fchmod(descriptor, 0o700) == 0 else { return }
        for file in ownFiles(in: descriptor) {
            let opened = openat(
                descriptor, file.name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
            guard opened >= 0 else { continue }
            var fileInfo = stat()
            if fstat(opened, &fileInfo) == 0, fileInfo.st_mode & S_IFMT == S_IFREG,
                fileInfo.st_nlink == 1, fileInfo.st_uid == geteuid()
            {
                _ = fchmod(opened, 0o600)
            }
            close(opened)
        }
    }

    // MARK: Files

    /// What reading an entry file gave.
    private enum ReadOutcome {
        case contents(Data)
        /// A regular file of this user's, larger than ``maximumEntrySize``.
        case tooLarge
        /// Missing, a link, not a regular file, someone else's, writable by others,
        /// unreadable.
        case unusable
    }

    /// The contents of the entry file `name` in the open directory: opened without following
    /// a link, checked to be a regular file of this user's that no one else may write, and
    /// read up to ``maximumEntrySize`` bytes, never more. Under `lock`.
    private static func readEntry(named name: String, in directory: Int32) -> ReadOutcome {
        let descriptor = openat(
            directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return .unusable }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            info.st_uid == geteuid(), info.st_mode & 0o022 == 0
        else { return .unusable }
        guard info.st_size <= maximumEntrySize else { return .tooLarge }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while data.count <= maximumEntrySize {
            let room = min(chunk.count, maximumEntrySize + 1 - data.count)
            let count = chunk.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress, room)
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .unusable }
            if count == 0 { return .contents(data) }
            data.append(contentsOf: chunk[0..<count])
        }
        // The file grew past the bound while it was read.
        return .tooLarge
    }

    /// Writes `data` to a new temporary file (0600) in the open directory and renames it to
    /// `name`. Under `lock`.
    private static func write(_ data: Data, named name: String, in directory: Int32) -> Bool {
        let temporary = ".page-\(UInt64.random(in: 0...UInt64.max)).tmp"
        let descriptor = openat(
            directory, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
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
        guard complete, closed, renameat(directory, temporary, directory, name) == 0 else {
            _ = unlinkat(directory, temporary, 0)
            return false
        }
        return true
    }

    private struct OwnFile {
        let name: String
        let size: Int
        let modified: Date
        /// A temporary file (this storage's, or one of Foundation's atomic writes).
        let isTemporary: Bool
    }

    /// How old a temporary file must be to count as left by a killed writer: a minute.
    static let staleTemporaryAge: TimeInterval = 60

    /// This storage's files in the open directory (`page-*.json`, and temporary files;
    /// regular files only, never followed), with sizes and dates. Under `lock`.
    private func ownFiles(in descriptor: Int32) -> [OwnFile] {
        Self.names(in: descriptor).compactMap { name in
            let isEntry = name.hasPrefix("page-") && name.hasSuffix(".json")
            let isTemporary =
                (name.hasPrefix(".page-") && name.hasSuffix(".tmp"))
                || name.hasPrefix(".dat.nosync")
            var info = stat()
            guard isEntry || isTemporary,
                fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0,
                info.st_mode & S_IFMT == S_IFREG
            else { return nil }
            return OwnFile(
                name: name, size: max(0, Int(info.st_size)), modified: Self.modified(info),
                isTemporary: isTemporary)
        }
    }

    /// The names in the open directory (without `.` and `..`).
    private static func names(in descriptor: Int32) -> [String] {
        // `fdopendir` takes over the descriptor it is given: give it a copy.
        let copy = dup(descriptor)
        guard copy >= 0 else { return [] }
        guard let stream = fdopendir(copy) else {
            close(copy)
            return []
        }
        defer { closedir(stream) }
        // The copy shares the original's position: start from the beginning.
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// The modification date in `info`.
    private static func modified(_ info: stat) -> Date {
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return Date(
            timeIntervalSince1970: TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1e9)
    }

    /// Deletes expired, then oldest files while over the bounds; never `kept`. Under `lock`.
    private func trim(
        _ descriptor: Int32, keepingAtMost limit: Int, expiredBefore cutoff: Date,
        keeping kept: String
    ) {
        let stale = Date().addingTimeInterval(-Self.staleTemporaryAge)
        var all: [OwnFile] = []
        for file in ownFiles(in: descriptor) {
            if file.isTemporary && file.modified < stale {
                _ = unlinkat(descriptor, file.name, 0)
            } else {
                all.append(file)
            }
        }
        // A writer's fresh temporary file counts towards the bytes, not the entries.
        var count = all.filter { !$0.isTemporary }.count
        var bytes = all.reduce(0) { $0 &+ $1.size }
        guard count > limit || bytes > maximumBytes else { return }
        let candidates = all.filter { $0.name != kept }
            .sorted { left, right in
                let (leftExpired, rightExpired) = (left.modified < cutoff, right.modified < cutoff)
                if leftExpired != rightExpired { return leftExpired }
                return left.modified < right.modified
            }
        for file in candidates {
            guard count > limit || bytes > maximumBytes else { return }
            _ = unlinkat(descriptor, file.name, 0)
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

    /// Decodes `totalHits` and `hits` as a page from the network is decoded (the hit limit
    /// in the decoder's `userInfo`, malformed hits skipped, texts bounded), and adds the
    /// counts stored with them.
    init(from decoder: any Decoder) throws {
        let page = try ResponseEntity(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalCount = page.totalCount
        images = page.images
        let storedSkipped = max(0, try container.decode(Int.self, forKey: .skippedHits))
        // Absent from files written before 0.3.
        let storedExcess = max(
            0, try container.decodeIfPresent(Int.self, forKey: .excessHits) ?? 0)
        skippedHits = Self.saturatingSum(storedSkipped, page.skippedHits)
        excessHits = Self.saturatingSum(storedExcess, page.excessHits)
    }

    /// `left + right`, or `Int.max` when that overflows.
    private static func saturatingSum(_ left: Int, _ right: Int) -> Int {
        let (sum, overflow) = left.addingReportingOverflow(right)
        return overflow ? Int.max : sum
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
