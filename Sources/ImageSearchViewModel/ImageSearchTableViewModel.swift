import Foundation
import ImageSearchModel
import Signalbox

/// The search screen: a debounced query, paged results as cell models, the paging action,
/// and a status that says honestly what the rows are.
///
/// Threading: every property changes on `scheduler`, and the debounce and the rate-limit
/// countdown run on its clock, so tests drive a `TestScheduler` and nothing sleeps. Inputs
/// (`query`, `startSearch()`, `cancelSearch()`, `retry()`, `loadNextPage`,
/// `selectCellAtIndex(_:)`) may be used from any thread; their effects are applied on the
/// scheduler.
///
/// How it is built — a reducer and a pipeline of the library's own operators, read top to
/// bottom in `init`:
///
/// ```text
/// query ─ map(trim) ──────────────── .queryChanged ─┐
///       └ debounce ─ map(trim) ───── .querySettled ─┤
/// startSearch() cancelSearch() retry() ─────────────┤
/// loadNextPage (an Action) ─── .nextPageRequested ──┤      ┌─ effects (producers) ─┐
/// imageSearch.rateLimitedUntil ─ .rateLimitChanged ─┤      │  search: pages,       │
///                                                   ▼      │  finished or failed   │
///               ImageSearchTableReducer.reduce(into:action:) ◀──── (actions) ───────┘
///                          │  state × action → state, effects
///                          ▼
///               one state ─ map ─ skipRepeats ─ Property(initial:then:) per property
/// ```
///
/// A new search is an effect started under the ID of the search it replaces, so starting it
/// disposes (cancels) the old one, and a stale page never reaches the list. Paging is
/// remembered demand held in the state: `loadNextPage` sends `.nextPageRequested`; the
/// reducer accepts it only with a next page and nothing loading, and counts it; the
/// running search's `nextPageTrigger` is that count's increases, and the search service
/// never drops a trigger. So the action always ends — when the page arrives, when the
/// search ends, or at once when refused — and no pipe carries page requests.
///
/// While a new search loads, the rows of the previous one stay (``ImageSearchStatus/resultsAreStale``
/// says so) until its first page replaces them; a blank query clears them at once.
public final class ImageSearchTableViewModel: ImageSearchTableViewModeling, Sendable {
    private typealias Store = ReducerStore<
        ImageSearchTableState, ImageSearchTableAction, ImageSearchTableReducer.EffectID
    >

    private let store: Store
    /// The bindings from the inputs into the store.
    private let inputs = CompositeDisposable()
    // Safety (`nonisolated(unsafe)`: the protocol does not require `Sendable`): the detail
    // view model is only stored and read under the lock of the `Atomic` box, and its
    // contract lets its inputs be used from any thread.
    nonisolated(unsafe) private let detail = Atomic<(any ImageDetailViewModelModifiable)?>(nil)

    /// The text of the search box.
    ///
    /// Settable only so that SwiftUI's `@Bindable` can bind it (`$viewModel.query.value` needs
    /// a writable key path at each step): the view model keeps its own property, and
    /// assigning another one stores that property's current value into it.
    public var query: MutableProperty<String> {
        get { queryProperty }
        set {
            if newValue !== queryProperty { queryProperty.value = newValue.value }
        }
    }
    private let queryProperty = MutableProperty("")
    /// One cell model per row shown; see ``ImageSearchTableViewModeling/cellModels``.
    public let cellModels: Property<[any ImageSearchTableViewCellModeling]>
    /// Whether a search or a page load is in flight.
    public let searching: Property<Bool>
    /// The failing search's error as a sentence, or `nil`.
    public let errorMessage: Property<String?>
    /// The number of hits the service reports for the rows' query.
    public let totalCount: Property<Int64>
    /// Whether another page can be requested.
    public let hasNextPage: Property<Bool>
    /// The screen's state, published once per completed transition of the other properties.
    public let state: Property<ImageSearchState>
    /// Everything the status line shows; see ``ImageSearchTableViewModeling/status``.
    public let status: Property<ImageSearchStatus>
    /// Loads the next page; see ``ImageSearchTableViewModeling/loadNextPage``.
    public let loadNextPage: Action<Void, Void, Never>

    /// The detail view model that `selectCellAtIndex(_:)` drives (property-injected).
    public var imageDetailViewModel: (any ImageDetailViewModelModifiable)? {
        get { detail.value }
        set { detail.modify { $0 = newValue } }
    }

