import Foundation
import Signalbox

/// Search results kept for a while, so a repeated request is answered without the network.
///
/// Why: Pixabay asks clients to cache results for 24 hours, and a user who goes back to an
/// earlier search should not wait (nor spend rate-limit budget) for the same page again.
///
/// Contract (the rules are the cache's; the ``storage`` only keeps entries):
/// - An entry is served for ``timeToLive`` seconds after it was stored (24 hours by default),
///   measured on the ``clock`` scheduler's `currentDate`, so tests use virtual time. An entry
///   dated more than a minute in the future (a clock that jumped, a tampered file) counts as
///   expired. An expired entry is removed when it is next asked for.
/// - At most ``capacity`` entries are kept; storing one more evicts expired entries first,
///   then the least recently used (memory) or the oldest (disk).
/// - In memory, entries are also bounded in bytes: a ``MemoryResponseStorage`` keeps at most
///   its ``MemoryResponseStorage/maximumBytes`` (32 MiB by default) of estimated entry size,
///   evicting the same way, so 200 pages at Pixabay's largest (200 hits, every text at its
///   cap) cannot hold a gigabyte.
/// - Where entries live is the ``storage``: ``MemoryResponseStorage`` (the default, for the
///   life of the process) or ``DiskResponseStorage`` (across runs).
/// - Safe to use from any thread.
public final class ResponseCache: Sendable {
    /// Pixabay's requested cache duration: 24 hours.
    public static let defaultTimeToLive: TimeInterval = 24 * 60 * 60
    /// The number of pages kept unless told otherwise.
    public static let defaultCapacity = 200
    /// How far in the future an entry's date may be before it counts as expired: a minute.
    static let clockTolerance: TimeInterval = 60

    /// Seconds an entry stays valid.
    public let timeToLive: TimeInterval
    /// The largest number of entries kept.
    public let capacity: Int
    /// The scheduler whose clock dates the entries.
    public let clock: any DateScheduler
    /// Where the entries are kept.
    public let storage: any ResponseCacheStorage

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - timeToLive: Seconds an entry stays valid (default 24 hours); 0 (or NaN) disables
    ///     caching.
    ///   - capacity: The largest number of entries (default 200); 0 disables caching.
    ///   - clock: The source of the current date (default: the wall clock).
    ///   - storage: Where entries are kept (default: a new, empty ``MemoryResponseStorage``).
    public init(
        timeToLive: TimeInterval = ResponseCache.defaultTimeToLive,
        capacity: Int = ResponseCache.defaultCapacity,
        clock: any DateScheduler = ImageSearch.defaultClock,
        storage: any ResponseCacheStorage = MemoryResponseStorage()
    ) {
        self.timeToLive = timeToLive.isNaN ? 0 : max(0, timeToLive)
        self.capacity = max(0, capacity)
        self.clock = clock
        self.storage = storage
    }

    /// How many entries are stored, expired ones included until they are next touched.
    public var count: Int { storage.count }

    /// The value stored for `key`, if it has not expired; marks it as recently used.
    ///
    /// - Parameter key: The request's identity, such as its URL with the query (never
    ///   containing a secret: a disk storage writes it into its file).
    /// - Returns: The cached page, or `nil`.
    public func value(forKey key: String) -> ResponseEntity? {
        guard let entry = storage.entry(forKey: key) else { return nil }
        guard isFresh(entry, now: clock.currentDate) else {
            storage.removeEntry(forKey: key)
            return nil
        }
        return entry.value
    }

    /// Stores `value` for `key`, evicting entries when more than ``capacity`` are stored.
    ///
    /// - Parameters:
    ///   - value: The page to keep.
    ///   - key: The request's identity.
    public func store(_ value: ResponseEntity, forKey key: String) {
        guard capacity > 0, timeToLive > 0 else { return }
        let now = clock.currentDate
        storage.store(
            ResponseCacheEntry(value: value, storedAt: now), forKey: key,
            keepingAtMost: capacity, expiredBefore: now.addingTimeInterval(-timeToLive))
    }

    /// Forgets every entry.
    public func removeAll() {
        storage.removeAll()
    }

    private func isFresh(_ entry: ResponseCacheEntry, now: Date) -> Bool {
        let age = now.timeIntervalSince(entry.storedAt)
        return age >= -Self.clockTolerance && age < timeToLive
    }
}

/// One cached page and when it was stored.
public struct ResponseCacheEntry: Equatable, Sendable {
    /// The page.
    public let value: ResponseEntity
    /// When it was stored, on the cache's clock.
    public let storedAt: Date

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - value: The page.
    ///   - storedAt: When it was stored.
    public init(value: ResponseEntity, storedAt: Date) {
        self.value = value
        self.storedAt = storedAt
    }
}

/// Where a ``ResponseCache`` keeps its entries: the cache decides what is fresh and how many
/// to keep; a storage only stores, finds and evicts.
///
/// Conformers must be safe to call from any thread, and must never fail loudly: an entry
/// that cannot be read (a corrupt or foreign file) is simply not found, and one that cannot
/// be written is simply not stored.
public protocol ResponseCacheStorage: Sendable {
    /// How many entries are stored.
    var count: Int { get }

    /// The entry stored for `key` (marking it as recently used, where that is tracked), or
    /// `nil` when there is none or it cannot be read.
    ///
    /// - Parameter key: The request's identity.
    /// - Returns: The entry, or `nil`.
    func entry(forKey key: String) -> ResponseCacheEntry?

