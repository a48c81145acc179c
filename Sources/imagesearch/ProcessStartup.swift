import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the process does before anything else: the standard streams, and the platform's
/// caches that would write to disk.
enum ProcessStartup {
    /// Makes sure that a crash while the process holds an API key writes the key nowhere: no
    /// core file (the size limit for cores is 0, and on Linux the process is not dumpable,
    /// which also covers a `core_pattern` that pipes to a program and other processes of
    /// the user reading its memory), and no backtrace with memory (the crash handlers
    /// replace the runtime's backtracer unless `SWIFT_BACKTRACE` asks for it).
    static func protectSecrets(environment: [String: String]) {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        #if os(Linux)
            _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        #else
            // NOT COMPILED on the Linux machines this package is developed on.
            _ = setrlimit(RLIMIT_CORE, &none)
        #endif
        #if os(Linux)
            // `prctl` is variadic in C, which Swift does not import; its arguments are plain
            // integers in registers, so the symbol is called with a fixed signature.
            typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
            if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "prctl") {
                let prctl = unsafeBitCast(symbol, to: Prctl.self)
                let setDumpable: Int32 = 4  // PR_SET_DUMPABLE
                _ = prctl(setDumpable, 0, 0, 0, 0)
            }
        #endif
        CrashHandlers.install(environment: environment)
    }

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
