// `Atomic` (ReactiveSwift's lock-protected box) lives in its own module so that it does not
// shadow `Synchronization.Atomic` in Signalbox's own files; importing Signalbox imports it.
@_exported import SignalboxAtomic