    /// Stores `entry` for `key`, replacing any; then, while more than `limit` entries are
    /// stored, evicts those stored before `cutoff` first, then the least recently used (or
    /// oldest) ones.
    ///
    /// - Parameters:
    ///   - entry: The entry to keep.
    ///   - key: The request's identity.
    ///   - limit: The number of entries to keep at most (at least 1).
    ///   - cutoff: Entries stored before this date have expired.
    func store(
        _ entry: ResponseCacheEntry, forKey key: String, keepingAtMost limit: Int,
        expiredBefore cutoff: Date)

    /// Removes the entry for `key`, if any.
    ///
    /// - Parameter key: The request's identity.
    func removeEntry(forKey key: String)

    /// Removes every entry.
    func removeAll()
}

/// A ``ResponseCacheStorage`` in memory, for the life of the process: the default.
///
/// Bounded twice: by the number of entries the cache asks for, and by ``maximumBytes`` of
/// estimated size (``estimatedByteCount(of:forKey:)``: the UTF-8 bytes of the key and of
/// every text of the page, plus a fixed overhead per image, text and tag). An entry larger
/// than the whole budget is not stored (and replaces nothing: the key's older entry is
/// removed).
///
/// Eviction order: expired entries, then the least recently used.
public final class MemoryResponseStorage: ResponseCacheStorage {
    /// The byte budget unless told otherwise: 32 MiB, about 1,500 pages of 20 typical hits,
    /// or 6 pages of 200 hits with every text at its cap.
    public static let defaultMaximumBytes = 32 * 1024 * 1024

    private struct Slot {
        let entry: ResponseCacheEntry
        let bytes: Int
        var lastUse: UInt64
    }

    private struct State {
        var slots: [String: Slot] = [:]
        var uses: UInt64 = 0
        /// The sum of the slots' `bytes`.
        var bytes = 0

        mutating func remove(_ key: String) {
            guard let slot = slots.removeValue(forKey: key) else { return }
            bytes -= slot.bytes
        }
    }

    private let state = Atomic(State())

    /// The most bytes of estimated entry size kept (at least 0; 0 keeps nothing).
    public let maximumBytes: Int

    /// Creates an empty storage with the default budget, ``defaultMaximumBytes``.
    public convenience init() {
        self.init(maximumBytes: Self.defaultMaximumBytes)
    }

    /// Creates an empty storage.
    ///
    /// - Parameter maximumBytes: The byte budget; a negative value is taken as 0, which
    ///   keeps nothing.
    public init(maximumBytes: Int) {
        self.maximumBytes = max(0, maximumBytes)
    }

    /// How many entries are stored.
    public var count: Int { state.withValue { $0.slots.count } }

    /// The estimated size of the entries stored, in bytes (at most ``maximumBytes``).
    public var byteCount: Int { state.withValue { $0.bytes } }

    /// The entry for `key`, marked as the most recently used.
    ///
    /// - Parameter key: The request's identity.
    /// - Returns: The entry, or `nil`.
    public func entry(forKey key: String) -> ResponseCacheEntry? {
        state.modify { state in
            guard var slot = state.slots[key] else { return nil }
            state.uses &+= 1
            slot.lastUse = state.uses
            state.slots[key] = slot
            return slot.entry
        }
    }

    /// Stores `entry`, then evicts expired, then least recently used entries while more than
    /// `limit` are stored or they take more than ``maximumBytes``.
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
        let bytes = Self.estimatedByteCount(of: entry.value, forKey: key)
        let budget = maximumBytes
        state.modify { state in
            state.remove(key)
            guard bytes <= budget else { return }
            state.uses &+= 1
            state.slots[key] = Slot(entry: entry, bytes: bytes, lastUse: state.uses)
            state.bytes += bytes
            let limit = max(1, limit)
            guard state.slots.count > limit || state.bytes > budget else { return }
            for (key, slot) in state.slots where slot.entry.storedAt <= cutoff {
                state.remove(key)
            }
            while state.slots.count > limit || state.bytes > budget,
                let oldest = state.slots.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.remove(oldest.key)
            }
        }
    }

    /// Removes the entry for `key`.
    ///
    /// - Parameter key: The request's identity.
    public func removeEntry(forKey key: String) {
        state.modify { $0.remove(key) }
    }

    /// Removes every entry.
    public func removeAll() {
        state.modify { $0 = State(uses: $0.uses) }
    }

    /// What an entry is counted as against ``maximumBytes``: an estimate of the memory it
    /// holds, from the lengths of its texts rather than by measuring the heap.
    ///
    /// The UTF-8 bytes of `key` and of every address, user name and tag of the page, plus
    /// ``textOverhead`` per text, ``imageOverhead`` per image and ``entryOverhead`` per
    /// entry. It errs on the large side (a short text stored inline costs no allocation).
    ///
    /// - Parameters:
    ///   - page: The page to keep.
    ///   - key: Its key.
    /// - Returns: The estimate, in bytes (at least ``entryOverhead``).
    public static func estimatedByteCount(of page: ResponseEntity, forKey key: String) -> Int {
        var total = entryOverhead + text(key)
        for image in page.images {
            total += imageOverhead + text(image.pageURL) + text(image.previewURL)
            total += text(image.imageURL) + text(image.username)
            for tag in image.tags { total += text(tag) }
        }
        return total
    }

    /// Counted per entry beyond its texts: the slot, the dictionary's share, the page's
    /// array header. 256 bytes.
    public static let entryOverhead = 256
    /// Counted per image beyond its texts: the entity's fields and the tag array's header.
    /// 192 bytes.
    public static let imageOverhead = 192
    /// Counted per text beyond its UTF-8 bytes: a string's heap header and its slot. 48
    /// bytes.
    public static let textOverhead = 48

    private static func text(_ text: String) -> Int {
        textOverhead + text.utf8.count
    }
}
