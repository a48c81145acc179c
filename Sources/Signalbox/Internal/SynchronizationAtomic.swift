import Synchronization

/// Inside Signalbox, `Atomic` means the standard library's lock-free `Synchronization.Atomic`
/// (a declaration of this module shadows the `Atomic` class that `SignalboxAtomic` exports
/// for apps, ReactiveSwift's lock-protected box).
@usableFromInline
typealias Atomic<Value: AtomicRepresentable> = Synchronization.Atomic<Value>
