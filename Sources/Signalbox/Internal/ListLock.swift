import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The lock of a signal's list of observers (`SignalCore.lock`): taking and releasing it is
/// a handful of inline instructions where a `pthread_mutex_t` costs two calls and about 55
/// instructions, paid per value by every signal that is not sealed.
///
/// It may only guard critical sections that are short and never call out (to user code, to
/// another lock): `SignalCore` holds it to append, vacate or compact its list, or to take a
/// snapshot of it. On Linux it is a test-and-set lock on an `Atomic`, which waits by
/// spinning briefly, then by yielding the processor (`sched_yield`); the thread sanitizer
/// sees its acquiring and releasing operations. Why not `Synchronization.Mutex`: the
/// sanitizer does not see it on Linux. On Darwin, where yielding does not lend a waiting
/// thread's priority to the holder, it is a `Lock`.
@usableFromInline
struct ListLock: ~Copyable, @unchecked Sendable {
    #if canImport(Darwin)
        // Safety: see `Lock`.
        @usableFromInline let mutex = Lock()
    #else
        // Safety: `isLocked` is atomic; acquiring it (compare-exchange with acquiring
        // ordering) and releasing it (releasing store) order the critical sections.
        @usableFromInline let isLocked = Atomic<Bool>(false)
    #endif

    @inlinable
    init() {}

    @inlinable @inline(__always)
    func lock() {
        #if canImport(Darwin)
            mutex.lock()
        #else
            if !isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring)
                .exchanged
            {
                lockContended()
            }
        #endif
    }

    #if !canImport(Darwin)
        /// Waits for the lock: spins a little (the holder is likely to be done within a few
        /// hundred instructions), then yields the processor between tries.
        @usableFromInline
        func lockContended() {
            var attempts = 0
            while true {
                if !isLocked.load(ordering: .relaxed),
                    isLocked.compareExchange(expected: false, desired: true, ordering: .acquiring)
                        .exchanged
                {
                    return
                }
                attempts += 1
                if attempts >= 100 { sched_yield() }
            }
        }
    #endif

    @inlinable @inline(__always)
    func unlock() {
        #if canImport(Darwin)
            mutex.unlock()
        #else
            isLocked.store(false, ordering: .releasing)
        #endif
    }

    @inlinable @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
