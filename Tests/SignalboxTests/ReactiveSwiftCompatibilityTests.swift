import Foundation
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

// The ReactiveSwift 7 spellings that Signalbox accepts (issue 24): each test uses the
// spelling as ReactiveSwift code writes it and checks the behaviour its documentation gives.

@Suite("ReactiveSwift spellings: types and initialisers", .ownThreads)
struct ReactiveSwiftTypeSpellingTests {
    @Test("SignalProducer.ProducedSignal and Signal.Event name the nested types")
    func nestedTypes() {
        // ReactiveSwift's helpers are written against these spellings.
        let (signal, input) = SignalProducer<Int, TestError>.ProducedSignal.pipe()
        let events = Recorded<Signal<Int, TestError>.Event>()
        signal.observe { events.append($0) }
        input.send(value: 1)
        input.send(error: .boom)
        #expect(events.items == [.value(1), .failed(.boom)])
    }

    @Test("Lifetime(token) ends when the token is disposed, and `ended` completes then")
    func lifetimeToken() {
        let token = Lifetime.Token()
        let lifetime = Lifetime(token)
        let ended = Counter()
        lifetime.ended.observeCompleted { ended.increment() }
        #expect(!lifetime.hasEnded)
        token.dispose()
        #expect(lifetime.hasEnded)
        #expect(ended.value == 1)
    }

    @Test("SignalProducer(_:) takes any sequence without a label")
    func sequenceInitialiser() {
        let recorder = EventRecorder(
            starting: SignalProducer<Int, Never>(stride(from: 1, through: 5, by: 2)))
        #expect(recorder.values == [1, 3, 5])
        #expect(recorder.isCompleted)
        // A sequence of producers stays a producer of producers, which `flatten` accepts.
        let nested: SignalProducer<Int, Never> = SignalProducer([
            SignalProducer<Int, Never>(value: 1), SignalProducer<Int, Never>(value: 2),
        ]).flatten(.merge)
        #expect(EventRecorder(starting: nested).values == [1, 2])
    }

    @Test("a throwing trailing closure binds to the synchronous initialiser")
    func throwingClosure() {
        struct Parse: Error {}
        let calls = Counter()
        let producer = SignalProducer<Int, Swift.Error> {
            calls.increment()
            guard calls.value < 2 else { throw Parse() }
            return 42
        }
        // Synchronous: the value is there as soon as `start` returns.
        let first = EventRecorder(starting: producer)
        #expect(first.values == [42])
        #expect(first.isCompleted)
        let second = EventRecorder(starting: producer)
        #expect(second.failure is Parse)
        #expect(calls.value == 2)
    }

    @Test("Atomic reads, swaps and modifies under its lock, from many threads")
    func atomic() {
        let count = Atomic(0)
        concurrently(threads: 8) { _ in
            for _ in 0..<1000 { count.modify { $0 += 1 } }
        }
        #expect(count.value == 8000)
        #expect(count.swap(1) == 8000)
        #expect(count.withValue { $0 + 1 } == 2)
        count.value = 5
        #expect(count.value == 5)
    }

    @Test("Bag hands out a token per insertion and removes exactly that element")
    func bag() {
        var bag = Bag(["a", "b"])
        let first = bag.insert("c")
        let second = bag.insert("c")
        #expect(Array(bag) == ["a", "b", "c", "c"])
        #expect(bag.remove(using: first) == "c")
        #expect(bag.remove(using: first) == nil)
        #expect(Array(bag) == ["a", "b", "c"])
        bag.remove(using: second)
        #expect(Array(bag) == ["a", "b"])
    }
}

@Suite("ReactiveSwift spellings: DispatchTimeInterval", .ownThreads)
struct DispatchTimeIntervalSpellingTests {
    @Test("TestScheduler advances and rewinds by DispatchTimeInterval")
    func advanceAndRewind() {
        let scheduler = TestScheduler()
        let fired = Counter()
        scheduler.schedule(after: .milliseconds(1500)) { fired.increment() }
        scheduler.advance(by: .seconds(1))
        #expect(fired.value == 0)
        scheduler.advance(by: .milliseconds(500))
        #expect(fired.value == 1)
        #expect(scheduler.elapsed() == 1.5)
        scheduler.rewind(by: .seconds(2))
        #expect(scheduler.elapsed() == -0.5)
        scheduler.rewind(by: .seconds(-3))  // negative counts as zero
        #expect(scheduler.elapsed() == -0.5)
    }

