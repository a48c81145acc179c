import OpenCombine
import Signalbox

// S1: N observers attached to one pipe/subject, then disposed one by one in FIFO (oldest
// first), LIFO (newest first) or a fixed pseudo-random order; N = 1k, 10k, 100k. One
// operation is one dispose; only the disposals are timed (attaching is not), and callgrind
// counts only the `s1Dispose…` functions (see callgrind.sh). The disposals are done in two
// halves with one value sent after each: the checksum sums a hash of each observer that
// received a value (order-insensitive: OpenCombine's subject keeps a set; Signalbox's
// delivery order is covered by its tests).
//
// `--limit K` disposes only the first K observers of the order (the O(N)-per-dispose core
// made FIFO at 100k take minutes); the checksum then still matches across implementations.

/// The orders of disposal, by name.
enum S1Order: String, CaseIterable {
    case fifo, lifo, random
}

let s1Sizes = [("1k", 1_000), ("10k", 10_000), ("100k", 100_000)]

/// How many of the N observers a run disposes (`--limit K`, default all).
let s1Limit: Int? = {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--limit"), index + 1 < arguments.count else {
        return nil
    }
    return Int(arguments[index + 1])
}()

/// The indices of `count` observers in the order they are disposed.
func s1DisposalOrder(_ order: S1Order, count: Int) -> [Int] {
    var indices = Array(0..<count)
    switch order {
    case .fifo: break
    case .lifo: indices.reverse()
    case .random:
        // SplitMix64 with a fixed seed: the same order for every implementation and run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        for i in stride(from: count - 1, to: 0, by: -1) {
            let j = Int(next() % UInt64(i + 1))
            indices.swapAt(i, j)
        }
    }
    if let limit = s1Limit, limit < count { indices.removeLast(count - limit) }
    return indices
}

/// Adds one delivery to the checksum.
@inline(__always)
func s1Fold(_ sum: Sum, _ id: Int) {
    sum.value &+= (id &+ 1) &* 0x9E37_79B1
}

/// A hand-written subject whose observers can be removed: closures in an array of optionals,
/// each token remembering its slot (removal clears the slot; no compaction). The floor.
final class PlainRemovableSubject {
    final class Token {
        let slot: Int
        weak var subject: PlainRemovableSubject?
        init(slot: Int, subject: PlainRemovableSubject) {
            self.slot = slot
            self.subject = subject
        }
        func cancel() { subject?.observers[slot] = nil }
    }
    var observers: [((Int) -> Void)?] = []
    func observe(_ observer: @escaping (Int) -> Void) -> Token {
        observers.append(observer)
        return Token(slot: observers.count - 1, subject: self)
    }
    func send(_ value: Int) {
        for case let observer? in observers { observer(value) }
    }
}

@inline(never)
func s1DisposePlain(_ tokens: [PlainRemovableSubject.Token], _ order: ArraySlice<Int>) {
    for index in order { tokens[index].cancel() }
}

@inline(never)
func s1DisposeSignalbox(_ disposables: [Disposable?], _ order: ArraySlice<Int>) {
    for index in order { disposables[index]?.dispose() }
}

@inline(never)
func s1DisposeOpenCombine(_ cancellables: [AnyCancellable], _ order: ArraySlice<Int>) {
    for index in order { cancellables[index].cancel() }
}

/// Runs S1 once: attaches `count` observers with `attach` (untimed), disposes them in two
/// timed halves with `dispose`, sending a value with `send` after each half.
func s1Run<Handle>(
    _ order: S1Order, count: Int, attach: (Int) -> Handle, send: (Int) -> Void,
    dispose: ([Handle], ArraySlice<Int>) -> Void
) -> (operations: Int, checksum: Int, nanoseconds: UInt64) {
    let disposals = s1DisposalOrder(order, count: count)
    var handles: [Handle] = []
    handles.reserveCapacity(count)
    for i in 0..<count { handles.append(attach(i)) }
    let half = disposals.count / 2
    var start = now()
    dispose(handles, disposals[..<half])
    var elapsed = now() - start
    send(1)
    start = now()
    dispose(handles, disposals[half...])
    elapsed += now() - start
    send(2)
    withExtendedLifetime(handles) {}
    return (disposals.count, 0, elapsed)
}

func s1Cases() -> [Case] {
    var cases: [Case] = []
    for (label, count) in s1Sizes {
        for order in S1Order.allCases {
            let workload = "S1-\(order.rawValue)-\(label)"
            cases.append(
                Case.partlyTimed(
                    impl: "plain", workload: workload,
                    timed: {
                        let sum = Sum()
                        let subject = PlainRemovableSubject()
                        var result = s1Run(
                            order, count: count,
                            attach: { id in subject.observe { _ in s1Fold(sum, id) } },
                            send: subject.send, dispose: s1DisposePlain)
                        result.checksum = sum.value
                        return result
                    },
                    memory: {
                        let sum = Sum()
                        let subject = PlainRemovableSubject()
                        return bytesPerItem(count: count) { id in
                            subject.observe { _ in s1Fold(sum, id) }
                        }
                    }))
            cases.append(
                Case.partlyTimed(
                    impl: "signalbox", workload: workload,
                    timed: {
                        let sum = Sum()
                        let (output, input) = Signal<Int, Never>.pipe()
                        var result = s1Run(
                            order, count: count,
                            attach: { id in output.observeValues { _ in s1Fold(sum, id) } },
                            send: { input.send(value: $0) }, dispose: s1DisposeSignalbox)
                        input.sendCompleted()
                        result.checksum = sum.value
                        return result
                    },
                    memory: {
                        let sum = Sum()
                        let (output, input) = Signal<Int, Never>.pipe()
                        defer { withExtendedLifetime(input) {} }
                        return bytesPerItem(count: count) { id in
                            output.observeValues { _ in s1Fold(sum, id) }
                        }
                    }))
            cases.append(
                Case.partlyTimed(
                    impl: "opencombine", workload: workload,
                    timed: {
                        let sum = Sum()
                        let subject = PassthroughSubject<Int, Never>()
                        var result = s1Run(
                            order, count: count,
                            attach: { id in subject.sink { _ in s1Fold(sum, id) } },
                            send: { subject.send($0) }, dispose: s1DisposeOpenCombine)
                        subject.send(completion: .finished)
                        result.checksum = sum.value
                        return result
                    },
                    memory: {
                        let sum = Sum()
                        let subject = PassthroughSubject<Int, Never>()
                        return bytesPerItem(count: count) { id in
                            subject.sink { _ in s1Fold(sum, id) }
                        }
                    }))
        }
    }
    return cases
}
