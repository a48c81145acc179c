/// A disposable holding one replaceable inner disposable.
///
/// Setting `inner` disposes the previous one, which is how "only the latest operation may
/// run" is expressed: a view model keeps its current download in one, `retry` its current
/// attempt, and `delay` and `TestScheduler` the action they may still cancel.
/// After the serial disposable is disposed, any new inner is disposed at once.
public final class SerialDisposable: Disposable, @unchecked Sendable {
    // Safety: `current` and `disposed` are only touched under `state`'s lock.
    private let state = LockedBox<(current: Disposable?, disposed: Bool)>((nil, false))

    /// Creates a serial disposable, optionally holding `disposable`.
    ///
    /// - Parameter disposable: The first inner disposable.
    public init(_ disposable: Disposable? = nil) {
        state.modify { $0.current = disposable }
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { state.withValue { $0.disposed } }

    /// The current inner disposable. Setting it disposes the previous one; after the serial
    /// disposable itself was disposed, the new value is disposed immediately.
    public var inner: Disposable? {
        get { state.withValue { $0.current } }
        set {
            let (old, disposeNew) = state.modify { state -> (Disposable?, Bool) in
                if state.disposed { return (nil, true) }
                defer { state.current = newValue }
                return (state.current, false)
            }
            old?.dispose()
            if disposeNew { newValue?.dispose() }
        }
    }

    /// Disposes the current inner disposable and every later one.
    public func dispose() {
        let old = state.modify { state -> Disposable? in
            guard !state.disposed else { return nil }
            state.disposed = true
            defer { state.current = nil }
            return state.current
        }
        old?.dispose()
    }
}