    @Test("timer(interval:on:) with a DispatchTimeInterval ticks in virtual time")
    func timer() {
        let scheduler = TestScheduler()
        let recorder = EventRecorder(
            starting: SignalProducer.timer(interval: .seconds(2), on: scheduler).take(first: 2))
        scheduler.advance(by: .seconds(3))
        #expect(recorder.values == [Date(timeIntervalSinceReferenceDate: 2)])
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values.count == 2)
        #expect(recorder.isCompleted)
    }

    @Test("interval(_:interval:on:) sends one element per tick, then completes")
    func intervalOfSequence() {
        let scheduler = TestScheduler()
        let recorder = EventRecorder(
            starting: SignalProducer.interval("ab", interval: .seconds(1), on: scheduler))
        scheduler.advance(by: .milliseconds(900))
        #expect(recorder.values.isEmpty)
        scheduler.advance(by: .milliseconds(200))
        #expect(recorder.values == ["a"])
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == ["a", "b"])
        #expect(!recorder.isTerminated)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.isCompleted)
    }

    @Test("collect(every:) sends each window's values; completion waits for the window")
    func collectEvery() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(
            observing: signal.collect(
                every: .seconds(1), on: scheduler, skipEmpty: false, discardWhenCompleted: false))
        input.send(value: 1)
        input.send(value: 2)
        scheduler.advance(by: .milliseconds(1500))
        #expect(recorder.values == [[1, 2]])
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == [[1, 2], []])
        input.send(value: 3)
        input.sendCompleted()
        #expect(!recorder.isTerminated)
        scheduler.advance(by: .seconds(1))
        #expect(recorder.values == [[1, 2], [], [3]])
        #expect(recorder.isCompleted)
    }

    @Test("collect(every:) by default drops the window in progress on completion")
    func collectEveryDiscards() {
        let scheduler = TestScheduler()
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(
            observing: signal.collect(every: .seconds(1), on: scheduler, skipEmpty: true))
        input.send(value: 1)
        input.sendCompleted()
        scheduler.advance()
        #expect(recorder.values.isEmpty)
        #expect(recorder.isCompleted)
        scheduler.advance(by: .seconds(5))
        #expect(recorder.values.isEmpty)
    }

    @Test("sleep(for:) resumes once virtual time has passed")
    func sleep() async throws {
        let scheduler = TestScheduler()
        let task = Task { try await scheduler.sleep(for: .seconds(5)) }
        // The sleep schedules its wake-up when the task first runs, which a busy pool may
        // delay past any number of yields (then the clock had passed and the test waited
        // for ever): wait for the wake-up itself.
        while scheduler.pendingActionCount == 0 { await Task.yield() }
        await scheduler.advance(by: .seconds(4))
        await scheduler.advance(by: .seconds(1))
        try await task.value
        #expect(scheduler.elapsed() == 5)
    }

    @Test("a cancelled sleep throws CancellationError and cancels its wake-up")
    func sleepCancelled() async {
        let scheduler = TestScheduler()
        let task = Task { try await scheduler.sleep(for: .seconds(5)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(scheduler.pendingActionCount == 0)
    }
}

@Suite("ReactiveSwift spellings: operators", .ownThreads)
struct ReactiveSwiftOperatorSpellingTests {
    @Test("flatMap and flatMapError closures may return .init(value:) and .empty")
    func contextualInner() {
        let mapped = SignalProducer<Int, TestError>(values: 1, 2)
            .flatMap(.concat) { .init(value: $0 * 10) }
        #expect(EventRecorder(starting: mapped).values == [10, 20])
        let recovered: SignalProducer<Int, Never> = SignalProducer<Int, TestError>(error: .boom)
            .flatMapError { _ in .empty }
        #expect(EventRecorder(starting: recovered).isCompleted)
    }

    @Test("FlattenStrategy.throttle drops outer values while an inner stream runs")
    func throttleStrategy() {
        let (outer, input) = Signal<Int, Never>.pipe()
        let scheduler = TestScheduler()
        let recorder = EventRecorder(
            observing: outer.flatMap(.throttle) { value in
                SignalProducer(value: value).delay(1, on: scheduler)
            })
        input.send(value: 1)
        input.send(value: 2)  // dropped: 1 is still running
        scheduler.advance(by: 1)
        input.send(value: 3)
        scheduler.advance(by: 1)
        #expect(recorder.values == [1, 3])
        #expect(FlattenStrategy.throttle.description == "throttle")
        #expect(FlattenStrategy.concurrent(limit: UInt(2)) == .concurrent(limit: 2))
    }

    @Test("flatten of inner streams that cannot fail keeps the outer error")
    func flattenNeverInner() {
        let (outer, input) = Signal<SignalProducer<Int, Never>, TestError>.pipe()
        let recorder = EventRecorder(observing: outer.flatten(.merge))
        input.send(value: SignalProducer(value: 1))
        input.send(error: .boom)
        #expect(recorder.values == [1])
        #expect(recorder.failure == .boom)
    }

    @Test("flatten() sends the elements of sequence values; repeat(_:) runs in a row")
    func flattenSequenceAndRepeat() {
        let pages = SignalProducer<[Int], Never>(values: [1, 2], [], [3])
        #expect(EventRecorder(starting: pages.flatten()).values == [1, 2, 3])
        let runs = Counter()
        let producer = SignalProducer<Int, Never> { () -> Int in
            runs.increment()
            return runs.value
        }
        #expect(EventRecorder(starting: producer.repeat(3)).values == [1, 2, 3])
        #expect(EventRecorder(starting: producer.repeat(0)).isCompleted)
    }

    @Test("on(...) takes value last, in ReactiveSwift's parameter order")
    func onValueLast() {
        let seen = Recorded<String>()
        SignalProducer<Int, TestError>(values: 1, 2)
            .on(completed: { seen.append("completed") }, value: { seen.append("value \($0)") })
            .start()
        #expect(seen.items == ["value 1", "value 2", "completed"])
    }

    @Test("scanMap carries a state and sends what it derives")
    func scanMap() {
        let deltas = SignalProducer<Int, Never>(values: 3, 5, 4).scanMap(0) { ($1, $1 - $0) }
        #expect(EventRecorder(starting: deltas).values == [3, 2, -1])
        let numbered = SignalProducer<String, Never>(values: "a", "b")
            .scanMap(into: 0) { count, value in
                count += 1
                return "\(count)\(value)"
            }
        #expect(EventRecorder(starting: numbered).values == ["1a", "2b"])
    }

    @Test("take(until:) with a predicate forwards the value that ends it, then completes")
    func takeUntilPredicate() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let recorder = EventRecorder(observing: signal.take(until: { $0 < 3 }))
        for value in 1...5 { input.send(value: value) }
        #expect(recorder.values == [1, 2, 3])
        #expect(recorder.isCompleted)
    }

    @Test("collect(_:) with a predicate on the array, or on the array and the next value")
    func collectPredicates() {
        let sums = SignalProducer<Int, Never>(values: 1, 2, 3, 4, 5, 6)
            .collect { $0.reduce(0, +) >= 6 }
        #expect(EventRecorder(starting: sums).values == [[1, 2, 3], [4, 5], [6]])
        let runs = SignalProducer<Int, Never>(values: 5, 5, 42, 5).collect { _, next in next != 5 }
        #expect(EventRecorder(starting: runs).values == [[5, 5], [42, 5]])
    }

    @Test("promoteValue types a stream of no values for combination")
    func promoteValue() {
        let done = SignalProducer<Never, TestError>.empty.promoteValue(Int.self)
        let recorder = EventRecorder(starting: done.concat(value: 1))
        #expect(recorder.values == [1])
    }

    @Test("variadic all and any over producers, signals and properties")
    func variadicBooleans() {
        let a = MutableProperty(true)
        let b = MutableProperty(false)
        #expect(Property.all(a, b).value == false)
        #expect(Property.any(a, b).value == true)
        let both = EventRecorder(
            starting: SignalProducer.all(a.producer, b.producer).take(first: 1))
        #expect(both.values == [false])
        let (s1, i1) = Signal<Bool, Never>.pipe()
        let (s2, i2) = Signal<Bool, Never>.pipe()
        let any = EventRecorder(observing: Signal.any(s1, s2))
        i1.send(value: false)
        i2.send(value: true)
        #expect(any.values == [true])
    }

    @Test("asyncStream delivers a producer's values and ends with it")
    func asyncStream() async throws {
        var sum = 0
        for await value in SignalProducer([1, 2, 3]).asyncStream { sum += value }
        #expect(sum == 6)
        let failing = SignalProducer<Int, TestError>(error: .boom).asyncThrowingStream
        await #expect(throws: TestError.self) {
            for try await _ in failing {}
        }
    }
}

