import Foundation
import Testing

@testable import Signalbox

// ReactiveSwift's specs use `@testable import ReactiveSwift`; with `@testable import
// Signalbox` the internal declarations of Signalbox become visible too, and none of them may
// change what ReactiveSwift code means (issue 24).

@Suite("ReactiveSwift spellings under @testable import")
struct TestableImportSpellingTests {
    @Test("SignalProducer { _, _ in … } with several statements is the start-handler initialiser")
    func startHandlerTrailingClosure() {
        var starts = 0
        let producer = SignalProducer<String, TestError> { _, _ in
            starts += 1

            return
        }
        producer.start()
        producer.start()
        #expect(starts == 2)
    }

    @Test("Atomic is ReactiveSwift's lock-protected box, not Synchronization.Atomic")
    func atomicIsTheBox() {
        let counter = Atomic(0)
        counter.modify { $0 += 2 }
        #expect(counter.value == 2)
    }
}
