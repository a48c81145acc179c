import Foundation
import Signalbox
import SignalboxLocks

/// Keeps the input observers of hot marble signals alive as long as their scheduler.
///
/// Why: a signal whose input observer is released can never send again, so it is
/// interrupted. A hot signal drawn without a terminal symbol (`"ab--c"`) stays open, and a
/// malformed one sends nothing, so their inputs must outlive the scheduled events that use
/// them: they live as long as the `TestScheduler` the diagram plays on.
enum HotSignalInputs {
    private struct Entry {
        weak var scheduler: AnyObject?
        var inputs: [AnyObject]
    }

    private final class Storage: @unchecked Sendable {
        // Safety: `entries` is only touched under `lock`.
        let lock = Lock()
        var entries: [ObjectIdentifier: Entry] = [:]
    }

    private static let storage = Storage()

    /// Keeps `input` until `scheduler` is gone.
    static func retain(_ input: AnyObject, for scheduler: AnyObject) {
        let key = ObjectIdentifier(scheduler)
        storage.lock.withLock {
            // Let go of the inputs of schedulers that are gone (their identifier may be
            // reused).
            storage.entries = storage.entries.filter { $0.value.scheduler != nil }
            var entry = storage.entries[key] ?? Entry(scheduler: scheduler, inputs: [])
            entry.inputs.append(input)
            storage.entries[key] = entry
        }
    }
}
