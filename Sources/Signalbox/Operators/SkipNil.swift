extension SignalProducer {
    /// Drops `nil` values and unwraps the others.
    ///
    /// ```swift
    /// SignalProducer<Int?, Never>(values: 1, nil, 3).skipNil()  // sends 1, 3
    /// ```
    ///
    /// - Returns: A producer of the non-`nil` values.
    public func skipNil<Wrapped>() -> SignalProducer<Wrapped, Error> where Value == Wrapped? {
        compactMap { $0 }
    }
}

extension Signal {
    /// Drops `nil` values and unwraps the others.
    ///
    /// - Returns: A signal of the non-`nil` values.
    public func skipNil<Wrapped>() -> Signal<Wrapped, Error> where Value == Wrapped? {
        compactMap { $0 }
    }
}
