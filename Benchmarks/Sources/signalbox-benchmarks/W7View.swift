import Foundation
import ImageSearchModel
import ImageSearchOffline
import ImageSearchViewModel
import Signalbox

// W7v: search as you type through the real view model, the work a front end pays per
// keystroke beyond the pipeline of W7d. `ImageSearchTableViewModel` over `ImageSearch` and
// the `OfflineCatalog`, all on one `TestScheduler`: each keystroke sets the query (one of
// 64 catalog words, never equal to the one before), and the scheduler is advanced past the
// debounce, so every keystroke is searched. Its page comes from the response cache (filled
// by one untimed pass over the 64 words first), so what is counted is the view model's own
// work — the debounce, the reducer, the effect replacing the previous search, the service's
// cache lookup and paging, 20 new cell models, the projected properties — not the catalog's
// JSON, which D1 measures.
//
// Signalbox only: there is no plain or OpenCombine view model to put beside it. One
// operation is one keystroke; `W7v-setup` is the same run without the counted keystrokes,
// and callgrind.sh and allocations.sh subtract it (the set-up and the untimed pass).
let w7vKeys = 1_000

/// 64 words of the offline catalog, each tagged on at least four of its photos.
let w7vQueries: [String] = """
    wildlife mountain nature animal sky landscape cat fox forest flower sea lake bird night \
    red pet meadow water summer snow coffee city autumn architecture spring food sunset \
    river fruit farm africa winter vintage urban sand ocean morning cute blue trees tree \
    owl fog deer cold waves peak macro insect healthy domestic coast bridge weather \
    squirrel savanna rose puppy pasture moon mist green grass evening
    """.split(separator: " ").map(String.init)

/// Builds the view model, types each word once (untimed: fills the response cache), then
/// types `keys` more keystrokes; returns (keys, checksum of the rows and totals seen).
func w7vRun(keys: Int) -> (operations: Int, checksum: Int) {
    let scheduler = TestScheduler()
    let pixabay: Pixabay
    do {
        pixabay = try Pixabay(apiKey: nil, perPage: 20)
    } catch {
        FileHandle.standardError.write(Data("W7v: \(error)\n".utf8))
        exit(1)
    }
    let catalog = OfflineCatalog()
    let search = ImageSearch(
        network: catalog, pixabay: pixabay, cache: ResponseCache(clock: scheduler),
        rateLimiter: RateLimiter(maximumRequests: 1_000_000, clock: scheduler))
    let table = ImageSearchTableViewModel(
        imageSearch: search, network: catalog, scheduler: scheduler, debounceInterval: 0.3,
        source: .offlineCatalog)
    var checksum = 0
    func type(_ query: String) {
        table.query.value = query
        scheduler.advance(by: 0.3)
        checksum &+= table.cellModels.value.count &+ Int(truncatingIfNeeded: table.totalCount.value)
    }
    for query in w7vQueries { type(query) }
    // The last warm-up word is also where the counted keystrokes start, so that the first
    // counted keystroke is never equal to it.
    w7vType(keys: keys, type)
    return (keys, checksum)
}

/// The counted keystrokes (out of line, so that a profile finds them in one place).
@inline(never)
func w7vType(keys: Int, _ type: (String) -> Void) {
    for key in 0..<keys { type(w7vQueries[key & 63]) }
}

let w7vCases: [Case] = [
    Case(impl: "signalbox", workload: "W7v") { w7vRun(keys: w7vKeys) },
    Case(impl: "signalbox", workload: "W7v-setup") { w7vRun(keys: 0) },
]
