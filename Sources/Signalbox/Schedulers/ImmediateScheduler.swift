/// A scheduler that runs every action at once, on the calling thread.
///
/// Useful as a default where no hop is wanted; `observe(on: ImmediateScheduler())` is a no-op.
public final class ImmediateScheduler: Scheduler {
    /// Creates an immediate scheduler.
    public init() {}

    /// Runs `action` now.
    ///
    /// - Parameter action: The work to run.
    /// - Returns: `nil`: the action has already run.
    @discardableResult
    public func schedule(_ action: @escaping () -> Void) -> Disposable? {
        action()
        return nil
    }
}
