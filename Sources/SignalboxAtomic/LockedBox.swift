/// The package's own name for ``Atomic``: a value behind a lock.
///
/// Why a second name: inside the package, files that also use the standard library's
/// lock-free `Synchronization.Atomic` (spelled `LockFreeAtomic` in Signalbox) would have to
/// write `SignalboxAtomic.Atomic` for the lock box. `LockedBox` says what it is. Apps keep
/// ReactiveSwift's public name, ``Atomic``.
@usableFromInline
package typealias LockedBox<Value> = Atomic<Value>
