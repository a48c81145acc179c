import Foundation

/// One benchmark case: a workload run by one implementation.
struct Case: Sendable {
    let impl: String
    let workload: String
    /// Runs the workload once and returns (operations performed, checksum).
    let body: @Sendable () -> (operations: Int, checksum: Int)
}

/// Monotonic nanoseconds.
func now() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}

/// Runs `body` once to warm up, then `repetitions` times; returns the best ns/op.
func measure(_ testCase: Case, repetitions: Int = 5) -> (nsPerOp: Double, checksum: Int) {
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
