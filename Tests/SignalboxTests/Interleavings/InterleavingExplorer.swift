/// A system of threads whose whole state is a value: each `step` is one atomic action of one
/// thread (an atomic operation, or a critical section under a lock), so that every
/// interleaving of the threads is a sequence of steps that `InterleavingExplorer` can run.
///
/// A thread that waits (for a lock held by another) reports that it cannot step; a system in
/// which no thread can step and some have not finished is deadlocked. A step that breaks a
/// rule records it in `violation`, and the exploration stops there with the interleaving
/// that led to it.
protocol InterleavedSystem: Hashable {
    var threadCount: Int { get }
    /// Whether `thread` has run its whole script.
    func isFinished(_ thread: Int) -> Bool
    /// Whether `thread` can take its next step now.
    func canStep(_ thread: Int) -> Bool
    /// Runs the next atomic step of `thread`.
    mutating func step(_ thread: Int)
    /// The first rule a step broke, if any.
    var violation: String? { get }
    /// What is wrong with a final state (every thread finished), if anything.
    func finalViolation() -> String?
}

/// What an exploration found.
struct ExplorationReport: CustomStringConvertible {
    /// Distinct states visited.
    var states = 0
    /// Complete interleavings covered (saturating at `UInt64.max`): every order of steps
    /// from the initial state to one where every thread finished.
    var interleavings: UInt64 = 0
    /// The broken rule, and the threads' steps (thread numbers, in order) that broke it.
    var failure: (message: String, trace: [Int])?

    var description: String {
        if let failure {
            return
                "\(failure.message) after the steps \(failure.trace.map(String.init).joined(separator: " "))"
        }
        return "\(states) states, \(interleavings) interleavings, no violation"
    }
}

/// Runs a system through its interleavings, as Rust's loom does for concurrent data
/// structures: deterministically, with no real threads.
///
/// `exhaust` visits every reachable state once (depth first, remembering states), which
/// covers every interleaving: the number of interleavings is counted over the graph of
/// states rather than enumerated. `sample` runs seeded random interleavings of systems too
/// large to exhaust.
enum InterleavingExplorer {
    /// Where a state stands: a rule broken, every thread done, or the threads that can step
    /// (none: a deadlock).
    enum Standing {
        case broken(String)
        case finished
        case runnable([Int])
    }

    static func standing<S: InterleavedSystem>(of state: S) -> Standing {
        if let violation = state.violation { return .broken(violation) }
        let threads = 0..<state.threadCount
        if threads.allSatisfy(state.isFinished) {
            return state.finalViolation().map(Standing.broken) ?? .finished
        }
        let runnable = threads.filter { !state.isFinished($0) && state.canStep($0) }
        return runnable.isEmpty ? .broken("deadlock: no thread can step") : .runnable(runnable)
    }

    /// Explores every interleaving of `initial`, stopping at the first violation, deadlock
    /// or cycle (a thread that can step for ever without the system finishing).
    static func exhaust<S: InterleavedSystem>(_ initial: S, stateLimit: Int = 3_000_000)
        -> ExplorationReport
    {
        var paths: [S: UInt64] = [:]
        var onPath: Set<S> = []
        var trace: [Int] = []
        var report = ExplorationReport()

        func visit(_ state: S) -> UInt64? {
            if let known = paths[state] { return known }
            guard paths.count < stateLimit else {
                report.failure = ("more than \(stateLimit) states", trace)
                return nil
            }
            let runnable: [Int]
            switch standing(of: state) {
            case .broken(let message):
                report.failure = (message, trace)
                return nil
            case .finished:
                paths[state] = 1
                return 1
            case .runnable(let threads):
                runnable = threads
            }
            if onPath.contains(state) {
                report.failure = ("cycle: the threads can step for ever", trace)
                return nil
            }
            onPath.insert(state)
            defer { onPath.remove(state) }
            var total: UInt64 = 0
            for thread in runnable {
                var next = state
                next.step(thread)
                trace.append(thread)
                guard let count = visit(next) else { return nil }
                trace.removeLast()
                let (sum, overflow) = total.addingReportingOverflow(count)
                total = overflow ? .max : sum
            }
            paths[state] = total
            return total
        }

        if let total = visit(initial) { report.interleavings = total }
        report.states = paths.count
        return report
    }

    /// Runs `walks` random interleavings of `initial` from `seed`, stopping at the first
    /// violation or deadlock; `states` counts the steps taken.
    static func sample<S: InterleavedSystem>(
        _ initial: S, walks: Int, seed: UInt64, stepLimit: Int = 100_000
    ) -> ExplorationReport {
        var random = SplitMix(seed: seed)
        var report = ExplorationReport()
        for _ in 0..<walks {
            var state = initial
            var trace: [Int] = []
            walk: while true {
                let runnable: [Int]
                switch standing(of: state) {
                case .broken(let message):
                    report.failure = (message, trace)
                    return report
                case .finished:
                    break walk
                case .runnable(let threads):
                    runnable = threads
                }
                guard trace.count < stepLimit else {
                    report.failure = ("no end after \(stepLimit) steps", trace)
                    return report
                }
                let thread = runnable[Int(random.next() % UInt64(runnable.count))]
                state.step(thread)
                trace.append(thread)
                report.states += 1
            }
            report.interleavings += 1
        }
        return report
    }
}
