import Observation
import Signalbox
import Testing

/// An `@Observable` model of the kind apps write, main-actor isolated (so `Sendable`).
@MainActor @Observable
private final class SearchForm {
    var query = ""
    var page = 1
    var unrelated = 0
}

@Suite("SignalProducer(observing:keyPath:on:): @Observable models feed pipelines")
@MainActor
struct ObservingProducerTests {
    @Test("sends the current value at once, then each change once the scheduler runs")
    func sendsCurrentThenChanges() {
        let scheduler = TestScheduler()
        let form = SearchForm()
        let received = Recorded<String>()
        let disposable = SignalProducer(observing: form, keyPath: \.query, on: scheduler)
            .startWithValues { received.append($0) }
        #expect(received.items == [""])
        form.query = "cat"
        #expect(received.items == [""])
        scheduler.advance()
        #expect(received.items == ["", "cat"])
        form.query = "dog"
        scheduler.advance()
        #expect(received.items == ["", "cat", "dog"])
        disposable.dispose()
    }

    @Test("changes made before the scheduled read are sent as one, the latest")
    func coalescesChanges() {
        let scheduler = TestScheduler()
        let form = SearchForm()
        let received = Recorded<Int>()
        SignalProducer(observing: form, keyPath: \.page, on: scheduler)
            .startWithValues { received.append($0) }
        form.page = 2
        form.page = 3
        scheduler.advance()
        #expect(received.items == [1, 3])
    }

    @Test("changes to properties the key path does not read are not sent")
    func ignoresOtherProperties() {
        let scheduler = TestScheduler()
        let form = SearchForm()
        let received = Recorded<String>()
        SignalProducer(observing: form, keyPath: \.query, on: scheduler)
            .startWithValues { received.append($0) }
        form.unrelated = 1
        scheduler.advance()
        #expect(received.items == [""])
        #expect(scheduler.pendingActionCount == 0)
    }

    @Test("after disposal nothing more is sent")
    func disposalStops() {
        let scheduler = TestScheduler()
        let form = SearchForm()
        let received = Recorded<String>()
        let disposable = SignalProducer(observing: form, keyPath: \.query, on: scheduler)
            .startWithValues { received.append($0) }
        disposable.dispose()
        form.query = "cat"
        scheduler.advance()
        form.query = "dog"
        scheduler.advance()
        #expect(received.items == [""])
    }

    @Test("the run holds the model weakly")
    func holdsModelWeakly() {
        let scheduler = TestScheduler()
        weak var weakForm: SearchForm?
        let received = Recorded<String>()
        do {
            let form = SearchForm()
            weakForm = form
            SignalProducer(observing: form, keyPath: \.query, on: scheduler)
                .startWithValues { received.append($0) }
        }
        #expect(weakForm == nil)
        scheduler.advance()
        #expect(received.items == [""])
    }

    @Test("Property(observing:) follows the model and binds into a MutableProperty")
    func propertyObserving() {
        let scheduler = TestScheduler()
        let form = SearchForm()
        let query = Property(observing: form, keyPath: \.query, on: scheduler)
        let target = MutableProperty("")
        target <~ query
        form.query = "fox"
        #expect(query.value == "")
        scheduler.advance()
        #expect(query.value == "fox")
        #expect(target.value == "fox")
    }
}
