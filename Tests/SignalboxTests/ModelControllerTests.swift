import Foundation
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

@Suite("ModelController: a generic loading state", .ownThreads)
struct ModelControllerTests {
    enum LoadError: Error, Equatable { case offline }

    /// A controller whose loads answer after 1 s of virtual time with the next of `values`
    /// (or `error`), counting starts and disposals.
    final class Fixture: @unchecked Sendable {
        // Safety: the counters are only touched on the test's thread (TestScheduler).
        let scheduler = TestScheduler()
        var starts = 0
        var disposals = 0
        var outcomes: [Result<Int, LoadError>]
        lazy var controller = ModelController<Int, LoadError>(scheduler: scheduler) {
            [unowned self] in
            SignalProducer { observer, lifetime in
                self.starts += 1
                let outcome = self.outcomes.isEmpty ? .success(0) : self.outcomes.removeFirst()
                lifetime += self.scheduler.schedule(afterDelay: 1) {
                    switch outcome {
                    case .success(let value):
                        observer.send(value: value)
                        observer.sendCompleted()
                    case .failure(let error):
                        observer.send(error: error)
                    }
                }
                lifetime.observeEnded { self.disposals += 1 }
            }
        }

        init(_ outcomes: [Result<Int, LoadError>]) { self.outcomes = outcomes }

        /// Every state the controller publishes, in order.
        func recordStates() -> () -> [LoadState<Int, LoadError>] {
            var states: [LoadState<Int, LoadError>] = []
            controller.state.producer.startWithValues { states.append($0) }
            return { states }
        }
    }

    @Test("idle, then updating, then updated — changing only when the scheduler runs")
    func updates() {
        let fixture = Fixture([.success(7)])
        let states = fixture.recordStates()
        fixture.controller.refresh.apply().start()
        #expect(states() == [.idle], "nothing changes before the scheduler runs")
        fixture.scheduler.advance()
        #expect(states() == [.idle, .updating(previous: nil)])
        fixture.scheduler.advance(by: 1)
        #expect(states() == [.idle, .updating(previous: nil), .updated(7)])
        #expect(fixture.controller.state.value.value == 7)
    }

    @Test("a failure keeps the previous value beside the error")
    func failureKeepsPrevious() {
        let fixture = Fixture([.success(7), .failure(.offline)])
        fixture.controller.refresh.apply().start()
        fixture.scheduler.advance(by: 1)
        fixture.controller.refresh.apply().start()
        fixture.scheduler.advance()
        #expect(fixture.controller.state.value == .updating(previous: 7))
        fixture.scheduler.advance(by: 1)
        #expect(fixture.controller.state.value == .failed(.offline, previous: 7))
        #expect(fixture.controller.state.value.error == .offline)
        #expect(fixture.controller.state.value.value == 7)
    }

    @Test("refresh is not started twice while a load is in flight; completion frees it")
    func inFlightGuard() {
        let fixture = Fixture([.success(1), .success(2)])
        var errors: [ActionError<LoadError>] = []
        fixture.controller.refresh.apply().start()
        fixture.controller.refresh.apply().startWithFailed { errors.append($0) }
        #expect(fixture.starts == 1)
        #expect(errors == [.disabled])
        #expect(!fixture.controller.refresh.isEnabled.value)
        fixture.scheduler.advance(by: 1)
        #expect(fixture.controller.refresh.isEnabled.value)
        fixture.controller.refresh.apply().start()
        fixture.scheduler.advance(by: 1)
        #expect(fixture.starts == 2)
        #expect(fixture.controller.state.value == .updated(2))
    }

    @Test("cancel interrupts the load, puts the state back and frees the action")
    func cancel() {
        let fixture = Fixture([.success(1), .success(2), .success(3)])
        fixture.controller.refresh.apply().start()
        fixture.scheduler.advance(by: 1)
        var events: [Event<Int, ActionError<LoadError>>] = []
        fixture.controller.refresh.apply().start { events.append($0) }
        fixture.scheduler.advance(by: 0.5)
        #expect(fixture.controller.state.value == .updating(previous: 1))
        fixture.controller.cancel()
        #expect(fixture.disposals == 2, "the load's run was disposed")
        #expect(events == [.interrupted])
        fixture.scheduler.run(leavingClockAtLastAction: true)
        #expect(fixture.controller.state.value == .updated(1))
        #expect(fixture.controller.refresh.isEnabled.value)
        fixture.controller.refresh.apply().start()
        fixture.scheduler.run()
        #expect(fixture.controller.state.value == .updated(3))
    }

    @Test("cancelling before the scheduler ran drops the load's state changes")
    func cancelBeforeScheduler() {
        let fixture = Fixture([])
        let states = fixture.recordStates()
        let controller = ModelController<Int, LoadError>(scheduler: fixture.scheduler) {
            SignalProducer(value: 5)
        }
        controller.refresh.apply().start()
        controller.cancel()
        fixture.scheduler.run()
        #expect(controller.state.value == .updated(5), "it had already finished")
        #expect(states() == [.idle])
    }

    @Test("disposing the refresh's run cancels the load like cancel()")
    func disposingTheRun() {
        let fixture = Fixture([.success(1)])
        let run = fixture.controller.refresh.apply().start()
        fixture.scheduler.advance()
        run.dispose()
        fixture.scheduler.run()
        #expect(fixture.disposals == 1)
        #expect(fixture.controller.state.value == .idle)
        #expect(fixture.controller.refresh.isEnabled.value)
    }

    @Test("a load that completes without a value returns to the previous state")
    func emptyLoad() {
        let scheduler = TestScheduler()
        let controller = ModelController<Int, Never>(scheduler: scheduler) { .empty }
        controller.refresh.apply().start()
        scheduler.run()
        #expect(controller.state.value == .idle)
    }

    @Test("the controller is released when nothing refers to it, mid-load included")
    func noLeak() {
        let scheduler = TestScheduler()
        weak var weakController: ModelController<Int, Never>?
        do {
            let controller = ModelController<Int, Never>(scheduler: scheduler) { .never }
            weakController = controller
            controller.refresh.apply().start()
            scheduler.advance()
        }
        #expect(weakController == nil)
    }

    @Test("refresh and cancel from several threads: state ends consistent, never stuck")
    func concurrent() {
        let scheduler = QueueScheduler(name: "ModelControllerTests.concurrent")
        let controller = ModelController<Int, Never>(scheduler: scheduler) {
            SignalProducer(value: 1).delay(0.001, on: QueueScheduler(name: "load"))
        }
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for _ in 0..<200 {
                if index % 2 == 0 {
                    controller.refresh.apply().start()
                } else {
                    controller.cancel()
                }
            }
        }
        controller.cancel()
        let settled = DispatchSemaphore(value: 0)
        scheduler.schedule { settled.signal() }
        #expect(settled.wait(timeout: .now() + 60) == .success)
        // The action ends when its load's last event has been delivered, on the load's
        // thread (a cancelled value already in delivery finishes first): wait for it.
        let enabled = DispatchSemaphore(value: 0)
        let watch = controller.refresh.isEnabled.producer.startWithValues {
            if $0 { enabled.signal() }
        }
        #expect(enabled.wait(timeout: .now() + 60) == .success, "refresh never ended")
        watch.dispose()
        scheduler.schedule { settled.signal() }
        #expect(settled.wait(timeout: .now() + 60) == .success)
        let final = controller.state.value
        #expect(final == .idle || final == .updated(1), "\(final)")
    }
}
