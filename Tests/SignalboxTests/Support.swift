import Foundation
import Signalbox

/// The error used by tests.
enum TestError: Error, Equatable, Sendable {
    case boom
    case other
}

/// A thread-safe list for recording what callbacks received.
final class Recorded<Element>: @unchecked Sendable {
    // Safety: `storage` is only touched while holding `lock`.
    private let lock = NSLock()
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
    private let lock = NSLock()
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
func concurrently(threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    DispatchQueue.concurrentPerform(iterations: threads, execute: body)
}

/// An object whose deallocation tests can watch through a weak reference.
final class Token {}
