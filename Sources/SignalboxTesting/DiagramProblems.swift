import Foundation
import Signalbox
import SignalboxLocks

/// Problems found in diagrams given to the APIs that cannot throw (`StubProducer(marbles:…)`,
/// `TestScheduler.signal(marbles:…)`), kept per scheduler.
///
/// Why: those APIs build a stub inside an expression and must not crash on a typo, yet the
/// typo must fail the test. A stub or signal made from a malformed diagram sends nothing; its
/// problem is filed under its scheduler, and every comparison made on that scheduler as clock
/// (`EventRecorder.difference(from…)`, `PropertyTimeline.difference(from:)`) reports it. Each
/// test has its own `TestScheduler`, so tests running in parallel do not see each other's
/// problems. The problem is also written to standard error.
enum DiagramProblems {
    private struct Entry {
        weak var scheduler: AnyObject?
        var problems: [String]
    }

    private final class Storage: @unchecked Sendable {
        // Safety: `entries` is only touched under `lock`.
        let lock = Lock()
        var entries: [ObjectIdentifier: Entry] = [:]
    }

    private static let storage = Storage()

    /// Files `problem` under `scheduler` and prints it to standard error.
    static func report(_ problem: MarbleDiagramError, on scheduler: DateScheduler) {
        FileHandle.standardError.write(Data("SignalboxTesting: \(problem)\n".utf8))
        let key = ObjectIdentifier(scheduler)
        storage.lock.withLock {
            // Forget the problems of schedulers that are gone (their identifier may be reused).
            storage.entries = storage.entries.filter { $0.value.scheduler != nil }
            var entry = storage.entries[key] ?? Entry(scheduler: scheduler, problems: [])
            entry.problems.append(problem.description)
            storage.entries[key] = entry
        }
    }

    /// The problems filed under `scheduler`, oldest first.
    static func problems(on scheduler: DateScheduler?) -> [String] {
        guard let scheduler else { return [] }
        return storage.lock.withLock {
            guard let entry = storage.entries[ObjectIdentifier(scheduler)],
                entry.scheduler === scheduler
            else { return [] }
            return entry.problems
        }
    }
}
