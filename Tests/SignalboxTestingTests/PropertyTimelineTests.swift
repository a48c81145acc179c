import Foundation
import Signalbox
import SignalboxTesting
import Testing

private enum Phase: Equatable {
    case idle
    case loading
    case loaded(Int)
}

/// A tiny view model: `start()` goes to loading, and 0.5 s later to loaded(count).
private final class Loader {
    let phase = MutableProperty(Phase.idle)
    let count = MutableProperty(0)
    private let scheduler: TestScheduler

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    func start(flicker: Bool = false) {
        phase.value = .loading
        scheduler.schedule(afterDelay: 0.5) { [self] in
            count.value = 3
            if flicker { phase.value = .idle }
            phase.value = .loaded(3)
        }
    }
}

@Suite("PropertyTimeline")
struct PropertyTimelineTests {
    private let scheduler = TestScheduler()

    @Test("every change is recorded with its time; the tracked value and repeats are not")
    func records() {
        let loader = Loader(scheduler: scheduler)
        let timeline = PropertyTimeline(clock: scheduler)
        let phase = timeline.track("phase", loader.phase)
        let count = timeline.track("count", loader.count)
        scheduler.advance(by: 0.2)
        loader.start()
        loader.phase.value = .loading
        scheduler.advance(by: 1)
        #expect(
            timeline.changes == [
                phase.changed(to: .loading, at: 0.2), count.changed(to: 3, at: 0.7),
                phase.changed(to: .loaded(3), at: 0.7),
            ])
        #expect(
            timeline.difference(from: [
                phase.changed(to: .loading, at: 0.2),
                count.changed(to: 3, at: 0.7),
                phase.changed(to: .loaded(3), at: 0.7),
            ]) == nil)
        #expect(timeline.uncheckedChanges() == nil)
    }

    @Test("each check covers the changes since the previous one; derived properties live on")
    func stepwise() {
        let loader = Loader(scheduler: scheduler)
        let timeline = PropertyTimeline(clock: scheduler)
        let phase = timeline.track("phase", loader.phase)
        let tens = timeline.track("tens", loader.count.map { $0 * 10 })
        loader.start()
        #expect(timeline.difference(from: [phase.changed(to: .loading, at: 0)]) == nil)
        scheduler.advance(by: 0.5)
        #expect(
            timeline.difference(from: [
                tens.changed(to: 30, at: 0.5), phase.changed(to: .loaded(3), at: 0.5),
            ]) == nil)
        loader.start()
        #expect(timeline.uncheckedChanges()?.lines == [.unexpected("0.500 s phase = loading")])
        #expect(timeline.difference(from: []) == nil)
    }

    @Test("an unstated change fails an exhaustive check, with a readable diff")
    func unexpectedChangeFails() {
        let loader = Loader(scheduler: scheduler)
        let timeline = PropertyTimeline(clock: scheduler)
        let phase = timeline.track("phase", loader.phase)
        timeline.track("count", loader.count)
        loader.start(flicker: true)
        scheduler.advance(by: 1)
        let difference = timeline.difference(from: [
            phase.changed(to: .loading, at: 0),
            phase.changed(to: .loaded(3), at: 0.5),
        ])
        #expect(
            difference?.description == """
                property changes differ from expected (- expected, + recorded):
                  0.000 s phase = loading
                + 0.500 s count = 3
                + 0.500 s phase = idle
                  0.500 s phase = loaded(3)
                """)
    }

    @Test("a wrong value or time shows as a - line and a + line")
    func wrongValue() {
        let loader = Loader(scheduler: scheduler)
        let timeline = PropertyTimeline(clock: scheduler)
        let count = timeline.track("count", loader.count)
        loader.start()
        scheduler.advance(by: 1)
        #expect(
            timeline.difference(from: [count.changed(to: 3, at: 0.4)])?.lines == [
                .missing("0.400 s count = 3"), .unexpected("0.500 s count = 3"),
            ])
    }

    @Test("non-exhaustive: unstated changes pass, a missing or misordered one fails")
    func nonExhaustive() {
        let loader = Loader(scheduler: scheduler)
        let timeline = PropertyTimeline(clock: scheduler, exhaustive: false)
        let phase = timeline.track("phase", loader.phase)
        let count = timeline.track("count", loader.count)
        loader.start(flicker: true)
        scheduler.advance(by: 1)
        #expect(timeline.difference(from: [phase.changed(to: .loaded(3), at: 0.5)]) == nil)

        loader.start()
        scheduler.advance(by: 1)
        let difference = timeline.difference(from: [
            phase.changed(to: .loaded(3), at: 1.5), count.changed(to: 4, at: 1.5),
        ])
        #expect(
            difference?.description == """
                expected property changes not found in order (- expected, + recorded; \
                non-exhaustive, so + lines alone would pass):
                + 1.000 s phase = loading
                  1.500 s phase = loaded(3)
                - 1.500 s count = 4
                """)
        #expect(timeline.uncheckedChanges() == nil)
    }

    @Test("changes from several threads are all recorded")
    func threads() async {
        let property = MutableProperty(0)
        let timeline = PropertyTimeline(clock: scheduler)
        timeline.track("n", property)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<250 { property.modify { $0 += 1 } }
                }
            }
        }
        #expect(property.value == 1000)
        #expect(timeline.changes.count == 1000)
    }
}
