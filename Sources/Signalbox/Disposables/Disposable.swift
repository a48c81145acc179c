/// Something that can be cancelled or cleaned up, once.
///
/// Disposing is idempotent: the second and later calls do nothing. Every disposable in
/// Signalbox may be disposed from any thread.
public protocol Disposable: AnyObject, Sendable {
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }

    /// Performs the cancellation or cleanup. Calling it again does nothing.
    func dispose()
}
