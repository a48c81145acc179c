import Foundation

/// A value guarded by a lock: every read and write goes through `withValue`.
///
/// The model layer's shared state (the session's task table, the cache, the rate limiter,
/// a search's paging state) is small and touched briefly, so a plain lock is the simplest
/// correct tool. Never call out to user code or send events while inside `withValue`.
final class Locked<Value>: @unchecked Sendable {
    // Safety: `storage` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) {
        storage = value
    }

    func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&storage)
    }

    var value: Value {
        withValue { $0 }
    }
}
