extension SignalProducer where Value: Sequence {
    /// Sends the elements of each sequence value, in order, as separate values.
    ///
    /// ```swift
    /// pages.flatten()  // the items of every page, one by one
    /// ```
    ///
    /// - Returns: A producer of the sequences' elements.
    public func flatten() -> SignalProducer<Value.Element, Error> {
        flatMap(.concat) { SignalProducer<Value.Element, Error>(sequence: $0) }
    }
}

extension Signal where Value: Sequence {
    /// Sends the elements of each sequence value, in order, as separate values.
    ///
    /// - Returns: A signal of the sequences' elements.
    public func flatten() -> Signal<Value.Element, Error> {
        flatMap(.concat) { SignalProducer<Value.Element, Error>(sequence: $0) }
    }
}
