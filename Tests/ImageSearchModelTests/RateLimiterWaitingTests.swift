import Foundation
import ImageSearchModel
import Signalbox
import SignalboxTesting
import Testing

@Suite("RateLimiter.waitingUntil: a wait a screen can show")
struct RateLimiterWaitingTests {
    let scheduler = TestScheduler()

    /// The date `seconds` after the scheduler's start.
    func at(_ seconds: TimeInterval) -> Date {
        TestScheduler.defaultStartDate.addingTimeInterval(seconds)
    }

    @Test("a request over the budget publishes when it will start, and nil once it starts")
    func waitThenStart() {
        let limiter = RateLimiter(maximumRequests: 1, window: 10, clock: scheduler)
        let seen = Atomic<[Date?]>([])
        let observation = limiter.waitingUntil.producer.startWithValues { date in
            seen.modify { $0.append(date) }
        }
        defer { observation.dispose() }
        limiter.limit(SignalProducer<Int, Never>(value: 1)).start()
        #expect(limiter.waitingUntil.value == nil)
        scheduler.advance(by: 4)
        limiter.limit(SignalProducer<Int, Never>(value: 2)).start()
        #expect(limiter.waitingUntil.value == at(10))
        scheduler.advance(by: 6)
        #expect(limiter.waitingUntil.value == nil)
        #expect(seen.value == [nil, at(10), nil])
    }

    @Test("with two waiting, the later start shows; disposing a waiting request ends its wait")
    func twoWaitingAndDisposal() {
        let limiter = RateLimiter(maximumRequests: 1, window: 10, clock: scheduler)
        limiter.limit(SignalProducer<Int, Never>(value: 1)).start()
        let second = limiter.limit(SignalProducer<Int, Never>(value: 2)).start()
        let third = limiter.limit(SignalProducer<Int, Never>(value: 3)).start()
        #expect(limiter.waitingUntil.value == at(20))  // the second starts at 10, the third at 20
        third.dispose()
        #expect(limiter.waitingUntil.value == at(10))
        second.dispose()
        #expect(limiter.waitingUntil.value == nil)
        scheduler.run()
        #expect(limiter.waitingUntil.value == nil)
    }

    @Test("after a pause (a 429's Retry-After) the next request waits for its end")
    func pauseShowsAsWait() {
        let limiter = RateLimiter(clock: scheduler)
        limiter.pause(for: 54)
        let request = limiter.limit(SignalProducer<Int, Never>(value: 1)).start()
        #expect(limiter.waitingUntil.value == at(54))
        scheduler.advance(by: 54)
        #expect(limiter.waitingUntil.value == nil)
        request.dispose()
    }
}
