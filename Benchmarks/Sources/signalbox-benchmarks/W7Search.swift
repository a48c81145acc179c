import OpenCombine
import Signalbox

// W7: search as you type, the pipeline this package exists for. Each keystroke (a query
// string, never equal to the one before) goes through `skipRepeats` → `flatMap(.latest)` to
// a stub search answering a page of 20 records at once → `map` to 20 display strings →
// observer. The stub sits behind an `@inline(never)` function for every implementation, as a
// network layer would. One operation is one keystroke.
// - W7d: 20 records, one short display string each (two small strings joined: no heap);
// - W7n: 20 heavier records, a display string built by interpolation each (user and the
//   likes formatted), so the pipeline's share of a keystroke is smaller.
// W4-1: W4 with one inner value per outer value (`SignalProducer(value:)`, `Just`): the fixed
// cost of starting and disposing an inner run of `flatMap(.latest)`. One operation is one
// outer value.
let w7dKeys = 20_000
let w7nKeys = 10_000
let w41Outer = 100_000

/// One search hit as the stub answers it.
struct W7Record: Sendable {
    let id: Int
    let user: String
    let tags: String
    let likes: Int
    let likesText: String
}

/// 64 distinct queries, typed one after another (keystroke k is `w7Queries[k % 64]`, never
/// equal to the keystroke before it).
let w7Queries: [String] = (0..<64).map { (index: Int) -> String in
    let prefix = String("fox red tail".prefix(1 + index % 12))
    return prefix + String(index / 12)
}

/// Four pages of 20 records for W7d (short user names) and four for W7n (long fields).
let w7dPages: [[W7Record]] = (0..<4).map { page in
    (0..<20).map { row in
        W7Record(
            id: page * 20 + row, user: "user\(row)", tags: "", likes: row * 7,
            likesText: " ♥\(row * 7)")
    }
}
let w7nPages: [[W7Record]] = (0..<4).map { page in
    (0..<20).map { row in
        W7Record(
            id: 1_000_000 + page * 20 + row, user: "photographer-\(page)-\(row)",
            tags: "fox, red fox, animal, wildlife, nature, mammal, tail \(row)",
            likes: row * 7, likesText: "")
    }
}

@inline(never)
func w7dDisplay(_ record: W7Record) -> String {
    record.user + record.likesText
}

@inline(never)
func w7nDisplay(_ record: W7Record) -> String {
    "\(record.user) ♥\(record.likes)"
}

/// What an observer adds up for a list of display strings: their count and their bytes.
@inline(__always)
func w7Checksum(_ strings: [String]) -> Int {
    var total = strings.count
    for string in strings { total &+= string.utf8.count }
    return total
}

/// The stub search: the page for `query`, answered at once.
@inline(never)
func w7Page(_ query: String, heavy: Bool) -> [W7Record] {
    (heavy ? w7nPages : w7dPages)[query.utf8.count & 3]
}

@inline(never)
func w7PlainSearch(_ query: String, heavy: Bool, _ answer: ([W7Record]) -> Void) {
    answer(w7Page(query, heavy: heavy))
}

@inline(never)
func w7SignalboxSearch(_ query: String, heavy: Bool) -> SignalProducer<[W7Record], Never> {
    SignalProducer(value: w7Page(query, heavy: heavy))
}

@inline(never)
func w7OpenCombineSearch(_ query: String, heavy: Bool) -> Just<[W7Record]> {
    Just(w7Page(query, heavy: heavy))
}

/// The hand-written floor: the previous query (skipRepeats), a generation counter (latest),
/// the stub's callback, the display strings, the sink.
final class PlainSearchBox {
    private var previous: String?
    private var generation = 0
    private let heavy: Bool
    private let sink: ([String]) -> Void

    init(heavy: Bool, _ sink: @escaping ([String]) -> Void) {
        self.heavy = heavy
        self.sink = sink
    }

    func type(_ query: String) {
        if let previous, previous == query { return }
        previous = query
        generation += 1
        let current = generation
        let heavy = heavy
        w7PlainSearch(query, heavy: heavy) { page in
            if current == self.generation {
                self.sink(page.map(heavy ? w7nDisplay : w7dDisplay))
            }
        }
    }
}

func w7Cases(_ workload: String, keys: Int, heavy: Bool) -> [Case] {
    [
        Case(impl: "plain", workload: workload) {
            let sum = Sum()
            let box = PlainSearchBox(heavy: heavy) { sum.value &+= w7Checksum($0) }
            for key in 0..<keys { box.type(w7Queries[key & 63]) }
            return (keys, sum.value)
        },
        Case(impl: "signalbox", workload: workload) {
            let sum = Sum()
            SignalProducer<String, Never> { observer, _ in
                for key in 0..<keys { observer.send(value: w7Queries[key & 63]) }
                observer.sendCompleted()
            }
            .skipRepeats()
            .flatMap(.latest) { query in w7SignalboxSearch(query, heavy: heavy) }
            .map { page in page.map(heavy ? w7nDisplay : w7dDisplay) }
            .startWithValues { sum.value &+= w7Checksum($0) }
            return (keys, sum.value)
        },
        Case(impl: "opencombine", workload: workload) {
            let sum = Sum()
            let cancellable = (0..<keys).publisher
                .map { w7Queries[$0 & 63] }
                .removeDuplicates()
                .map { query in w7OpenCombineSearch(query, heavy: heavy) }
                .switchToLatest()
                .map { page in page.map(heavy ? w7nDisplay : w7dDisplay) }
                .sink { sum.value &+= w7Checksum($0) }
            cancellable.cancel()
            return (keys, sum.value)
        },
    ]
}

@inline(never)
func plainOneInner(_ outer: Int) -> (_ send: (Int) -> Void) -> Void {
    { send in send(outer) }
}

let w41Cases: [Case] = [
    Case(impl: "plain", workload: "W4-1") {
        let sum = Sum()
        let latest = PlainLatest { sum.value &+= $0 }
        for outer in 0..<w41Outer { latest.outer(plainOneInner(outer)) }
        return (w41Outer, sum.value)
    },
    Case(impl: "signalbox", workload: "W4-1") {
        let sum = Sum()
        SignalProducer<Int, Never> { observer, _ in
            for outer in 0..<w41Outer { observer.send(value: outer) }
            observer.sendCompleted()
        }
        .flatMap(.latest) { outer in SignalProducer<Int, Never>(value: outer) }
        .startWithValues { sum.value &+= $0 }
        return (w41Outer, sum.value)
    },
    Case(impl: "opencombine", workload: "W4-1") {
        let sum = Sum()
        let cancellable = (0..<w41Outer).publisher
            .map { outer in Just(outer) }
            .switchToLatest()
            .sink { sum.value &+= $0 }
        cancellable.cancel()
        return (w41Outer, sum.value)
    },
]

let w7AllCases: [Case] =
    w7Cases("W7d", keys: w7dKeys, heavy: false) + w7Cases("W7n", keys: w7nKeys, heavy: true)
    + w41Cases
