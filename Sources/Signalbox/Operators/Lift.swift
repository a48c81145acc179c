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

/// The implementations of the operators, shared by `Signal` and `SignalProducer`.
///
/// Each function returns an `EventTransform`: given the downstream sink and the lifetime of
/// the run, it returns the sink for the upstream events. Upstream calls are serialised, so
/// state captured by a transform needs no lock unless the transform also sends from
/// elsewhere (a scheduler, a second source), in which case it serialises its output.
@usableFromInline
enum Transforms {}
