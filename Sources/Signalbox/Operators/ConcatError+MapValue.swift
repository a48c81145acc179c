extension SignalProducer {
    /// Appends a failure: once this producer completes, the result fails with `error`.
    ///
    /// - Parameter error: The failure sent after completion.
    /// - Returns: A producer of this producer's values, then the failure.
    @inlinable
    public func concat(error: Error) -> SignalProducer<Value, Error> {
        concat(SignalProducer(error: error))
    }
}

extension PropertyProtocol {
    /// Derives a property that holds `value` whatever this property holds.
    ///
    /// - Parameter value: The constant value.
    /// - Returns: The derived property.
    @_disfavoredOverload  // so that `map { … }` keeps binding its trailing closure to `map(_:)`
    @inlinable
    public func map<U>(value: U) -> Property<U> {
        map { _ in value }
    }
}
