extension Transforms {
    // The value-returning forms are the in-place ones (`ScanInto.swift`) with an assignment.
    static func scan<V, E, U>(
        _ initial: U, _ next: @escaping (U, V) -> U
    ) -> EventTransform<V, E, U, E> {
        scan(into: initial) { accumulated, value in accumulated = next(accumulated, value) }
    }

    static func reduce<V, E, U>(
        _ initial: U, _ next: @escaping (U, V) -> U
    ) -> EventTransform<V, E, U, E> {
        reduce(into: initial) { accumulated, value in accumulated = next(accumulated, value) }
    }
}

extension SignalProducer {
    /// Sends the running accumulation of the values, one per value.
    ///
    /// ```swift
    /// SignalProducer<Int, Never>(values: 1, 2, 3).scan(0, +)  // sends 1, 3, 6
    /// ```
    ///
    /// - Parameters:
    ///   - initial: The accumulator before the first value.
    ///   - next: Combines the accumulator with a value.
    /// - Returns: A producer of the successive accumulations.
    public func scan<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> SignalProducer<U, Error>
    {
        lift(Transforms.scan(initial, next))
    }

    /// Sends the accumulation of all values when the producer completes.
    ///
    /// - Parameters:
    ///   - initial: The accumulator before the first value (sent if there are none).
    ///   - next: Combines the accumulator with a value.
    /// - Returns: A producer of one value, the final accumulation.
    public func reduce<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> SignalProducer<
        U, Error
    > {
        lift(Transforms.reduce(initial, next))
    }
}

extension Signal {
    /// Sends the running accumulation of the values, one per value.
    ///
    /// - Parameters:
    ///   - initial: The accumulator before the first value.
    ///   - next: Combines the accumulator with a value.
    /// - Returns: A signal of the successive accumulations.
    public func scan<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> Signal<U, Error> {
        lift(Transforms.scan(initial, next))
    }

    /// Sends the accumulation of all values when the signal completes.
    ///
    /// - Parameters:
    ///   - initial: The accumulator before the first value (sent if there are none).
    ///   - next: Combines the accumulator with a value.
    /// - Returns: A signal of one value, the final accumulation.
    public func reduce<U>(_ initial: U, _ next: @escaping (U, Value) -> U) -> Signal<U, Error> {
        lift(Transforms.reduce(initial, next))
    }
}
