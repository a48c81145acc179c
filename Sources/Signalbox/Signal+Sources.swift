extension Signal {
    /// A signal that never sends anything.
    ///
    /// Observers stay attached until they detach; nothing is ever delivered to them. Like
    /// `SignalProducer.never`, it stands in where a stream is required but none is wanted.
    ///
    /// ```swift
    /// let nothing = Signal<Int, Never>.never
    /// nothing.observeValues { print($0) }  // Prints nothing, ever.
    /// ```
    public static var never: Signal {
        // The signal's own lifetime keeps its input, as ReactiveSwift's does: while observers
        // are attached the signal lives on even when nothing refers to it (a derived signal
        // observing it is not interrupted), and it ends when it has neither observers nor
        // references.
        Signal { input, lifetime in
            lifetime.observeEnded { withExtendedLifetime(input) {} }
        }
    }

    /// A signal that has already completed, without a value.
    ///
    /// A signal forwards only what is sent while an observer is attached, so an observer
    /// attached to it receives `.interrupted` at once, as with any signal that has
    /// terminated (ReactiveSwift behaves the same). Use `SignalProducer.empty` to have each
    /// observer see `.completed`.
    public static var empty: Signal {
        Signal { observer, _ in observer.sendCompleted() }
    }
}
