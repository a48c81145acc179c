import Dispatch
import Foundation
import Synchronization

/// A scheduler for the main thread that runs an action at once when it is scheduled from
/// the main thread with nothing of its own still waiting, and otherwise on the main queue.
///
/// Why not `QueueScheduler.main`: that one always hops, so a value sent on the main thread
/// reaches the view one run-loop turn later (a visible flicker for a view that is being
/// set up). Order is kept: while an action of this scheduler waits on the main queue,
/// later ones wait behind it even on the main thread, and an action scheduled from inside
/// a running one runs after it.
///
/// Works on Linux as on Apple platforms, provided something services the main queue
/// (`dispatchMain()`, a run loop, or Swift concurrency's main actor). "On the main thread"
/// means on the main thread or inside a main-queue block: under `dispatchMain()` on Linux,
/// main-queue blocks run on a worker thread.
///
/// ```swift
/// viewModel.title.producer.observe(on: UIScheduler()).startWithValues { label.text = $0 }
/// ```
public final class UIScheduler: Scheduler {
    /// Actions scheduled and not finished (including the one running inline).
    private let queueLength = LockFreeAtomic<Int>(0)
    private let isMainThread: @Sendable () -> Bool
    private let enqueueOnMain: @Sendable (QueueWork) -> Void

    /// Creates a scheduler for the main thread.
    public convenience init() {
        self.init(
            isMainThread: { UIScheduler.isOnMainQueue },
            enqueueOnMain: { work in DispatchQueue.main.async { work.run() } })
    }

    /// Whether the caller runs on the main thread, or in a block of the main queue.
    ///
    /// Why both: on Linux, `dispatchMain()` ends the main thread and a worker thread services
    /// the main queue from then on, so `Thread.isMainThread` is false in main-queue blocks;
    /// the queue-specific value set on the main queue is seen there.
    static var isOnMainQueue: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey.key) != nil
    }

    /// The key of the value this type sets on the main queue (once) to recognise it.
    private static let mainQueueKey: MainQueueKey = {
        let marker = MainQueueKey()
        DispatchQueue.main.setSpecific(key: marker.key, value: ())
        return marker
    }()

    /// The seam for tests: how to tell the main thread, and how to reach the main queue.
    init(
        isMainThread: @escaping @Sendable () -> Bool,
        enqueueOnMain: @escaping @Sendable (QueueWork) -> Void
    ) {
        self.isMainThread = isMainThread
        self.enqueueOnMain = enqueueOnMain
    }

    /// Runs `action` at once if called on the main thread with no earlier action of this
    /// scheduler pending; otherwise enqueues it on the main queue.
    ///
    /// - Parameter action: The work to run on the main thread.
    /// - Returns: `nil` if the action already ran; otherwise a disposable that skips it if
    ///   it has not started.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        let position = queueLength.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
        if position == 1, isMainThread() {
            action()
            queueLength.wrappingSubtract(1, ordering: .acquiringAndReleasing)
            return nil
        }
        let cancelled = AnyDisposable()
        enqueueOnMain(
            QueueWork {
                if !cancelled.isDisposed { action() }
                self.queueLength.wrappingSubtract(1, ordering: .acquiringAndReleasing)
            })
        return cancelled
    }
}

/// The key that marks the main queue.
private final class MainQueueKey: @unchecked Sendable {
    // Safety: `key` is immutable and only used as an identity by Dispatch, which is
    // thread-safe.
    let key = DispatchSpecificKey<Void>()
}
