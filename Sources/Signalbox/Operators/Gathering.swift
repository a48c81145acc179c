import SignalboxLocks

/// What one of several combined streams reported, as seen by the operator combining them.
enum GatherInput<Value, Error: Swift.Error> {
    /// The stream at `index` sent a value.
    case value(index: Int, Value)
    /// The stream at `index` completed.
    case completed(index: Int)
    /// A stream failed; the result fails.
    case failed(Error)
    /// A stream was interrupted; the result is interrupted.
    case interrupted
}

/// A value of one of two combined streams of different types.
enum EitherValue<First, Second> {
    case first(First)
    case second(Second)
}

extension SignalProducer {
    /// Starts every producer of `sources`, in order, and feeds their events one at a time
    /// (through a `Trampoline`: a source sending on another thread waits for the event in
    /// progress; one sending from inside a downstream observer is handled right after it)
    /// into the sink that `makeSink` builds around the run's output. Failures and
    /// interruptions of any source end the result; completions and values are handed to the
    /// sink, whose state needs no lock.
    static func gathering<Element>(
        _ sources: [SignalProducer<Element, Error>],
        _ makeSink:
            @escaping (_ output: Signal<Value, Error>.Observer) -> (
                _ index: Int, _ value: Element?
            ) -> Void
    ) -> SignalProducer<Value, Error> {
        SignalProducer { output, lifetime in
            let sink = makeSink(output)
            let inputs = Trampoline<GatherInput<Element, Error>> { input in
                switch input {
                case .value(let index, let value): sink(index, value)
                case .completed(let index): sink(index, nil)
                case .failed(let error): output.send(error: error)
                case .interrupted: output.sendInterrupted()
                }
            }
            for (index, source) in sources.enumerated() {
                guard !lifetime.hasEnded else { return }
                lifetime += source.start { event in
                    switch event {
                    case .value(let value): inputs.send(.value(index: index, value))
                    case .completed: inputs.send(.completed(index: index))
                    case .failed(let error): inputs.send(.failed(error))
                    case .interrupted: inputs.send(.interrupted)
                    }
                }
            }
        }
    }
}
