import Signalbox
import Testing

@Suite("Contract 8: actions")
struct ActionTests {
    @Test("apply while executing fails with .disabled and does not start the producer")
    func disabledWhileExecuting() {
        let starts = Counter()
        let (finish, finishInput) = Signal<Void, Never>.pipe()
        let action = Action<Int, Int, TestError> { input in
            SignalProducer { observer, lifetime in
                starts.increment()
                observer.send(value: input * 10)
                lifetime += finish.observeValues { observer.sendCompleted() }
            }
        }
        let first = Recorded<Event<Int, ActionError<TestError>>>()
        let second = Recorded<Event<Int, ActionError<TestError>>>()
        action.apply(1).start { first.append($0) }
        action.apply(2).start { second.append($0) }
        #expect(starts.value == 1)
        #expect(second.items == [.failed(.disabled)])
        finishInput.send(value: ())
        #expect(first.items == [.value(10), .completed])
        action.apply(3).start()
        #expect(starts.value == 2)
    }

    @Test("isExecuting goes false → true → false; isEnabled follows")
    func executingStates() {
        let (finish, finishInput) = Signal<Void, Never>.pipe()
        let action = Action<Void, Void, Never> {
            SignalProducer { observer, lifetime in
                lifetime += finish.observeValues { observer.sendCompleted() }
            }
        }
        let executing = Recorded<Bool>()
        let enabled = Recorded<Bool>()
        action.isExecuting.producer.startWithValues { executing.append($0) }
        action.isEnabled.producer.skipRepeats().startWithValues { enabled.append($0) }
        action.apply().start()
        finishInput.send(value: ())
        #expect(executing.items == [false, true, false])
        #expect(enabled.items == [true, false, true])
    }

    @Test("a refused apply does not re-send isExecuting")
    func refusedApplyIsSilent() {
        let action = Action<Void, Void, Never> { SignalProducer.never }
        let executing = Recorded<Bool>()
        action.isExecuting.producer.startWithValues { executing.append($0) }
        let run = action.apply().start()
        action.apply().start()
        action.apply().start()
        run.dispose()
        #expect(executing.items == [false, true, false])
    }

    @Test("errors and values arrive on the action's signals")
    func errorsAndValues() {
        let action = Action<Bool, String, TestError> { shouldFail in
            shouldFail ? SignalProducer(error: .boom) : SignalProducer(value: "ok")
        }
        let values = Recorded<String>()
        let errors = Recorded<TestError>()
        action.values.observeValues { values.append($0) }
        action.errors.observeValues { errors.append($0) }
        let result = Recorded<Event<String, ActionError<TestError>>>()
        action.apply(true).start { result.append($0) }
        action.apply(false).start()
        #expect(errors.items == [.boom])
        #expect(values.items == ["ok"])
        #expect(result.items == [.failed(.producerFailed(.boom))])
    }

    @Test("enabledIf gates the action")
    func enabledIf() {
        let allowed = MutableProperty(false)
        let starts = Counter()
        let action = Action<Void, Void, Never>(enabledIf: allowed) {
            starts.increment()
            return .empty
        }
        let outcome = Recorded<Event<Void, ActionError<Never>>>()
        action.apply().start { outcome.append($0) }
        #expect(starts.value == 0)
        #expect(outcome.items.first.map { "\($0)" } == "FAILED disabled")
        #expect(!action.isEnabled.value)
        allowed.value = true
        #expect(action.isEnabled.value)
        action.apply().start()
        #expect(starts.value == 1)
    }

    @Test("disposing an applied run interrupts the producer and ends execution")
    func disposeApplied() {
        let interrupted = Counter()
        let action = Action<Void, Void, Never> {
            SignalProducer.never.on(interrupted: { interrupted.increment() })
        }
        let run = action.apply().start()
        #expect(action.isExecuting.value)
        run.dispose()
        #expect(interrupted.value == 1)
        #expect(!action.isExecuting.value)
    }

    @Test("isExecuting feeding enabledIf (not a feedback loop): no deadlock")
    func executingFeedsEnabled() {
        // ReactiveSwift's ActionSpec: `enabled <~ action.isExecuting.negate()`.
        let enabled = MutableProperty(false)
        let action = Action<Void, Void, Never>(enabledIf: enabled) { SignalProducer.never }
        let done = finishes {
            enabled <~ action.isExecuting.negate()
            let run = action.apply().start()
            run.dispose()
        }
        #expect(done, "deadlocked")
        guard done else { return }
        #expect(enabled.value)
        #expect(action.isEnabled.value)
        #expect(!action.isExecuting.value)
    }

    @Test("an isEnabled observer that disables the action while apply starts: no deadlock")
    func controlBinding() {
        // ReactiveSwift's ActionSpec "control binding": a text field that is first
        // responder, disabled by the action, sends a control event that disables the
        // action's condition, synchronously, while `apply` is starting the run.
        let enabled = MutableProperty(false)
        let action = Action<Void, Void, Never>(enabledIf: enabled) { SignalProducer.never }
        let isFirstResponder = MutableProperty(false)
        action.isEnabled.producer
            .compactMap { isEnabled in !isEnabled && isFirstResponder.value ? () : nil }
            .startWithValues { enabled.value = false }
        enabled.value = true
        #expect(action.isEnabled.value)
        isFirstResponder.value = true
        let run = Atomic<Disposable?>(nil)
        let started = finishes { run.modify { $0 = action.apply().start() } }
        #expect(started, "deadlocked")
        guard started else { return }
        #expect(!enabled.value)
        #expect(!action.isEnabled.value)
        #expect(action.isExecuting.value)
        run.withValue { $0?.dispose() }
        #expect(!enabled.value)
        #expect(!action.isEnabled.value)
        #expect(!action.isExecuting.value)
        enabled.value = true
        #expect(action.isEnabled.value)
        #expect(!action.isExecuting.value)
    }
}
