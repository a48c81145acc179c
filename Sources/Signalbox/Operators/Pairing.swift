/// What one of two combined streams reported, as seen by the operator combining them.
enum PairInput<A, B> {
    case first(A)
    case second(B)
    case firstCompleted
    case secondCompleted
}

extension SignalProducer {
    /// Starts `first`, then `second`, and feeds both into one serialising observer whose
    /// callback `makeSink` builds around the run's output. Failures and interruptions of
    /// either end the result; completions are handed to the sink to decide.
    ///
    /// The state the sink keeps needs no lock: the observer never calls it concurrently.
    static func pairing<A, B>(
        _ first: SignalProducer<A, Error>, _ second: SignalProducer<B, Error>,
        _ makeSink:
            @escaping (
                _ output: Signal<Value, Error>.Observer
            ) -> (PairInput<A, B>) -> Void
    ) -> SignalProducer<Value, Error> {
        SignalProducer { output, lifetime in
            let sink = makeSink(output)
            let input = Signal<PairInput<A, B>, Error>.Observer { event in
                switch event {
                case .value(let received): sink(received)
                case .failed(let error): output.send(error: error)
                case .completed: output.sendCompleted()
                case .interrupted: output.sendInterrupted()
                }
            }
            lifetime += first.start { event in
                switch event {
                case .value(let value): input.send(value: .first(value))
                case .completed: input.send(value: .firstCompleted)
                case .failed(let error): input.send(error: error)
                case .interrupted: input.sendInterrupted()
                }
            }
            lifetime += second.start { event in
                switch event {
                case .value(let value): input.send(value: .second(value))
                case .completed: input.send(value: .secondCompleted)
                case .failed(let error): input.send(error: error)
                case .interrupted: input.sendInterrupted()
                }
            }
        }
    }
}
