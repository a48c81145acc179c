import Foundation
import SignalboxAtomic
import SignalboxLocks
import Synchronization
import TestThreads
import Testing

@testable import Signalbox

/// The concurrency toolkit's lock (`Lock`, in `SignalboxLocks`), the locked-value box built
/// on it (`Atomic`) and the core's `OwnedLock`, on real threads: mutual exclusion under
/// contention, waiting threads woken, re-entry recognised. Each test is bounded in time (a
/// deadlock or a lost wake-up fails it instead of hanging the suite).
@Suite("Locks: one lock, one box, parked waiters", .ownThreads)
struct LockTests {
    /// Runs `body(thread)` on `threads` real threads at once; `false` if they did not all
    /// finish within `seconds`.
    private func onThreads(
        _ threads: Int, within seconds: Double = 20, _ body: @escaping @Sendable (Int) -> Void
    ) -> Bool {
        let group = DispatchGroup()
        for index in 0..<threads {
            group.enter()
            let thread = Thread {
                body(index)
                group.leave()
            }
            thread.start()
        }
        return group.wait(timeout: .now() + seconds) == .success
    }

    @Test("a Lock excludes: 4 threads × 20,000 unguarded increments inside it lose none")
    func lockExcludes() {
        let guarded = Guarded()
        let finished = onThreads(4) { _ in
            for _ in 0..<20_000 { guarded.increment() }
        }
        #expect(finished)
        #expect(guarded.value == 80_000)
    }

    @Test("an Atomic box excludes: 4 threads × 20,000 read-modify-writes lose none")
    func boxExcludes() {
        let box = LockedBox([Int]())
        let finished = onThreads(4) { thread in
            for step in 0..<20_000 { box.modify { $0.append(thread &* 100_000 &+ step) } }
        }
        #expect(finished)
        let values = box.value
        #expect(values.count == 80_000)
        // Each thread's own appends stay in its order.
        for thread in 0..<4 {
            let own = values.filter { $0 / 100_000 == thread }
            let inOrder = own == Array((0..<20_000).map { thread * 100_000 + $0 })
            #expect(inOrder, "thread \(thread)'s appends out of order or missing")
        }
    }

    #if !canImport(Darwin)
        // The word's values are the platform's on Darwin (an `os_unfair_lock`), so this test
        // of the parking protocol, which watches the word, runs elsewhere only.
        @Test("a thread parked on a long-held lock takes it once the holder lets go")
        func waiterIsWoken() {
            let guarded = Guarded()
            let order = LockedBox([String]())
            guarded.lock.lock()
            let group = DispatchGroup()
            group.enter()
            Thread {
                guarded.lock.lock()
                order.modify { $0.append("waiter") }
                guarded.count += 1
                guarded.lock.unlock()
                group.leave()
            }.start()
            // Wait (bounded) until the waiter has marked the word "held, threads parked"
            // (2): from then on only the release below can let it through.
            let deadline = Date().addingTimeInterval(10)
            while guarded.lock.word.load(ordering: .relaxed) != LockWord.parked,
                Date() < deadline
            {
                _ = sched_yield()
            }
            let word = guarded.lock.word.load(ordering: .relaxed)
            #expect(word == LockWord.parked)
            order.modify { $0.append("holder") }
            guarded.count = 41
            guarded.lock.unlock()
            #expect(group.wait(timeout: .now() + 60) == .success)
            #expect(order.value == ["holder", "waiter"])
            #expect(guarded.value == 42)
        }
    #endif

    @Test("200 locks sharing 64 parking buckets, 4 threads taking them in random order")
    func sharedBuckets() {
        let locks = (0..<200).map { _ in Guarded() }
        let finished = onThreads(4) { thread in
            var generator = SplitMix(seed: UInt64(thread) &+ 1)
            for _ in 0..<10_000 {
                locks[Int(generator.next() % 200)].increment()
            }
        }
        #expect(finished)
        #expect(locks.reduce(0) { $0 + $1.value } == 40_000)
    }

    @Test("tryLock fails while any thread holds the lock, and succeeds once it is free")
    func tryLock() {
        let guarded = Guarded()
        let first = guarded.lock.tryLock()
        let again = guarded.lock.tryLock()
        #expect(first)
        #expect(!again)
        let elsewhere = LockedBox(true)
        #expect(onThreads(1) { _ in elsewhere.value = guarded.lock.tryLock() })
        #expect(elsewhere.value == false)
        guarded.lock.unlock()
        let free = guarded.lock.tryLock()
        #expect(free)
        guarded.lock.unlock()
    }

    @Test("an OwnedLock tells its holder it already holds it, and makes other threads wait")
    func ownedLock() {
        let owned = OwnedBox()
        let first = owned.lock.lockUnlessHeldByCurrentThread()
        let again = owned.lock.lockUnlessHeldByCurrentThread()
        #expect(first)
        #expect(!again)
        let taken = LockedBox(false)
        let group = DispatchGroup()
        group.enter()
        Thread {
            taken.value = owned.lock.lockUnlessHeldByCurrentThread()
            owned.lock.unlock()
            group.leave()
        }.start()
        owned.lock.unlock()
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(taken.value)
        let free = owned.lock.tryLock()
        #expect(free)
        owned.lock.unlock()
    }

    @Test("OwnedLocks under contention: 4 threads × 10,000, re-entry refused every time")
    func ownedLockContended() {
        let owned = OwnedBox()
        let counter = Unguarded()
        let refused = LockedBox(0)
        let finished = onThreads(4) { _ in
            for _ in 0..<10_000 {
                guard owned.lock.lockUnlessHeldByCurrentThread() else { continue }
                counter.value += 1
                if !owned.lock.lockUnlessHeldByCurrentThread() {
                    refused.modify { $0 += 1 }
                }
                owned.lock.unlock()
            }
        }
        #expect(finished)
        #expect(counter.value == 40_000)
        #expect(refused.value == 40_000)
    }
}

/// An object guarding a counter with the lock it stores, as the package's classes do.
private final class Guarded: @unchecked Sendable {
    // Safety: `count` is only touched while `lock` is held.
    let lock = Lock()
    var count = 0

    func increment() {
        lock.withLock { count += 1 }
    }

    var value: Int { lock.withLock { count } }
}

/// A counter with no synchronisation of its own: only the lock under test guards it.
private final class Unguarded: @unchecked Sendable {
    // Safety: every access is made with the lock under test held (that is what is tested).
    var value = 0
}

private final class OwnedBox: Sendable {
    let lock = OwnedLock()
}
