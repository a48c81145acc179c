import Foundation
import Signalbox

/// Search results kept in memory, so a repeated request is answered without the network.
///
/// Why: Pixabay asks clients to cache results for 24 hours, and a user who goes back to an
/// earlier search should not wait (nor spend rate-limit budget) for the same page again.
///
/// Contract:
/// - An entry is served for ``timeToLive`` seconds after it was stored (24 hours by default),
///   measured on the ``clock`` scheduler's `currentDate`, so tests use virtual time.
/// - At most ``capacity`` entries are kept; storing one more evicts the least recently used
///   (expired entries go first).
/// - Safe to use from any thread.
public final class ResponseCache: Sendable {
    /// Pixabay's requested cache duration: 24 hours.
    public static let defaultTimeToLive: TimeInterval = 24 * 60 * 60
    /// The number of pages kept unless told otherwise.
    public static let defaultCapacity = 200

    /// Seconds an entry stays valid.
    public let timeToLive: TimeInterval
    /// The largest number of entries kept.
    public let capacity: Int
    /// The scheduler whose clock dates the entries.
    public let clock: any DateScheduler

    private struct Entry {
        let value: ResponseEntity
        let storedAt: Date
        var lastUse: UInt64
    }

    private let state = Protected<(entries: [String: Entry], uses: UInt64)>(([:], 0))

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - timeToLive: Seconds an entry stays valid (default 24 hours); 0 disables caching.
    ///   - capacity: The largest number of entries (default 200); 0 disables caching.
    ///   - clock: The source of the current date (default: the wall clock).
    public init(
        timeToLive: TimeInterval = ResponseCache.defaultTimeToLive,
        capacity: Int = ResponseCache.defaultCapacity,
        clock: any DateScheduler = ImageSearch.defaultClock
    ) {
        self.timeToLive = max(0, timeToLive)
        self.capacity = max(0, capacity)
        self.clock = clock
    }

    /// How many entries are stored, expired ones included until they are next touched.
    public var count: Int { state.withValue { $0.entries.count } }

    /// The value stored for `key`, if it has not expired; marks it as recently used.
    ///
    /// - Parameter key: The request's identity, such as its URL with the query.
    /// - Returns: The cached page, or `nil`.
    public func value(forKey key: String) -> ResponseEntity? {
        let now = clock.currentDate
        return state.withValue { state in
            guard var entry = state.entries[key] else { return nil }
            guard now.timeIntervalSince(entry.storedAt) < timeToLive else {
                state.entries[key] = nil
                return nil
            }
            state.uses += 1
            entry.lastUse = state.uses
            state.entries[key] = entry
            return entry.value
        }
    }

    /// Stores `value` for `key`, evicting the least recently used entry when full.
    ///
    /// - Parameters:
    ///   - value: The page to keep.
    ///   - key: The request's identity.
    public func store(_ value: ResponseEntity, forKey key: String) {
        guard capacity > 0, timeToLive > 0 else { return }
        let now = clock.currentDate
        state.withValue { state in
            state.uses += 1
            state.entries[key] = Entry(value: value, storedAt: now, lastUse: state.uses)
            guard state.entries.count > capacity else { return }
            let timeToLive = self.timeToLive
            state.entries = state.entries.filter {
                now.timeIntervalSince($0.value.storedAt) < timeToLive
            }
            while state.entries.count > capacity,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries[oldest.key] = nil
            }
        }
    }

    /// Forgets every entry.
    public func removeAll() {
        state.withValue { $0.entries.removeAll() }
    }
}