    /// Creates the view model.
    ///
    /// - Parameters:
    ///   - imageSearch: The search service.
    ///   - network: Downloads preview images for the cell models.
    ///   - scheduler: Where every property changes, and the clock of the debounce.
    ///   - debounceInterval: Seconds the query must stay unchanged before it is searched.
    ///   - source: Where results come from, as ``status`` names it (default: not named).
    public init(
        imageSearch: ImageSearching, network: Networking, scheduler: DateScheduler,
        debounceInterval: TimeInterval = 0.3, source: SearchSource = .unspecified
    ) {
        let initial = ImageSearchTableState(source: source)
        let reducer = ImageSearchTableReducer(imageSearch: imageSearch, scheduler: scheduler)
        let store = Store(
            state: MutableProperty(initial), scheduler: scheduler, reduce: reducer.reduce)
        self.store = store

        // The inputs, as actions (`send` hops to the scheduler).
        let typed = queryProperty.signal.map(Self.trimmed)
        let settled = typed.debounce(debounceInterval, on: scheduler)
        let rateLimit = imageSearch.rateLimitedUntil.producer.skipRepeats()
        for binding in [
            store <~ typed.map(ImageSearchTableAction.queryChanged),
            store <~ settled.map(ImageSearchTableAction.querySettled),
            store <~ rateLimit.map { .rateLimitChanged(until: $0, now: scheduler.currentDate) },
        ] {
            inputs.add(binding)
        }

        // The published properties, projections of the one state, in this order: data
        // first, then the end of a page request (so `loadNextPage` has stopped executing) and
        // whether a page can be asked for, then `status`, `searching` and `state` — whoever
        // reacts to those finds the action already enabled when a next page exists, and an
        // observer of `searching` or `state` finds `status` up to date.
        // Each starts with the current state, so `skipRepeats` publishes changes only.
        let states = store.state.producer
        // Cell models are projected from the entities, keeping those of rows already shown
        // (each downloads its preview once).
        cellModels = Property(
            initial: [],
            then: states.map(\.results.entities).skipRepeats()
                .scan(into: CellModels(network: network, scheduler: scheduler)) {
                    $0.update(to: $1)
                }
                .map(\.cells))
        totalCount = Property(initial: 0, then: states.map(\.results.totalCount).skipRepeats())
        hasNextPage = Property(initial: false, then: states.map(\.hasNextPage).skipRepeats())
        errorMessage = Property(initial: nil, then: states.map(\.errorMessage).skipRepeats())
        let pageRequestsEnded = store.state.signal.map(\.lastEndedPageRequest).skipRepeats()
        let pageRequests = Atomic(0)
        let canLoadNextPage = Property(
            initial: false, then: states.map { $0.hasNextPage && !$0.isSearching }.skipRepeats())
        status = Property(initial: initial.status, then: states.map(\.status).skipRepeats())
        searching = Property(initial: false, then: states.map(\.isSearching).skipRepeats())
        state = Property(initial: .idle, then: states.map(\.summary).skipRepeats())

        loadNextPage = Action(enabledIf: canLoadNextPage) { [weak store] in
            SignalProducer { observer, lifetime in
                guard let store else { return observer.sendCompleted() }
                // Each application has a number; it ends when the state says that number
                // ended (answered, refused, or made moot by another search).
                let number = pageRequests.modify { count -> Int in
                    count &+= 1
                    return count
                }
                lifetime += pageRequestsEnded.filter { $0 == number }.take(first: 1)
                    .observeCompleted { observer.sendCompleted() }
                store.send(.nextPageRequested(number))
            }
        }
    }

    deinit {
        inputs.dispose()
        store.cancelEffects()
    }

    /// Searches the current query now (trimmed); a blank query clears the results.
    public func startSearch() {
        store.send(.searchRequested(Self.trimmed(query.value)))
    }

    /// Cancels the query waiting for its debounce (it is not searched), or else the search
    /// or page load in flight; the rows loaded so far stay, ``status`` says "cancelled", and
    /// no further page can be loaded until ``retry()``. With nothing in flight or pending,
    /// does nothing.
    public func cancelSearch() {
        store.send(.cancelRequested)
    }

    /// After a failed or cancelled search, searches its query again; after a page that
    /// failed (or was cancelled) with rows shown, asks for that page again and keeps the
    /// rows. Does nothing unless ``ImageSearchStatus/canRetry``.
    ///
    /// A resumed search asks the service for the pages already shown again and leaves them
    /// out: `ImageSearch` answers those from its response cache.
    public func retry() {
        store.send(.retryRequested)
    }

    /// Hands the found entities and `index` to the detail view model; an index out of range
    /// changes nothing.
    ///
    /// - Parameter index: The position in `cellModels`.
    public func selectCellAtIndex(_ index: Int) {
        let entities = store.state.value.results.entities
        guard entities.indices.contains(index) else { return }
        imageDetailViewModel?.update(entities, atIndex: index)
    }

    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The cell models of the rows: one per entity, kept while the rows grow (a page appended)
/// and made anew when they are replaced.
private struct CellModels {
    let network: any Networking
    let scheduler: any DateScheduler
    private(set) var entities: [ImageEntity] = []
    private(set) var cells: [any ImageSearchTableViewCellModeling] = []

    init(network: any Networking, scheduler: any DateScheduler) {
        self.network = network
        self.scheduler = scheduler
    }

    mutating func update(to next: [ImageEntity]) {
        if !next.starts(with: entities) {
            entities = []
            cells = []
        }
        let added = next.dropFirst(entities.count)
        cells += added.map {
            ImageSearchTableViewCellModel(image: $0, network: network, scheduler: scheduler)
        }
        entities = next
    }
}
