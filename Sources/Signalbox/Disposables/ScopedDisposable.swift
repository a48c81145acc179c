/// A disposable that disposes its inner disposable when it is deinitialised.
///
/// Store one in an object to tie an observation to that object's life:
/// `let subscription = ScopedDisposable(producer.startWithValues { … })`.
public final class ScopedDisposable<Inner: Disposable>: Disposable {
    /// The disposable that is disposed with this one.
    public let inner: Inner

    /// Wraps `inner`, disposing it on deinit.
    ///
    /// - Parameter inner: The disposable to scope.
    public init(_ inner: Inner) {
        self.inner = inner
    }

    deinit {
        inner.dispose()
    }

    /// Whether the inner disposable has been disposed.
    public var isDisposed: Bool { inner.isDisposed }

    /// Disposes the inner disposable now.
    public func dispose() {
        inner.dispose()
    }
}

extension ScopedDisposable where Inner == AnyDisposable {
    /// Wraps any disposable (or `nil`), disposing it on deinit.
    ///
    /// - Parameter disposable: The disposable to scope.
    public convenience init(_ disposable: Disposable?) {
        self.init(AnyDisposable { disposable?.dispose() })
    }
}
