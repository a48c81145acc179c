extension Signal {
    /// Builds a signal from a transform of this one's events (the composition primitive
    /// behind every synchronous operator on signals).
    @inlinable
    func lift<U, F>(_ transform: @escaping EventTransform<Value, Error, U, F>) -> Signal<U, F> {
        Signal<U, F> { output, lifetime in
            let upstream = transform({ output.send($0) }, lifetime)
            lifetime += self.observe(upstream)
        }
    }
}

extension SignalProducer {
    /// Builds a producer from an operator that works on values one at a time and passes
    /// terminal events on (the primitive behind `map`, `filter`, `compactMap`, `attemptMap`).
    ///
    /// `values` makes the operator's value path from the downstream sink, so a value crosses
    /// the operator as plain function calls; `events` is the same operator on events, used
    /// when the upstream delivers through its event path.
    @inlinable
    func lift<U>(
        values: @escaping (_ downstream: RunSink<U, Error>) -> (Value) -> Void,
        events: @escaping EventTransform<Value, Error, U, Error>
    ) -> SignalProducer<U, Error> {
        let setUp = self.setUp
        return SignalProducer<U, Error>(setUp: { downstream, run in
            setUp(
                RunSink(
                    value: values(downstream),
                    event: events(downstream.event, run.lifetime)),
                run)
        })
    }
}

/// The implementations of the operators, shared by `Signal` and `SignalProducer`.
///
/// Each function returns an `EventTransform`: given the downstream sink and the lifetime of
/// the run, it returns the sink for the upstream events. Upstream calls are serialised, so
/// state captured by a transform needs no lock unless the transform also sends from
/// elsewhere (a scheduler, a second source), in which case it serialises its output.
@usableFromInline
enum Transforms {}
