import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the process does before anything else: the standard streams, and the platform's
/// caches that would write to disk.
enum ProcessStartup {
    /// Reserves the standard descriptors (see ``StandardStreams/reserveDescriptors()``) and,
    /// on Linux, gives FoundationNetworking a shared URL cache that stores nothing: creating
    /// any `URLSessionConfiguration` reads `URLCache.shared`, whose default creates
    /// `$XDG_CACHE_HOME/org.swift.foundation.URLCache/…`, even with `--no-cache`. (The tool
    /// has its own cache; the session is given none.)
    static func run() {
        StandardStreams.reserveDescriptors()
        #if canImport(FoundationNetworking)
            // A path that cannot be a directory: the cache keeps no folder at all.
            URLCache.shared = URLCache(memoryCapacity: 0, diskCapacity: 0, diskPath: "/dev/null")
        #endif
    }
}
