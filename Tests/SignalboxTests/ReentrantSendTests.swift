import Foundation
import Signalbox
import Testing

@Suite("a value sent into an observer from its own callback")
struct ReentrantSendTests {
    @Test("stops the program with a message naming the cause instead of deadlocking")
    func failsFast() async {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            exitSuccessfullyIfStillRunning(after: 5)
            let (signal, input) = Signal<Int, Never>.pipe()
            signal.observeValues { value in
                if value == 1 { input.send(value: 2) }
            }
            input.send(value: 1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("from inside that observer's own callback"))
    }

    @Test("the same mistake on a producer's run fails fast too")
    func producerFailsFast() async {
        await #expect(processExitsWith: .failure) {
            exitSuccessfullyIfStillRunning(after: 5)
            let (signal, input) = Signal<Int, Never>.pipe()
            SignalProducer(signal).map { $0 + 1 }.startWithValues { value in
                if value == 2 { input.send(value: 5) }
            }
            input.send(value: 1)
        }
    }

    @Test("a terminal event sent from the callback is still delivered after it")
    func terminalFromCallback() {
        let events = Recorded<Event<Int, Never>>()
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observe { event in
            events.append(event)
            if event.value == 1 { input.sendCompleted() }
        }
        input.send(value: 1)
        input.send(value: 2)
        #expect(events.items == [.value(1), .completed])
    }
}

/// A watchdog for exit tests: a child process that deadlocks instead of stopping exits
/// with success after `seconds`, which fails an expectation of `.failure`.
private func exitSuccessfullyIfStillRunning(after seconds: Double) {
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { exit(0) }
}
