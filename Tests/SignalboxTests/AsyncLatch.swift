import Foundation
import SignalboxLocks

/// A one-shot gate for async tests: `wait()` suspends until `open()` was called (or
/// returns at once if it already was). Lets a test wait for "the task got this far"
/// without sleeping.
final class AsyncLatch: @unchecked Sendable {
    // Safety: `isOpen` and `waiters` are only touched while holding `lock`.
    private let lock = Lock()
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init() {}

    func open() {
        lock.lock()
        isOpen = true
        let waiting = waiters
        waiters = []
        lock.unlock()
        for waiter in waiting { waiter.resume() }
    }

    var opened: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isOpen
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            lock.lock()
            if isOpen {
                lock.unlock()
                continuation.resume()
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }
}
