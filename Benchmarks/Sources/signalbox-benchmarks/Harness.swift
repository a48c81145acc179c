import Foundation

/// One benchmark case: a workload run by one implementation.
struct Case: Sendable {
    let impl: String
    let workload: String
    /// Runs the workload once and returns (operations performed, checksum).
    let body: @Sendable () -> (operations: Int, checksum: Int)
    /// Optionally measures bytes of memory per item (e.g. per attached observer); run once,
    /// first thing in the case's fresh process, before any timing.
    var memory: (@Sendable () -> Double)? = nil
    /// For cases that time only part of their run (S1 times the disposals, not the
    /// attaching): runs the workload once and returns the nanoseconds of the timed part.
    var timed: (@Sendable () -> (operations: Int, checksum: Int, nanoseconds: UInt64))? = nil

    init(
        impl: String, workload: String,
        body: @escaping @Sendable () -> (operations: Int, checksum: Int),
        memory: (@Sendable () -> Double)? = nil
    ) {
        self.impl = impl
        self.workload = workload
        self.body = body
        self.memory = memory
    }

    /// A case that times only part of its run (see `timed`).
    static func partlyTimed(
        impl: String, workload: String,
        timed: @escaping @Sendable () -> (operations: Int, checksum: Int, nanoseconds: UInt64),
        memory: (@Sendable () -> Double)? = nil
    ) -> Case {
        var result = Case(
            impl: impl, workload: workload,
            body: {
                let result = timed()
                return (result.operations, result.checksum)
            }, memory: memory)
        result.timed = timed
        return result
    }
}

/// Monotonic nanoseconds.
func now() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// Runs `body` once to warm up, then `repetitions` times; returns the best ns/op.
func measure(_ testCase: Case, repetitions: Int = 5) -> (nsPerOp: Double, checksum: Int) {
    if let timed = testCase.timed {
        var best = Double.infinity
        var checksum = timed().checksum
        for _ in 0..<repetitions {
            let result = timed()
            best = min(best, Double(result.nanoseconds) / Double(max(result.operations, 1)))
            checksum = result.checksum
        }
        return (best, checksum)
    }
    let warmUp = testCase.body()
    var best = Double.infinity
    var checksum = warmUp.checksum
    for _ in 0..<repetitions {
        let start = now()
        let result = testCase.body()
        let elapsed = Double(now() - start)
        best = min(best, elapsed / Double(max(result.operations, 1)))
        checksum = result.checksum
    }
    return (best, checksum)
}

/// Resident memory of this process in bytes: the `Rss:` line of `/proc/self/smaps_rollup`,
/// which the kernel computes by walking the page tables, so it is exact to the page.
/// (`/proc/self/statm` reads per-CPU counters that are folded in batches of up to 64 pages
/// per CPU: with 10,000 observers that was ±25 bytes per observer of noise, and W6 read
/// 97.9, 104.4 or 111.0 bytes for the same build.) Falls back to `statm`, then 0.
func residentBytes() -> Int {
    if let text = try? String(contentsOfFile: "/proc/self/smaps_rollup", encoding: .utf8) {
        for line in text.split(separator: "\n") where line.hasPrefix("Rss:") {
            let fields = line.split(separator: " ")
            if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
        }
    }
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
        return 0
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Bytes of resident memory per item that `attach` keeps alive: RSS before and after
/// attaching `count` items (each may return an object to keep, such as a cancellation
/// token; all are held until the second reading), divided by `count`. The array holding the
/// returned objects is allocated and touched before the first reading, so it is not counted.
func bytesPerItem(count: Int, _ attach: (Int) -> AnyObject?) -> Double {
    var kept = [AnyObject?](repeating: nil, count: count)
    // The first reading initialises what reading a file needs (about 300 KB, which was
    // counted as 30 bytes per observer of W6): read once before the reading that counts.
    _ = residentBytes()
    let before = residentBytes()
    for i in 0..<count { kept[i] = attach(i) }
    let after = residentBytes()
    withExtendedLifetime(kept) {}
    return Double(after - before) / Double(count)
}
