import Foundation
import Signalbox
import SignalboxTesting
import TestThreads
import Testing

@testable import imagesearch

/// The keys as a producer: the decoder scanned over the terminal's bytes, with the Escape
/// timeout on a scheduler (virtual time here).
@Suite("keys as a producer of the terminal's bytes", .ownThreads)
struct KeyStreamTests {
    let scheduler = TestScheduler()
    let bytes: Signal<[UInt8], Never>
    let input: Signal<[UInt8], Never>.Observer

    init() {
        (bytes, input) = Signal<[UInt8], Never>.pipe()
    }

    func record() -> EventRecorder<Key, Never> {
        EventRecorder(starting: KeyDecoder.keys(from: SignalProducer(bytes), on: scheduler))
    }

    @Test("a lone ESC is the Escape key once the input has paused for the timeout")
    func escapeAfterPause() {
        let keys = record()
        input.send(value: [0x1B])
        #expect(keys.values == [])
        scheduler.advance(by: KeyDecoder.escapeTimeout * 0.9)
        #expect(keys.values == [])
        scheduler.advance(by: KeyDecoder.escapeTimeout * 0.2)
        #expect(keys.values == [.escape])
    }

    @Test("a sequence split across reads within the timeout is one key")
    func sequenceAcrossReads() {
        let keys = record()
        input.send(value: [0x1B])
        scheduler.advance(by: KeyDecoder.escapeTimeout * 0.5)
        input.send(value: Array("[".utf8))
        scheduler.advance(by: KeyDecoder.escapeTimeout * 0.9)
        input.send(value: Array("A".utf8))
        scheduler.run()
        #expect(keys.values == [.up])
    }

    @Test("each chunk restarts the timeout: only a real pause flushes")
    func chunkRestartsTimeout() {
        let keys = record()
        input.send(value: Array("ab".utf8))
        scheduler.advance(by: KeyDecoder.escapeTimeout * 0.9)
        input.send(value: [0x1B])
        scheduler.advance(by: KeyDecoder.escapeTimeout * 0.9)
        #expect(keys.values == [.character("a"), .character("b")])
        scheduler.advance(by: KeyDecoder.escapeTimeout * 0.2)
        #expect(keys.values == [.character("a"), .character("b"), .escape])
    }

    @Test("keys come in the order typed; the end of input completes after the last pause")
    func orderAndCompletion() {
        let keys = record()
        input.send(value: Array("x".utf8) + [0x0D])
        input.send(value: [0x1B])
        input.sendCompleted()
        #expect(keys.values == [.character("x"), .enter])
        #expect(!keys.isTerminated)
        scheduler.run()
        #expect(
            keys.events == [.value(.character("x")), .value(.enter), .value(.escape), .completed])
    }

    @Test("the input adapter sends what a descriptor delivers and completes at its end")
    func adapterReadsDescriptor() {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let reader = descriptors[0]
        let writer = descriptors[1]
        defer { close(reader) }
        let ended = DispatchSemaphore(value: 0)
        // Recorded first, then the test woken: `on(terminated:)` runs before the events
        // reach anything after it, so a recorder after it could still miss the completion.
        let received = EventRecorder<[UInt8], Never>()
        let run = TerminalInput.bytes(from: reader, pollInterval: 20)
            .on(event: received.receive)
            .on(terminated: { ended.signal() })
            .start()
        defer { run.dispose() }
        let text = Array("hello".utf8)
        #expect(write(writer, text, text.count) == text.count)
        close(writer)
        #expect(ended.wait(timeout: .now() + 60) == .success)
        #expect(received.values.flatMap { $0 } == text)
        #expect(received.events.last == .completed)
    }
}
