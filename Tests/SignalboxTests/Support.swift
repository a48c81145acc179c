import Foundation
import Signalbox
import SignalboxLocks

/// The error used by tests.
enum TestError: Error, Equatable, Sendable {
    case boom
    case other
}

/// A thread-safe list for recording what callbacks received.
final class Recorded<Element>: @unchecked Sendable {
    // Safety: `storage` is only touched while holding `lock`.
    private let lock = Lock()
    private var storage: [Element] = []

    init() {}

    func append(_ element: Element) {
        lock.lock()
        storage.append(element)
        lock.unlock()
    }

    var items: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    var count: Int { items.count }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    // Safety: `value` is only touched while holding `lock`.
    private let lock = Lock()
    private var count = 0

    init() {}

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// Runs `body` on `threads` threads at once and waits for all of them.
///
/// Threads of their own, released together: `DispatchQueue.concurrentPerform` runs its
/// iterations one after another on a busy pool, and a test of what two threads do at once
/// then tests something else (seen under the thread sanitizer with the machine loaded).
func concurrently(threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    JoinedSourcesContractTests.onThreads(threads, body)
}

/// An object whose deallocation tests can watch through a weak reference.
final class Token {}

/// A seeded generator (SplitMix64), so that "random" orders are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
