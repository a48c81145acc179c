import SignalboxLocks
import Synchronization

/// What `take(untilReplacement:)` hears, and from which stream.
enum ReplacementInput<Value, Error: Swift.Error> {
    /// An event of the original stream.
    case original(Event<Value, Error>)
    /// An event of the replacement.
    case replacement(Event<Value, Error>)
}

extension SignalProducer {
    /// Forwards this producer's events until `replacement` sends its first event, then
    /// forwards `replacement`'s events only.
    ///
    /// This producer's completion is not forwarded: the result waits for `replacement`.
    /// Its failure or interruption before the switch ends the result. The first event of
    /// `replacement` (whatever it is) disposes this producer's run; from then on the result
    /// is `replacement`. Disposing the result disposes both runs.
    ///
    /// Contract (as ReactiveSwift's): `replacement` is started first, then this producer; so
    /// a replacement event sent from inside this producer's start, or by `replacement` as it
    /// starts, switches at once. No event of this producer is delivered after the first
    /// event of `replacement`.
    ///
    /// ```swift
    /// cachedResults.take(untilReplacement: freshResults)
    /// ```
    ///
    /// - Parameter replacement: The stream that takes over.
    /// - Returns: A producer of this producer's events, then `replacement`'s.
    public func take<Replacement: SignalProducerConvertible>(
        untilReplacement replacement: Replacement
    ) -> SignalProducer<Value, Error>
    where Replacement.Value == Value, Replacement.Error == Error {
        replaced(by: replacement.producer)
    }

    /// The implementation of `take(untilReplacement:)`.
    func replaced(by replacement: SignalProducer<Value, Error>) -> SignalProducer<Value, Error> {
        SignalProducer { observer, lifetime in
            // Raised at the switch and when the run ends, before the runs are disposed
            // (lifetime members are disposed in order), so a late event of the original is
            // dropped at once.
            let originalIgnored = OperatorFlag()
            lifetime.observeEnded { originalIgnored.set() }
            let originalRun = SerialDisposable()
            lifetime += originalRun
            var switched = false
            let inputs = DrainQueue<ReplacementInput<Value, Error>> { input in
                switch input {
                case .original(let event):
                    if !switched { observer.send(event) }
                case .replacement(let event):
                    if !switched {
                        switched = true
                        originalIgnored.set()
                        originalRun.dispose()
                    }
                    observer.send(event)
                }
            }
            // As in ReactiveSwift, the replacement is started first: a replacement event sent
            // from inside this producer's start, or at once, switches before it.
            lifetime += replacement.start { event in inputs.send(.replacement(event)) }
            originalRun.inner = self.start { event in
                guard !originalIgnored.isSet, !event.isCompleted else { return }
                inputs.send(.original(event))
            }
        }
    }
}

extension Signal {
    /// Forwards this signal's events until `replacement` sends its first event, then
    /// forwards `replacement`'s events only; see
    /// `SignalProducer.take(untilReplacement:)` for the contract.
    ///
    /// - Parameter replacement: The stream that takes over; a producer is started at once.
    /// - Returns: A signal of this signal's events, then `replacement`'s.
    @available(
        *, deprecated,
        message:
            "A Signal operator takes signals (as in ReactiveSwift): pass a Signal, or use the SignalProducer operator"
    )
    public func take<Replacement: SignalProducerConvertible>(
        untilReplacement replacement: Replacement
    ) -> Signal<Value, Error> where Replacement.Value == Value, Replacement.Error == Error {
        Signal.starting(producer.take(untilReplacement: replacement))
    }

    /// Forwards this signal's events until `replacement` sends its first event, then
    /// `replacement`'s; see `SignalProducer.take(untilReplacement:)` for the contract.
    ///
    /// - Parameter replacement: The signal that takes over.
    /// - Returns: A signal of this signal's events, then the replacement's.
    public func take(untilReplacement replacement: Signal<Value, Error>) -> Signal<Value, Error> {
        Signal.starting(producer.take(untilReplacement: replacement))
    }
}

/// A flag that is raised once and read from any thread.
final class OperatorFlag: Sendable {
    private let raised = LockFreeAtomic<Bool>(false)

    /// Raises the flag.
    func set() {
        raised.store(true, ordering: .releasing)
    }

    /// Whether the flag was raised.
    var isSet: Bool { raised.load(ordering: .acquiring) }
}
