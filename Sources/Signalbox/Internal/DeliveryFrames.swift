import SignalboxLocks
import Synchronization

/// Something that tells Swift's `Observation` of a change: a property's storage.
protocol ObservationNotifying: AnyObject {
    /// Calls the registrar's `willSet`/`didSet`, which runs the change handlers.
    func notifyObservation()
}

/// Holds back `Observation` notifications while the thread is inside a *delivery frame* (it
/// holds a lock of the library across a call into user code), and sends them when it leaves
/// its outermost frame: so a change handler never runs with a lock of the library held.
///
/// Why: a change handler may wait for another thread (a view model's handler that hops
/// synchronously to the main queue). If it ran while its thread held, say, the send lock of
/// the property whose delivery updated a derived property, and the other thread were
/// writing that property, both would wait for ever. Deliveries update derived properties,
/// bindings and actions' state from inside such locks, so their notifications wait here
/// until the thread holds none.
///
/// The frames are the critical sections of `OwnedLock`, the one lock the library holds
/// across calls out (an `Observer`'s, a `MutableProperty`'s, a composed property's,
/// `Trampoline`'s). Each thread keeps the identities of its open frames, innermost last,
/// and the notifications they held back. Recording frames costs a thread-specific look-up
/// per lock, so it is off (`OwnedLock` takes its inlined path, as fast as before) until a
/// property's value is first read (`arm()`): before that no tracking can depend on any
/// property, so there is nothing to hold back. A delivery that was already in progress on
/// another thread when the first read armed the frames is not recorded: a notification it
/// makes runs where it is made, as before (once per process, at most for the deliveries in
/// flight at that moment).
@usableFromInline
final class DeliveryFrames: Sendable {
    /// The process's frames (never deallocated: `OwnedLock` refers to it unowned).
    @usableFromInline static let shared = DeliveryFrames()

    /// The value a free `OwnedLock` word is compared with on its inlined path:
    /// `LockWord.free` until armed, then `UInt32.max`, which no word ever holds.
    @usableFromInline let freeWord = Atomic<UInt32>(LockWord.free)

    private init() {}

    /// Whether frames are recorded.
    @usableFromInline
    var isArmed: Bool {
        freeWord.load(ordering: .relaxed) != LockWord.free
    }

    /// Starts recording frames (a property's value was read: a tracking may depend on it).
    /// (Inlined, without a call: it sits in the read path of a property, where a call kept
    /// the optimiser from hoisting the registrar's witness-table look-up out of loops.)
    @inlinable
    func arm() {
        freeWord.store(.max, ordering: .relaxed)
    }

    /// Records that the current thread entered the frame of the lock at `identity`.
    @usableFromInline
    func enter(_ identity: UnsafeRawPointer) {
        ThreadFrames.withCurrent { $0.open.append(identity) }
    }

    /// Records that the current thread left the frame of the lock at `identity` (nothing if
    /// that frame was not recorded); leaving the outermost frame sends what was held back.
    @usableFromInline
    func exit(_ identity: UnsafeRawPointer) {
        ThreadFrames.withCurrent { frames in
            // Frames close in the reverse order of opening: the search ends at once.
            var index = frames.open.count - 1
            while index >= 0, frames.open[index] != identity { index -= 1 }
            guard index >= 0 else { return }
            if index == frames.open.count - 1 {
                frames.open.removeLast()
            } else {
                frames.open.remove(at: index)
            }
            if frames.open.isEmpty, !frames.held.isEmpty { frames.sendHeld() }
        }
    }

    /// Tells `Observation` of `notifier`'s change now if the current thread is in no frame,
    /// or when it leaves its outermost frame (once per notifier, however often it changed).
    func notify(_ notifier: some ObservationNotifying) {
        guard isArmed else { return notifier.notifyObservation() }
        let held = ThreadFrames.withCurrent { frames -> Bool in
            if frames.open.isEmpty { return false }
            if !frames.held.contains(where: { $0 === notifier }) {
                frames.held.append(notifier)
            }
            return true
        }
        if !held { notifier.notifyObservation() }
    }
}

/// One thread's open delivery frames and held-back notifications (see `DeliveryFrames`),
/// kept in thread-specific storage and used by that thread only.
private final class ThreadFrames {
    // Only the thread that owns these touches them (no dynamic exclusivity checks needed).
    /// The identities of the open frames, innermost last.
    @exclusivity(unchecked) var open: [UnsafeRawPointer] = []
    /// The notifiers held back, in the order they changed.
    @exclusivity(unchecked) var held: [any ObservationNotifying] = []

    /// The key of the thread-specific storage; its destructor releases a thread's frames.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        _ = pthread_key_create(&key, releaseFrames)
        return key
    }()

    /// Runs `body` with the current thread's frames (made on first use), without retaining
    /// them: the thread-specific storage holds them until the thread ends.
    static func withCurrent<Result>(_ body: (ThreadFrames) -> Result) -> Result {
        if let stored = pthread_getspecific(key) {
            return Unmanaged<ThreadFrames>.fromOpaque(stored)._withUnsafeGuaranteedRef(body)
        }
        let made = ThreadFrames()
        _ = pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return body(made)
    }

    /// Sends the held-back notifications, outside any frame. A change handler may make more
    /// (writing another property from inside a delivery frame of its own closes that frame
    /// before this returns), so the loop runs until none is left.
    func sendHeld() {
        while !held.isEmpty {
            let batch = held
            held = []
            for notifier in batch { notifier.notifyObservation() }
        }
    }
}

/// The destructor of `ThreadFrames.key`: releases the frames of a thread that ends.
#if canImport(Darwin)
    private func releaseFrames(_ pointer: UnsafeMutableRawPointer) {
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
#else
    private func releaseFrames(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
#endif
