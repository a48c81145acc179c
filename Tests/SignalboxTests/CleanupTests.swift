import Signalbox
import Testing

@Suite("Contract 5: a finished run leaks nothing")
struct CleanupTests {
    enum Ending: String, CaseIterable, Sendable {
        case completes, fails, isDisposed
    }

    @Test(
        "observer, operator closures and lifetime registrations are released",
        arguments: Ending.allCases)
    func runReleasesEverything(ending: Ending) {
        weak var weakObserverToken: Token?
        weak var weakOperatorToken: Token?
        weak var weakLifetimeToken: Token?
        var input: Signal<Int, TestError>.Observer?
        var disposable: Disposable?
        do {
            let observerToken = Token()
            let operatorToken = Token()
            let lifetimeToken = Token()
            weakObserverToken = observerToken
            weakOperatorToken = operatorToken
            weakLifetimeToken = lifetimeToken
            let producer = SignalProducer<Int, TestError> { observer, lifetime in
                input = observer
                lifetime.observeEnded { _ = lifetimeToken }
            }
            disposable =
                producer
                .map { value -> Int in
                    _ = operatorToken
                    return value + 1
                }
                .filter { _ in true }
                .start { _ in _ = observerToken }
        }
        #expect(weakObserverToken != nil && weakOperatorToken != nil && weakLifetimeToken != nil)
        switch ending {
        case .completes: input?.sendCompleted()
        case .fails: input?.send(error: .boom)
        case .isDisposed: disposable?.dispose()
        }
        #expect(weakObserverToken == nil)
        #expect(weakOperatorToken == nil)
        #expect(weakLifetimeToken == nil)
        _ = disposable
    }

    @Test("a signal releases its observers when it terminates")
    func signalReleasesObservers() {
        weak var weakToken: Token?
        let (signal, input) = Signal<Int, Never>.pipe()
        do {
            let token = Token()
            weakToken = token
            signal.observeValues { _ in _ = token }
        }
        #expect(weakToken != nil)
        input.sendCompleted()
        #expect(weakToken == nil)
    }

    @Test("a derived signal nobody refers to detaches from its upstream with its last observer")
    func derivedSignalDetaches() {
        let (signal, input) = Signal<Int, Never>.pipe()
        weak var weakToken: Token?
        let received = Recorded<Int>()
        var observation: Disposable?
        do {
            let token = Token()
            weakToken = token
            observation = signal.map { value -> Int in
                _ = token
                return value * 10
            }
            .observeValues { received.append($0) }
        }
        input.send(value: 1)
        #expect(weakToken != nil, "alive while observed")
        observation?.dispose()
        #expect(weakToken == nil, "the map closure is released once nobody can observe it")
        input.send(value: 2)
        #expect(received.items == [10])
    }

    @Test("a derived signal that is still referenced stays attached without observers")
    func referencedDerivedSignalStays() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let derived = signal.map { $0 + 1 }
        derived.observeValues { _ in }?.dispose()
        let received = Recorded<Int>()
        derived.observeValues { received.append($0) }
        input.send(value: 1)
        #expect(received.items == [2])
    }

    @Test("a take(first:) run releases upstream resources when it completes early")
    func earlyCompletionReleases() {
        weak var weakToken: Token?
        let ended = Counter()
        do {
            let token = Token()
            weakToken = token
            SignalProducer<Int, Never> { observer, lifetime in
                lifetime.observeEnded {
                    _ = token
                    ended.increment()
                }
                observer.send(value: 1)
                observer.send(value: 2)
            }
            .take(first: 1)
            .start()
        }
        #expect(ended.value == 1)
        #expect(weakToken == nil)
    }
}