@Suite("ReactiveSwift spellings: properties, actions, bindings, reactive", .ownThreads)
struct ReactiveSwiftPropertySpellingTests {
    @Test("Property.combinePrevious, uniqueValues and flatten")
    func propertyOperators() {
        let source = MutableProperty(1)
        let pairs = source.combinePrevious(0)
        let unique = source.uniqueValues()
        source.value = 2
        source.value = 1
        #expect(pairs.value == (2, 1))
        #expect(unique.value == 2)
        let outer = MutableProperty(Property(value: "a"))
        #expect(outer.flatten(.latest).value == "a")
    }

    @Test("Property.combineLatest and zip of collections, with an empty sentinel")
    func propertyCollections() {
        let a = MutableProperty(1)
        let b = MutableProperty(2)
        let latest = Property.combineLatest([a, b])
        a.value = 3
        #expect(latest?.value == [3, 2])
        #expect(Property.combineLatest([MutableProperty<Int>](), emptySentinel: [0]).value == [0])
        #expect(Property<[Int]>.zip([MutableProperty<Int>]()) == nil)
        let pair = Property.combineLatest(a, b)
        #expect(pair.value == (3, 2))
    }

    @Test("Action(state:enabledIf:) runs with the state, enabled as the closure decides")
    func actionWithState() {
        let count = MutableProperty(0)
        let add = Action<Int, Int, Never>(
            state: count, enabledIf: { $0 < 10 },
            execute: { state, input in SignalProducer(value: state + input) })
        let values = Recorded<Int>()
        add.values.observeValues { values.append($0) }
        add.apply(2).start()
        count.value = 10
        #expect(!add.isEnabled.value)
        add.apply(3).start()
        #expect(values.items == [2])
    }

