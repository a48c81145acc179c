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
/// Eviction order: expired entries, then the least recently used.
public final class MemoryResponseStorage: ResponseCacheStorage {
    private struct Slot {
        let entry: ResponseCacheEntry
        var lastUse: UInt64
    }

    private let state = Atomic<(slots: [String: Slot], uses: UInt64)>(([:], 0))

    /// Creates an empty storage.
    public init() {}

    /// How many entries are stored.
    public var count: Int { state.withValue { $0.slots.count } }

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

    /// Stores `entry`, then evicts expired, then least recently used entries over `limit`.
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
        state.modify { state in
            state.uses &+= 1
            state.slots[key] = Slot(entry: entry, lastUse: state.uses)
            guard state.slots.count > limit else { return }
            state.slots = state.slots.filter { $0.value.entry.storedAt > cutoff }
            while state.slots.count > max(1, limit),
                let oldest = state.slots.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.slots[oldest.key] = nil
            }
        }
    }

    /// Removes the entry for `key`.
    ///
    /// - Parameter key: The request's identity.
    public func removeEntry(forKey key: String) {
        state.modify { $0.slots[key] = nil }
    }

    /// Removes every entry.
    public func removeAll() {
        state.modify { $0.slots.removeAll() }
    }
}
