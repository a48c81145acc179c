import Dispatch
import Foundation
import Signalbox

/// Everything one run of a producer sent, for assertions.
struct Outcome<Value, Error: Swift.Error> {
    var values: [Value] = []
    var terminal: Event<Value, Error>?

    var error: Error? {
        if case .failed(let error) = terminal { return error }
        return nil
    }

    var completed: Bool {
        if case .completed = terminal { return true }
        return false
    }
}

extension SignalProducer {
    /// Starts the producer and blocks until it terminates or `timeout` seconds pass (the
    /// outcome then has no terminal event). For producers that deliver on another thread,
    /// such as `Network`'s; never call it from the thread the producer delivers on.
    func outcome(timeout: TimeInterval = 20) -> Outcome<Value, Error> {
        let state = Atomic(Outcome<Value, Error>())
        let done = DispatchSemaphore(value: 0)
        let disposable = start { event in
            state.modify { outcome in
                if case .value(let value) = event {
                    outcome.values.append(value)
                } else {
                    outcome.terminal = event
                }
            }
            if event.isTerminating { done.signal() }
        }
        if done.wait(timeout: .now() + timeout) == .timedOut { disposable.dispose() }
        return state.value
    }
}
