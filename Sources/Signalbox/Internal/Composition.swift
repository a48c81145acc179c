// Composition: every `lift` of the package (signals and producers) and the `Transforms`
// namespace that synchronous operators fill. An operator is an `EventTransform` (or, for
// `map`-like operators, a value path too); `lift` turns it into a new stream.

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

extension Signal {
    /// Builds a signal from a transform that only ever sends while handling an upstream
    /// event (`map`, `filter`, `compactMap`, `attemptMap`, `mapError`).
    ///
    /// Such a transform sends only from inside the upstream's delivery, which is serialised,
    /// so the derived signal delivers straight into its core instead of through an input
    /// `Observer` and its lock; the core drops whatever follows a terminal event. Do not use
    /// it for a transform that sends from anywhere else (a scheduler, an inner producer).
    @inlinable
    func liftSynchronous<U, F>(
        _ transform: @escaping EventTransform<Value, Error, U, F>
    ) -> Signal<U, F> {
        let core = SignalCore<U, F>.make(derived: true)
        let upstream = transform({ [core] event in core.deliver(event) }, core.lifetime)
        core.lifetime += self.core.attach(.events(upstream))
        return Signal<U, F>(core: core)
    }

    /// `liftSynchronous(_:)` for an operator that works on values one at a time and passes
    /// terminal events on (`map`, `filter`, `compactMap`, `attemptMap`).
    ///
    /// `values` makes the operator's value path from the derived signal's core (it delivers
    /// with `deliver(value:)`, or `deliver(_:)` for a failure), so a value crosses the
    /// operator with no `Event` built or switched on; `events` is the same operator on
    /// events, which here only ever receives terminal events.
    @inlinable
    func liftSynchronous<U>(
        values: (_ core: SignalCore<U, Error>) -> (Value) -> Void,
        events transform: @escaping EventTransform<Value, Error, U, Error>
    ) -> Signal<U, Error> {
        let core = SignalCore<U, Error>.make(derived: true)
        let events = transform({ [core] event in core.deliver(event) }, core.lifetime)
        core.lifetime += self.core.attach(.split(values: values(core), events: events))
        return Signal<U, Error>(core: core)
    }
}

extension SignalProducer {
    /// Builds a producer whose runs hand this producer the sink `makeSink` builds from the
    /// downstream sink and the run's lifetime (the composition primitive behind every
    /// synchronous operator).
    @inlinable
    func lift<U, F>(
        sink makeSink:
            @escaping (_ downstream: RunSink<U, F>, _ lifetime: Lifetime) -> RunSink<
                Value, Error
            >
    ) -> SignalProducer<U, F> {
        let upstream = self
        let sink = SinkMaker(make: makeSink)
        return SignalProducer<U, F>(
            .wired,
            setUp: { downstream, run in
                upstream.setUp(sink.make(downstream, run.lifetime), run)
            })
    }

    /// Builds a producer from a transform of this one's events (operators with an event
    /// path only).
    @inlinable
    func lift<U, F>(_ transform: @escaping EventTransform<Value, Error, U, F>) -> SignalProducer<
        U, F
    > {
        lift(sink: { downstream, lifetime in
            RunSink(event: transform(downstream.event, lifetime))
        })
    }

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
        lift(sink: { downstream, lifetime in
            RunSink(value: values(downstream), event: events(downstream.event, lifetime))
        })
    }
}

/// How an operator makes the sink it hands its upstream (see `SignalProducer.lift(sink:)`).
///
/// A wrapper, not a bare closure, for the same reason as `SignalProducer` is `@_eagerMove`:
/// a captured closure is a lexical value, and the optimiser's early inliner cannot call
/// through a lexical value, so a chain of operators would be inlined one operator per
/// pipeline restart later in the pipeline instead of early on.
@usableFromInline @_eagerMove
struct SinkMaker<Value, Error: Swift.Error, U, F: Swift.Error> {
    @usableFromInline let make: (RunSink<U, F>, Lifetime) -> RunSink<Value, Error>

    @inlinable
    init(@_eagerMove make: @escaping (RunSink<U, F>, Lifetime) -> RunSink<Value, Error>) {
        self.make = make
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
