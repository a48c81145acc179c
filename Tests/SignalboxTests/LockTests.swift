import Foundation
import Synchronization
import Testing

@testable import Signalbox

/// The package's locks (`Lock`, `LockedCell`, `OwnedLock`) on real threads: mutual exclusion
/// under contention, waiting threads woken, re-entry recognised. Each test is bounded in time
/// (a deadlock or a lost wake-up fails it instead of hanging the suite).
@Suite("Locks: one atomic word, parked waiters")
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
        let counter = Unguarded()
        let lock = Lock()
        let finished = onThreads(4) { _ in
            for _ in 0..<20_000 { lock.withLock { counter.value += 1 } }
        }
        #expect(finished)
        #expect(lock.withLock { counter.value } == 80_000)
    }

    @Test("a LockedCell excludes: 4 threads × 20,000 read-modify-writes lose none")
    func cellExcludes() {
        let cell = CellBox(LockedCell.make([Int]()))
        let finished = onThreads(4) { thread in
            for step in 0..<20_000 { cell.cell.withLock { $0.append(thread &* 100_000 &+ step) } }
        }
        #expect(finished)
        let values = cell.cell.value
        #expect(values.count == 80_000)
        // Each thread's own appends stay in its order.
        for thread in 0..<4 {
            let own = values.filter { $0 / 100_000 == thread }
            let inOrder = own == Array((0..<20_000).map { thread * 100_000 + $0 })
            #expect(inOrder, "thread \(thread)'s appends out of order or missing")
        }
    }

    @Test("a thread waiting for a long-held lock is woken when it is released")
    func waiterIsWoken() {
        let lock = Lock()
        let order = Protected([String]())
        lock.lock()
        let group = DispatchGroup()
        group.enter()
        Thread {
            lock.lock()
            order.withValue { $0.append("waiter") }
            lock.unlock()
            group.leave()
        }.start()
        // Wait (bounded) until the waiter has marked the word "held, threads parked" (2):
        // from then on only the release below can let it through.
        let deadline = Date().addingTimeInterval(10)
        while lock.storage.word.load(ordering: .relaxed) != 2, Date() < deadline {
            _ = sched_yield()
        }
        #expect(lock.storage.word.load(ordering: .relaxed) == 2)
        order.withValue { $0.append("holder") }
        lock.unlock()
        #expect(group.wait(timeout: .now() + 10) == .success)
        #expect(order.value == ["holder", "waiter"])
    }

    @Test("200 locks sharing 64 parking buckets, 4 threads taking them in random order")
    func sharedBuckets() {
        let locks = (0..<200).map { _ in Lock() }
        let counters = (0..<200).map { _ in Unguarded() }
        let finished = onThreads(4) { thread in
            var generator = SplitMix(seed: UInt64(thread) &+ 1)
            for _ in 0..<10_000 {
                let index = Int(generator.next() % 200)
                locks[index].withLock { counters[index].value += 1 }
            }
        }
        #expect(finished)
        let total = zip(locks, counters).reduce(0) { sum, pair in
            sum + pair.0.withLock { pair.1.value }
        }
        #expect(total == 40_000)
    }

    @Test("tryLock fails while any thread holds the lock, and succeeds once it is free")
    func tryLock() {
        let lock = Lock()
        #expect(lock.tryLock())
        #expect(!lock.tryLock())
        let elsewhere = Protected(true)
        #expect(onThreads(1) { _ in elsewhere.withValue { $0 = lock.tryLock() } })
        #expect(elsewhere.value == false)
        lock.unlock()
        #expect(lock.tryLock())
        lock.unlock()
    }

    @Test("an OwnedLock tells its holder it already holds it, and makes other threads wait")
    func ownedLock() {
        let owned = OwnedBox()
        let first = owned.lock.lockUnlessHeldByCurrentThread()
        let again = owned.lock.lockUnlessHeldByCurrentThread()
        #expect(first)
        #expect(!again)
        let taken = Protected(false)
        let group = DispatchGroup()
        group.enter()
        Thread {
            taken.withValue { $0 = owned.lock.lockUnlessHeldByCurrentThread() }
            owned.lock.unlock()
            group.leave()
        }.start()
        owned.lock.unlock()
        #expect(group.wait(timeout: .now() + 10) == .success)
        #expect(taken.value)
        let free = owned.lock.tryLock()
        #expect(free)
        owned.lock.unlock()
    }

    @Test("OwnedLocks under contention: 4 threads × 10,000, re-entry refused every time")
    func ownedLockContended() {
        let owned = OwnedBox()
        let counter = Unguarded()
        let refused = Protected(0)
        let finished = onThreads(4) { _ in
            for _ in 0..<10_000 {
                guard owned.lock.lockUnlessHeldByCurrentThread() else { continue }
                counter.value += 1
                if !owned.lock.lockUnlessHeldByCurrentThread() {
                    refused.withValue { $0 += 1 }
                }
                owned.lock.unlock()
            }
        }
        #expect(finished)
        #expect(counter.value == 40_000)
        #expect(refused.value == 40_000)
    }
}

/// A counter with no synchronisation of its own: only the lock under test guards it.
private final class Unguarded: @unchecked Sendable {
    // Safety: every access is made with the lock under test held (that is what is tested).
    var value = 0
}

private struct CellBox<Value>: @unchecked Sendable {
    // Safety: the cell is only used through `withLock`, under its own lock.
    let cell: LockedCell<Value>
    init(_ cell: LockedCell<Value>) { self.cell = cell }
}

private final class OwnedBox: Sendable {
    let lock = OwnedLock()
}
