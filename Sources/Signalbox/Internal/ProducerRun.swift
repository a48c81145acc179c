import Synchronization

/// The handle of one run of a producer (what `start` returns); disposing it interrupts and
/// ends the run.
///
/// Who keeps whom: the run's sink refers to the run's `Lifetime` (to end it on a terminal
/// event), so whatever can still send into the run's observer keeps the lifetime, and the
/// run goes on. The interrupter sits in the lifetime (so that a run ending by itself also
/// stops its source), and refers to the observer *weakly*: a strong reference closed a
/// cycle (lifetime → interrupter → observer → sink → lifetime) that kept a never-ending run
/// alive after everything else had let go of it. The handle keeps the observer strongly
/// instead, so that disposing it still interrupts a run nothing else sends into. Nothing
/// leads back to the handle: once it is released and nothing can send into the observer,
/// the lifetime is released too, and its `deinit` ends it.
///
/// Why so little: a run is created per `start`, so its allocations are the subscribe cost.
/// The handle's own state is guarded by the lock of the lifetime's disposables (the
/// lifetime holds them itself, a `DisposalState`), so the run needs no lock of its own. Not `final` only so that an operator starting
/// inner runs can make its receiver of a run's events the run itself (one allocation per
/// inner run fewer; see `InnerRun`); every member is `final`.
///
/// The methods that take the lock are `@inline(never)`: under `-cross-module-optimization`
/// they were inlined into a client's start path, whose sequence loop then no longer had
/// the inliner's budget for the operators (W1 went from 11.8 to 104.8 instructions per
/// value). In the default build they are calls into the library anyway.
@usableFromInline
class ProducerRun: Disposable, @unchecked Sendable {
    // Safety: `fallback` and `retained` are only touched while the lock of the lifetime's
    // disposables is held (`withLockHeld` / `dispose(taking:)`).
    @usableFromInline final let lifetime: Lifetime
    /// The interrupter of a run whose work installed none (see `installFallbackInterrupter`);
    /// kept here, not in the lifetime, because it refers to the lifetime.
    @exclusivity(unchecked) private var fallback: (() -> Void)?
    /// What the interrupter refers to weakly (the run's observer), kept alive for it.
    @exclusivity(unchecked) private var retained: AnyObject?
    /// Set (after the lock's `hadFirst`, which never goes back) once an interrupter was
    /// installed, so that `installFallbackInterrupter` usually needs no lock.
    @usableFromInline let hasInterrupter = LockFreeAtomic<Bool>(false)

    @usableFromInline
    init() {
        lifetime = Lifetime()
    }

    /// Sets how the run is interrupted, replacing the previous interrupter. The interrupter
    /// must not refer strongly to anything that refers to the run's lifetime (the observer,
    /// whose sink does): pass such an object as `retained` and refer to it weakly; the run
    /// keeps it until it is disposed or released.
    ///
    /// - Returns: `false` (and keeps nothing) if the run has already ended: the caller must
    ///   then not start its work.
    ///
    /// Never inlined: a sequence producer's closure, which holds its loop, calls it, and that
    /// closure must stay small enough to be inlined where a chain is started. Under
    /// `-cross-module-optimization` this method (and the lock behind it) could be inlined into
    /// the closure, which then no longer fitted the inliner's budget: the chain ran as closure
    /// calls, ten times slower (issue 17).
    @usableFromInline @inline(never)
    final func setInterrupter(
        _ interrupter: @escaping () -> Void, retaining retained: AnyObject? = nil
    )
        -> Bool
    {
        // Usually nothing is replaced. When something is (a fallback, by the deferred work),
        // it is released after the lock, in case its deinit calls back into the run.
        var replaced: Replaced?
        let accepted = lifetime.withLockHeld { isDisposed, first, hadFirst in
            guard !isDisposed else { return false }
            if first != nil || fallback != nil || self.retained != nil {
                replaced = Replaced(first: first, fallback: fallback, retained: self.retained)
                fallback = nil
            }
            first = interrupter
            hadFirst = true
            self.retained = retained
            hasInterrupter.store(true, ordering: .releasing)
            return true
        }
        withExtendedLifetime(replaced) {}
        return accepted
    }

    /// For work that is done on the starting thread before the run's set-up returns and has
    /// nothing to interrupt (`SignalProducer(value:)`): tells the starter that no fallback
    /// interrupter is needed, as `setInterrupter` would, without its lock.
    ///
    /// A disposal from another thread meanwhile finds nothing to interrupt (as it would
    /// find an empty interrupter): the work checks `isDisposed` when it is done, to end the
    /// run with `.interrupted` rather than `.completed`.
    ///
    /// - Returns: `false` if the run has already been disposed: the caller must then not
    ///   start its work (the starter tells the downstream).
    @inlinable
    final func acceptsSynchronousWork() -> Bool {
        guard !isDisposed else { return false }
        hasInterrupter.store(true, ordering: .releasing)
        return true
    }

    /// What `setInterrupter` took out under the lock, to release after it.
    private final class Replaced {
        let first: (() -> Void)?
        let fallback: (() -> Void)?
        let retained: AnyObject?

        init(first: (() -> Void)?, fallback: (() -> Void)?, retained: AnyObject?) {
            self.first = first
            self.fallback = fallback
            self.retained = retained
        }
    }

    /// Installs `fallback` as the interrupter when the work set up for the run installed
    /// none, and tells whether the run was disposed before any interrupter existed (then
    /// nobody has told the downstream, and the caller must).
    ///
    /// - Returns: `true` if the run was disposed while it had no interrupter.
    @usableFromInline @inline(never)
    final func installFallbackInterrupter(_ fallback: () -> (() -> Void)) -> Bool {
        if hasInterrupter.load(ordering: .acquiring) { return false }
        let state = lifetime.withLockHeld { isDisposed, _, hadFirst in
            (disposed: isDisposed, hadFirst: hadFirst)
        }
        if state.hadFirst { return false }
        if state.disposed { return true }
        // Nothing set one yet (the work is deferred, e.g. by `start(on:)`): disposal from now
        // on must still interrupt the downstream. If the run got disposed in between, the
        // caller interrupts the downstream itself.
        let action = fallback()
        return lifetime.withLockHeld { isDisposed, _, hadFirst in
            if hadFirst { return false }
            if isDisposed { return true }
            self.fallback = action
            return false
        }
    }

    @inlinable
    final var isDisposed: Bool { lifetime.isEnded }

    /// Interrupts the run (if it has an interrupter) and ends its lifetime; only the first
    /// call does anything, and any call lets go of what the run kept for its interrupter.
    @usableFromInline @inline(never)
    final func dispose() {
        let kept = lifetime.disposeMembers(taking: { disposesNow in
            let kept = (retained: retained, fallback: fallback)
            retained = nil
            fallback = nil
            return (disposesNow ? kept.fallback : nil, kept)
        })
        // Released only now, outside the lock and after the interrupter that refers to the
        // retained observer weakly has run.
        withExtendedLifetime(kept) {}
    }
}
