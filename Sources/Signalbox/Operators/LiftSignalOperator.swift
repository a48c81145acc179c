extension Signal {
    /// Applies a user-defined operator written as a function from signal to signal.
    ///
    /// The same as calling `transform(self)`; it exists so that an operator of your own
    /// reads as a step of a chain, and so that the same function can be lifted onto
    /// producers with `SignalProducer.lift(_:)`.
    ///
    /// ```swift
    /// func evens(_ signal: Signal<Int, Never>) -> Signal<Int, Never> {
    ///     signal.filter { $0 % 2 == 0 }
    /// }
    /// numbers.lift(evens).observeValues { print($0) }
    /// ```
    ///
    /// - Parameter transform: The operator.
    /// - Returns: What `transform` returns for this signal.
    public func lift<U, F>(_ transform: (Signal<Value, Error>) -> Signal<U, F>) -> Signal<U, F> {
        transform(self)
    }
}

extension SignalProducer {
    /// Applies a user-defined signal operator to every run of this producer.
    ///
    /// Each start creates the run's signal, applies `transform` to it and forwards the
    /// result's events. Disposing the result's run interrupts this producer's run; when
    /// the transformed signal terminates, this producer's run is disposed too.
    ///
    /// ```swift
    /// SignalProducer<Int, Never>(values: 1...4).lift(evens)  // sends 2, 4
    /// ```
    ///
    /// - Parameter transform: The operator, applied once per run.
    /// - Returns: A producer of the transformed runs.
    public func lift<U, F>(
        _ transform: @escaping (Signal<Value, Error>) -> Signal<U, F>
    ) -> SignalProducer<U, F> {
        SignalProducer<U, F> { observer, lifetime in
            self.startWithSignal { signal, interrupter in
                lifetime += interrupter
                lifetime += transform(signal).observe(observer)
            }
        }
    }

    /// Applies a user-defined operator of two signals to every run of this producer and of
    /// the producer given to the returned function.
    ///
    /// `other` is started first, then this producer (so a synchronous value of `other` is
    /// there before this producer's first value). Disposing the result disposes both runs.
    ///
    /// ```swift
    /// func pairUp(_ a: Signal<Int, Never>) -> (Signal<String, Never>) -> Signal<(Int, String), Never> {
    ///     { b in a.zip(with: b) }
    /// }
    /// SignalProducer(values: 1, 2).lift(pairUp)(SignalProducer(values: "a", "b"))
    /// // sends (1, "a"), (2, "b")
    /// ```
    ///
    /// - Parameter transform: The operator, applied once per run of the result.
    /// - Returns: A function from the second producer to the combined producer.
    public func lift<U, F, V, G>(
        _ transform: @escaping (Signal<Value, Error>) -> (Signal<U, F>) -> Signal<V, G>
    ) -> (SignalProducer<U, F>) -> SignalProducer<V, G> {
        { other in
            SignalProducer<V, G> { observer, lifetime in
                // The inner setup returns (and `other` starts) before the outer run starts.
                self.startWithSignal { signal, interrupter in
                    lifetime += interrupter
                    other.startWithSignal { otherSignal, otherInterrupter in
                        lifetime += otherInterrupter
                        lifetime += transform(signal)(otherSignal).observe(observer)
                    }
                }
            }
        }
    }
}
