import Synchronization

/// Signalbox's own spelling of the standard library's lock-free `Synchronization.Atomic`.
///
/// Not `Atomic`: that name belongs to ReactiveSwift's lock-protected box, which
/// `SignalboxAtomic` exports for apps, and an internal declaration named `Atomic` would
/// shadow it in a file that uses `@testable import Signalbox` (as ReactiveSwift's own specs do).
@usableFromInline
typealias LockFreeAtomic<Value: AtomicRepresentable> = Synchronization.Atomic<Value>
