/// What one of two combined streams reported, as seen by the operator combining them.
enum PairInput<A, B> {
    case first(A)
    case second(B)
    case firstCompleted
    case secondCompleted
}

extension SignalProducer {
    /// Starts `first`, then `second`, and feeds both into one serialised callback that
    /// `makeSink` builds around the run's output. Failures and interruptions of either end
    /// the result; completions are handed to the sink to decide.
    ///
    /// The state the sink keeps needs no lock: the callback never runs concurrently. An
    /// event that a source sends while the callback runs on the same thread (the output's
    /// observer ended a source) is handled right after it returns, instead of deadlocking.
    static func pairing<A, B>(
        _ first: SignalProducer<A, Error>, _ second: SignalProducer<B, Error>,
        _ makeSink:
            @escaping (
                _ output: Signal<Value, Error>.Observer
            ) -> (PairInput<A, B>) -> Void
    ) -> SignalProducer<Value, Error> {
        SignalProducer { output, lifetime in
            let sink = makeSink(output)
            let input = Trampoline<Event<PairInput<A, B>, Error>> { event in
                switch event {
                case .value(let received): sink(received)
                case .failed(let error): output.send(error: error)
                case .completed: output.sendCompleted()
                case .interrupted: output.sendInterrupted()
                }
            }
            lifetime += first.start { event in
                switch event {
                case .value(let value): input.send(.value(.first(value)))
                case .completed: input.send(.value(.firstCompleted))
                case .failed(let error): input.send(.failed(error))
                case .interrupted: input.send(.interrupted)
                }
            }
            lifetime += second.start { event in
                switch event {
                case .value(let value): input.send(.value(.second(value)))
                case .completed: input.send(.value(.secondCompleted))
                case .failed(let error): input.send(.failed(error))
                case .interrupted: input.send(.interrupted)
                }
            }
        }
    }
}