    @Test("Action(unwrapping:) is disabled while the state is nil")
    func actionUnwrapping() throws {
        let state = MutableProperty<Int?>(nil)
        let echo = Action(unwrapping: state) { (value: Int) in
            SignalProducer<Int, Never>(value: value)
        }
        #expect(!echo.isEnabled.value)
        state.value = 4
        #expect(echo.isEnabled.value)
        #expect(try echo.apply().single()?.get() == 4)
    }

    @Test("Action(validated:) runs with the stored (possibly coerced) value")
    func actionValidated() throws {
        struct Invalid: Error {}
        let input = ValidatingProperty<Int, Invalid>(0) { value in
            value < 0 ? .invalid(Invalid()) : value > 10 ? .coerced(10, nil) : .valid
        }
        let echo = Action(validated: input) { (value: Int) in
            SignalProducer<Int, Never>(value: value)
        }
        input.value = 20
        #expect(try echo.apply().single()?.get() == 10)
        input.value = -1
        #expect(!echo.isEnabled.value)
    }

    @Test("<~ returns an optional disposable that ends the binding")
    func bindingDisposable() {
        let target = MutableProperty(0)
        let (signal, input) = Signal<Int, Never>.pipe()
        let disposable: Disposable? = target <~ signal
        input.send(value: 1)
        disposable?.dispose()
        input.send(value: 2)
        #expect(target.value == 1)
    }

    @Test("reactive notifications arrive while observed and stop after disposal")
    func notifications() {
        let center = NotificationCenter()
        let name = Notification.Name("ReactiveSwiftCompatibilityTests")
        let received = Counter()
        let observation = center.reactive.notifications(forName: name).observeValues { _ in
            received.increment()
        }
        center.post(name: name, object: nil)
        observation?.dispose()
        center.post(name: name, object: nil)
        #expect(received.value == 1)
    }

    @Test("a type extends Reactive and reaches it through .reactive")
    func reactiveNamespace() {
        final class Thermometer: ReactiveExtensionsProvider {
            var reading = 20.0
        }
        let thermometer = Thermometer()
        let target: BindingTarget<Double> = thermometer.reactive.reading
        target <~ SignalProducer(value: 25.0)
        #expect(thermometer.reading == 25)
        #expect(Thermometer.reactive == Reactive<Thermometer>.self)
    }
}
