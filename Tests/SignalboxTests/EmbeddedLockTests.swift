import Foundation
import Synchronization
import Testing

@testable import Signalbox

/// An object guarding a counter with the lock it stores.
private final class Guarded: @unchecked Sendable {
    // Safety: `count` is only touched while `lock` is held.
    let lock = EmbeddedLock()
    var count = 0

    func increment() {
        lock.withLock { count += 1 }
    }

    var value: Int { lock.withLock { count } }
}

@Suite("EmbeddedLock: mutual exclusion without a lock object of its own")
struct EmbeddedLockTests {
    @Test("4 threads × 20,000 increments under one lock lose none")
    func oneLock() {
        let guarded = Guarded()
        let finished = finishes(within: 30) {
            concurrently(threads: 4) { _ in
                for _ in 0..<20_000 { guarded.increment() }
            }
        }
        #expect(finished)
        #expect(guarded.value == 80_000)
    }

    @Test("4 threads over 200 locks that share parking slots lose no increment and no wake-up")
    func sharedSlots() {
        let locks = (0..<200).map { _ in Guarded() }
        let finished = finishes(within: 30) {
            concurrently(threads: 4) { thread in
                for round in 0..<50 {
                    for index in locks.indices {
                        locks[(index &* 7 &+ round &+ thread) % locks.count].increment()
                    }
                }
            }
        }
        #expect(finished)
        #expect(locks.allSatisfy { $0.value == 4 * 50 })
    }

    @Test("a thread asleep on a held lock takes it once the holder lets go")
    func sleeperWakes() {
        let guarded = Guarded()
        guarded.lock.lock()
        let done = DispatchSemaphore(value: 0)
        let waiter = Thread {
            guarded.increment()
            done.signal()
        }
        waiter.start()
        // The waiter marks the lock contended just before it goes to sleep.
        let deadline = Date().addingTimeInterval(10)
        while guarded.lock.state.load(ordering: .acquiring) != 2, Date() < deadline {}
        #expect(guarded.lock.state.load(ordering: .acquiring) == 2)
        guarded.count = 41
        guarded.lock.unlock()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(guarded.value == 42)
    }
}
