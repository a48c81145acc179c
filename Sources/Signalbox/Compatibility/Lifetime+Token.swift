extension Lifetime {
    /// Creates the lifetime that `token` ends.
    ///
    /// The lifetime does not retain the token: keep the token in the object whose life the
    /// lifetime stands for, and hand out `Lifetime(token)`. The lifetime ends when the token
    /// is disposed or deinitialised, whichever comes first. Every lifetime created from the
    /// same token ends at the same moment.
    ///
    /// ```swift
    /// final class ViewModel {
    ///     private let token = Lifetime.Token()
    ///     var lifetime: Lifetime { Lifetime(token) }
    /// }
    /// ```
    ///
    /// - Parameter token: The token whose end is the end of this lifetime.
    public convenience init(_ token: Token) {
        self.init(token.disposables)
    }

    /// A signal that completes when the lifetime ends, and sends nothing else.
    ///
    /// An observer attached after the lifetime has ended is interrupted at once, as for any
    /// terminated signal. `observeEnded(_:)` is the lighter way to run work at the end of a
    /// lifetime; this signal suits composition, such as `take(until:)`.
    public var ended: Signal<Never, Never> {
        let (signal, observer) = Signal<Never, Never>.pipe()
        observeEnded { observer.sendCompleted() }
        return signal
    }
}
