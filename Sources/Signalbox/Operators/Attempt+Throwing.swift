import Foundation

// ReactiveSwift lets a stream that cannot fail run a throwing closure: the result fails
// with the thrown error, typed `Swift.Error`.

extension SignalProducer where Error == Never {
    /// Runs `action` for each value; a throw fails the result with the thrown error.
    ///
    /// - Parameter action: Checks a value; called on the thread of the value.
    /// - Returns: A producer of the values that passed, failing at the first throw.
    public func attempt(_ action: @escaping (Value) throws -> Void) -> SignalProducer<
        Value, Swift.Error
    > {
        promoteError(Swift.Error.self).attempt(action)
    }

    /// Maps each value with the throwing `transform`; a throw fails the result.
    ///
    /// - Parameter transform: Maps a value; called on the thread of the value.
    /// - Returns: A producer of the mapped values, failing at the first throw.
    public func attemptMap<U>(_ transform: @escaping (Value) throws -> U) -> SignalProducer<
        U, Swift.Error
    > {
        promoteError(Swift.Error.self).attemptMap(transform)
    }

    /// Fails with `error` if the producer has not terminated `interval` seconds after the
    /// run started; see `timeout(after:raising:on:)`.
    ///
    /// - Parameters:
    ///   - interval: Seconds to wait for the end of the run.
    ///   - error: The failure sent on timeout.
    ///   - scheduler: Measures the time and delivers the failure.
    /// - Returns: A producer that fails with `error` on timeout.
    public func timeout<F>(
        after interval: TimeInterval, raising error: F, on scheduler: DateScheduler
    )
        -> SignalProducer<Value, F>
    {
        promoteError(F.self).timeout(after: interval, raising: error, on: scheduler)
    }
}

extension Signal where Error == Never {
    /// Runs `action` for each value; a throw fails the result with the thrown error.
    ///
    /// - Parameter action: Checks a value; called on the thread of the value.
    /// - Returns: A signal of the values that passed, failing at the first throw.
    public func attempt(_ action: @escaping (Value) throws -> Void) -> Signal<Value, Swift.Error> {
        promoteError(Swift.Error.self).attempt(action)
    }

    /// Maps each value with the throwing `transform`; a throw fails the result.
    ///
    /// - Parameter transform: Maps a value; called on the thread of the value.
    /// - Returns: A signal of the mapped values, failing at the first throw.
    public func attemptMap<U>(_ transform: @escaping (Value) throws -> U) -> Signal<U, Swift.Error>
    {
        promoteError(Swift.Error.self).attemptMap(transform)
    }

    /// Fails with `error` if the signal has not terminated `interval` seconds from now;
    /// see `timeout(after:raising:on:)`.
    ///
    /// - Parameters:
    ///   - interval: Seconds to wait for the end of the signal.
    ///   - error: The failure sent on timeout.
    ///   - scheduler: Measures the time and delivers the failure.
    /// - Returns: A signal that fails with `error` on timeout.
    public func timeout<F>(
        after interval: TimeInterval, raising error: F, on scheduler: DateScheduler
    )
        -> Signal<Value, F>
    {
        promoteError(F.self).timeout(after: interval, raising: error, on: scheduler)
    }
}
