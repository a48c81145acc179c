import Dispatch
import Foundation
import Signalbox
import TestThreads
import Testing

/// Disposing an observation releases the observer at once, even while the disposable itself
/// is still held (ReactiveSwift's disposable removes the observer; nothing keeps it after
/// that). A view model that keeps `disposable = signal.observeValues { self.… }` and
/// disposes it must not stay in a cycle with its closure until it drops the disposable.
@Suite("Disposed observers are released while their disposable is held", .ownThreads)
struct DisposedObserverReleaseTests {
    /// Attaches, through `observe`, a closure capturing a token, and returns the disposable
    /// and a weak reference to the token.
    private func observation(
        _ observe: (_ capturing: Token) -> Disposable?
    ) -> (disposable: Disposable?, token: () -> Token?) {
        let token = Token()
        weak let weakToken = token
        let disposable = observe(token)
        return (disposable, { weakToken })
    }

    @Test("the only observer of a pipe")
    func onlyObserverOfPipe() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (disposable, token) = observation { token in
            signal.observeValues { _ in withExtendedLifetime(token) {} }
        }
        input.send(value: 1)
        disposable?.dispose()
        #expect(token() == nil)
        withExtendedLifetime(disposable) {}
    }

    @Test("one of several observers of a pipe, disposed before and after values flowed")
    func oneOfSeveralObservers() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let received = Recorded<Int>()
        let others = (0..<3).map { _ in signal.observeValues { received.append($0) } }
        let (early, earlyToken) = observation { token in
            signal.observeValues { _ in withExtendedLifetime(token) {} }
        }
        early?.dispose()
        #expect(earlyToken() == nil)
        let (late, lateToken) = observation { token in
            signal.observeValues { _ in withExtendedLifetime(token) {} }
        }
        input.send(value: 1)
        late?.dispose()
        #expect(lateToken() == nil)
        input.send(value: 2)
        #expect(received.items == [1, 1, 1, 2, 2, 2])
        withExtendedLifetime((others, early, late)) {}
    }

    @Test("an observer of a chain of operators whose intermediate signals are gone")
    func observerOfChain() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let transformed = Counter()
        let (disposable, token) = observation { token in
            signal
                .map { value -> Int in
                    transformed.increment()
                    return value + 1
                }
                .filter { $0 > 0 }
                .observeValues { _ in withExtendedLifetime(token) {} }
        }
        input.send(value: 1)
        disposable?.dispose()
        #expect(token() == nil)
        input.send(value: 2)
        #expect(transformed.value == 1)
        withExtendedLifetime(disposable) {}
    }

    @Test("an observer of a derived signal that is kept, and observed twice")
    func observerOfKeptDerivedSignal() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let mapped = signal.map { $0 * 2 }
        let kept = Recorded<Int>()
        let other = mapped.observeValues { kept.append($0) }
        let (disposable, token) = observation { token in
            mapped.observeValues { _ in withExtendedLifetime(token) {} }
        }
        input.send(value: 1)
        disposable?.dispose()
        #expect(token() == nil)
        input.send(value: 2)
        #expect(kept.items == [2, 4])
        withExtendedLifetime((other, disposable)) {}
    }

    @Test("an attached Observer is released with what it captured")
    func attachedObserver() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let (disposable, token) = observation { token in
            signal.observe(Signal<Int, Never>.Observer { _ in withExtendedLifetime(token) {} })
        }
        input.send(value: 1)
        disposable?.dispose()
        #expect(token() == nil)
        withExtendedLifetime(disposable) {}
    }

    @Test("an observer disposing itself from its own callback is released when it returns")
    func disposedFromOwnCallback() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let others = signal.observeValues { _ in }
        let log = Recorded<String>()
        let box = DisposableBox()
        do {
            let token = ReleaseLogger(log)
            box.disposable = signal.observeValues { value in
                withExtendedLifetime(token) {
                    log.append("value \(value)")
                    box.disposable?.dispose()
                    log.append("disposed")
                }
            }
        }
        input.send(value: 1)
        log.append("send returned")
        input.send(value: 2)
        #expect(log.items == ["value 1", "disposed", "released", "send returned"])
        withExtendedLifetime((others, box)) {}
    }

    @Test("an observer of a signal that terminated is released though its disposable is held")
    func releasedAfterTermination() {
        for terminal in [Event<Int, Never>.completed, .interrupted] {
            let (signal, input) = Signal<Int, Never>.pipe()
            let (disposable, token) = observation { token in
                signal.observeValues { _ in withExtendedLifetime(token) {} }
            }
            let (other, otherToken) = observation { token in
                signal.observe { _ in withExtendedLifetime(token) {} }
            }
            input.send(value: 1)
            input.send(terminal)
            #expect(token() == nil)
            #expect(otherToken() == nil)
            withExtendedLifetime((disposable, other)) {}
        }
    }

    @Test(
        "an observer disposed on another thread while a value is delivered to it and others is released when that delivery returns"
    )
    func disposedDuringFanOutDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let others = (0..<2).map { _ in signal.observeValues { _ in } }
        let log = Recorded<String>()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let disposable = { () -> Disposable? in
            let token = ReleaseLogger(log)
            return signal.observeValues { value in
                withExtendedLifetime(token) {
                    log.append("value \(value)")
                    if value == 2 {
                        entered.signal()
                        proceed.wait()
                        log.append("delivery of 2 returns")
                    }
                }
            }
        }()
        input.send(value: 1)
        let sent = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            input.send(value: 2)
            log.append("send returned")
            sent.signal()
        }
        entered.wait()
        disposable?.dispose()
        proceed.signal()
        #expect(sent.wait(timeout: .now() + 60) == .success)
        #expect(
            log.items == [
                "value 1", "value 2", "delivery of 2 returns", "released", "send returned",
            ])
        withExtendedLifetime((others, disposable)) {}
    }

    @Test(
        "an observer of a chain disposed on another thread while a value crosses the chain is released when that delivery returns"
    )
    func disposedDuringChainDelivery() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let log = Recorded<String>()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let disposable = { () -> Disposable? in
            let token = ReleaseLogger(log)
            return signal.map { $0 + 1 }.filter { $0 > 0 }.observeValues { value in
                withExtendedLifetime(token) {
                    log.append("value \(value)")
                    if value == 3 {
                        entered.signal()
                        proceed.wait()
                        log.append("delivery of 3 returns")
                    }
                }
            }
        }()
        input.send(value: 1)
        let sent = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            input.send(value: 2)
            log.append("send returned")
            sent.signal()
        }
        entered.wait()
        disposable?.dispose()
        proceed.signal()
        #expect(sent.wait(timeout: .now() + 60) == .success)
        #expect(
            log.items == [
                "value 2", "value 3", "delivery of 3 returns", "released", "send returned",
            ])
        withExtendedLifetime(disposable) {}
    }

    @Test("the observer of a producer's run that never ends by itself")
    func producerRunObserver() {
        let (pipe, input) = Signal<Int, Never>.pipe()
        let producers: [(String, SignalProducer<Int, Never>)] = [
            ("never", .never),
            ("a signal's", SignalProducer(pipe)),
            ("a chain over a signal", SignalProducer(pipe).map { $0 + 1 }.filter { $0 > 0 }),
            (
                "a start handler keeping its observer",
                SignalProducer { observer, _ in
                    pipe.observeValues { observer.send(value: $0) }
                }
            ),
            (
                "flatMap(.latest)",
                SignalProducer(value: 1).flatMap(.latest) { _ in
                    SignalProducer(pipe)
                }
            ),
            ("take(until:)", SignalProducer(pipe).take(until: SignalProducer<Void, Never>.never)),
        ]
        for (name, producer) in producers {
            let (disposable, token) = observation { token in
                producer.startWithValues { _ in withExtendedLifetime(token) {} }
            }
            input.send(value: 1)
            disposable?.dispose()
            #expect(token() == nil, "\(name)")
            withExtendedLifetime(disposable) {}
        }
    }

    @Test("an observer of a started producer's signal, and of startWithSignal's signal")
    func producerSignalObserver() {
        let (pipe, input) = Signal<Int, Never>.pipe()
        let (disposable, token) = observation { token in
            SignalProducer(pipe).startWithSignal { signal, _ in
                signal.observeValues { _ in withExtendedLifetime(token) {} }
            }
        }
        input.send(value: 1)
        disposable?.dispose()
        #expect(token() == nil)
        withExtendedLifetime(disposable) {}
    }
}

/// Holds a disposable that a closure created before it can reach.
private final class DisposableBox: @unchecked Sendable {
    // Safety: only touched on the test's thread.
    var disposable: Disposable?
}

/// Logs its own deinitialisation.
private final class ReleaseLogger {
    let log: Recorded<String>
    init(_ log: Recorded<String>) { self.log = log }
    deinit { log.append("released") }
}
