import Synchronization

/// A disposable that runs a closure, exactly once, when first disposed.
///
/// ```swift
/// let disposable = AnyDisposable { print("cleaned up") }
/// disposable.dispose()  // Prints: cleaned up
/// disposable.dispose()  // Prints nothing.
/// ```
public final class AnyDisposable: Disposable, @unchecked Sendable {
    // Safety: `disposed` is atomic; the one caller that flips it from false to true is the
    // only thread that ever reads or clears `action` after `init`.
    private let disposed = LockFreeAtomic<Bool>(false)
    private var action: (() -> Void)?

    /// Creates a disposable that runs `action` when first disposed, then releases it.
    ///
    /// - Parameter action: The cleanup to perform, on the disposing thread.
    public init(_ action: @escaping () -> Void) {
        self.action = action
    }

    /// Creates a disposable that only records whether it was disposed.
    public init() {
        action = nil
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Runs the action if this is the first call; otherwise does nothing.
    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let action = self.action
        self.action = nil
        action?()
    }
}
