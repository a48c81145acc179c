import Foundation
import ImageSearchModel
import Signalbox

/// The search screen: a debounced query, paged results as cell models, and the paging action.
///
/// Threading: every property changes on `scheduler`, and the debounce runs on its clock, so
/// tests drive a `TestScheduler` and nothing sleeps. Inputs (`query`, `startSearch()`,
/// `cancelSearch()`, `loadNextPage`, `selectCellAtIndex(_:)`) may be used from any thread;
/// their effects are applied on the scheduler.
///
/// How it is built — one pipeline of the library's own operators, read top to bottom in
/// `init`:
///
/// ```text
/// query ─ debounce ─ trim ─┐
/// startSearch() ───────────┼─ skip repeats of the last searched text ─ flatMap(.latest) ─┐
/// cancelSearch() ──────────┘     (a newer search cancels the one in flight)              │
///                                each search: .started, then its pages (observe(on:))     │
/// loadNextPage ─────────────────────────────────── .nextPageRequested ──────────────────┤
///                                                                                        │
///                       scan(SearchScreen.reduced(by:)) ── the screen state ─────────────┘
///                         └─ Property(initial:then:) per published property
/// ```
///
/// Paging is remembered demand: `loadNextPage` sends `.nextPageRequested` into the same
/// stream; the reducer accepts it only with a next page and nothing loading, and the
/// search's trigger (`ImageSearching`) never drops a request, so the action always ends —
/// when the page arrives, when the search ends, or at once when refused.
///
/// Starting a search disposes the previous one, so a stale request is cancelled and its
/// page never reaches the list; `startSearch()` replaces the results instead of appending
/// to them; and `loadNextPage` is one stored `Action`, so its executing state guards
/// against loading a page twice.
public final class ImageSearchTableViewModel: ImageSearchTableViewModeling, @unchecked Sendable {
    // Safety: the observable state lives in `Property`/`MutableProperty` instances
    // (lock-protected); `detail` is only touched under `lock`; the rest is immutable after
    // `init`.
    private let scheduler: DateScheduler
    private let commandInput: Signal<SearchCommand, Never>.Observer
    private let pipeline: Disposable
    private let entities: Property<[ImageEntity]>
    private let lock = NSLock()

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
    /// One cell model per loaded image.
    public let cellModels: Property<[any ImageSearchTableViewCellModeling]>
    /// Whether a search or a page load is in flight.
    public let searching: Property<Bool>
    /// The failing search's error as a sentence, or `nil`.
    public let errorMessage: Property<String?>
    /// The number of hits for the current query.
    public let totalCount: Property<Int64>
    /// Whether another page can be requested.
    public let hasNextPage: Property<Bool>
    /// The screen's state, published once per completed transition of the other properties.
    public let state: Property<ImageSearchState>
    /// Loads the next page; see `ImageSearchTableViewModeling.loadNextPage`.
    public let loadNextPage: Action<Void, Void, Never>

    /// The detail view model that `selectCellAtIndex(_:)` drives (property-injected).
    public var imageDetailViewModel: (any ImageDetailViewModelModifiable)? {
        get { lock.withLock { detail } }
        set { lock.withLock { detail = newValue } }
    }
    private var detail: (any ImageDetailViewModelModifiable)?

    /// Creates the view model.
    ///
    /// - Parameters:
    ///   - imageSearch: The search service.
    ///   - network: Downloads preview images for the cell models.
    ///   - scheduler: Where every property changes, and the clock of the debounce.
    ///   - debounceInterval: Seconds the query must stay unchanged before it is searched.
    public init(
        imageSearch: ImageSearching, network: Networking, scheduler: DateScheduler,
        debounceInterval: TimeInterval = 0.3
    ) {
        self.scheduler = scheduler
        let (commands, commandInput) = Signal<SearchCommand, Never>.pipe()
        let (pageTrigger, pageTriggerInput) = Signal<Void, Never>.pipe()
        let (pageRequestEnded, pageRequestEndedInput) = Signal<Void, Never>.pipe()
        let (screens, screensInput) = Signal<SearchScreen, Never>.pipe()
        self.commandInput = commandInput

        // What to search: the settled query, and the explicit commands.
        let settledQueries = SignalProducer(queryProperty.signal)
            .debounce(debounceInterval, on: scheduler)
            .map { SearchCommand.settle($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let searches = SignalProducer.merge(
            settledQueries, SignalProducer(commands.filter(\.isSearch))
        )
        .scan(SearchOrders()) { $0.next(after: $1) }
        .compactMap(\.order)

        // Each search runs until a newer search (or a cancellation) replaces it.
        let sessions = searches.flatMap(.latest) {
            order -> SignalProducer<SearchScreenEvent, Never> in
            switch order {
            case .search(let text):
                return Self.session(
                    for: text, imageSearch: imageSearch, network: network, scheduler: scheduler,
                    trigger: pageTrigger)
            case .cancel:
                return SignalProducer(value: .cancelled)
            }
        }

        // The screen: every event folded by one reducer.
        pipeline = SignalProducer.merge(
            sessions,
            SignalProducer(commands.filter { $0 == .nextPage }.map { _ in .nextPageRequested })
        )
        .scan(SearchScreen.initial) { $0.reduced(by: $1) }
        .start(screensInput)

        // The published properties, in this order: data first, then the end of a page
        // request (so `loadNextPage` has stopped executing), then `searching` and `state` —
        // whoever reacts to those finds the action already enabled when a next page exists.
        entities = Property(initial: [], then: screens.map(\.entities))
        cellModels = Property(
            initial: [],
            then: screens.map { ($0.cellsVersion, $0.cells) }
                .skipRepeats { $0.0 == $1.0 }.map(\.1))
        totalCount = Property(initial: 0, then: screens.map(\.totalCount).skipRepeats())
        hasNextPage = Property(initial: false, then: screens.map(\.hasNextPage).skipRepeats())
        errorMessage = Property(initial: nil, then: screens.map(\.errorMessage).skipRepeats())
        screens.observeValues { screen in
            if screen.effects.endPageRequest { pageRequestEndedInput.send(value: ()) }
            // Sent from the scheduler's next turn, so a synchronous search cannot deliver the
            // page while this step is still being published.
            if screen.effects.requestPage {
                scheduler.schedule { pageTriggerInput.send(value: ()) }
            }
        }
        searching = Property(initial: false, then: screens.map(\.searching))
        state = Property(initial: .idle, then: screens.map(\.state).skipRepeats())

        let canLoadNextPage = hasNextPage.combineLatest(with: searching).map { $0 && !$1 }
        loadNextPage = Action(enabledIf: canLoadNextPage) {
            SignalProducer { observer, lifetime in
                lifetime += pageRequestEnded.observe { _ in observer.sendCompleted() }
                scheduler.schedule { commandInput.send(value: .nextPage) }
            }
        }
    }

    deinit {
        pipeline.dispose()
    }

    /// Searches the current query now (trimmed); a blank query clears the results.
    public func startSearch() {
        let text = query.value.trimmingCharacters(in: .whitespacesAndNewlines)
        send(.search(text))
    }

    /// Cancels the search or page load in flight; the results loaded so far stay, and no
    /// further page can be loaded for this search.
    public func cancelSearch() {
        send(.cancel)
    }

    /// Hands the found entities and `index` to the detail view model; an index out of range
    /// changes nothing.
    ///
    /// - Parameter index: The position in `cellModels`.
    public func selectCellAtIndex(_ index: Int) {
        let entities = self.entities.value
        guard entities.indices.contains(index) else { return }
        imageDetailViewModel?.update(entities, atIndex: index)
    }

    /// Sends `command` into the pipeline on the scheduler.
    private func send(_ command: SearchCommand) {
        let input = commandInput
        scheduler.schedule { input.send(value: command) }
    }

    /// One search: `.started`, then its pages as they arrive (hopping to `scheduler`), then
    /// `.finished` or `.failed`. A blank text is only `.started` (it clears the screen).
    private static func session(
        for text: String, imageSearch: ImageSearching, network: Networking,
        scheduler: DateScheduler, trigger: Signal<Void, Never>
    ) -> SignalProducer<SearchScreenEvent, Never> {
        let started = SignalProducer<SearchScreenEvent, Never>(value: .started(query: text))
        guard !text.isEmpty else { return started }
        let pages = imageSearch.searchImages(query: text, nextPageTrigger: SignalProducer(trigger))
            .map { response -> SearchScreenEvent in
                .page(
                    response,
                    response.images.map {
                        ImageSearchTableViewCellModel(
                            image: $0, network: network, scheduler: scheduler)
                    })
            }
            .concat(value: .finished)
            .flatMapError { SignalProducer<SearchScreenEvent, Never>(value: .failed($0)) }
            .observe(on: scheduler)
        return started.concat(pages)
    }
}

/// An input of the search pipeline.
enum SearchCommand: Equatable {
    /// The query settled on this (trimmed) text: searched unless it is the last searched.
    case settle(String)
    /// Search this text now, even if it is the last searched (`startSearch()`).
    case search(String)
    /// Cancel the search in flight (`cancelSearch()`).
    case cancel
    /// Load the next page (`loadNextPage`).
    case nextPage

    var isSearch: Bool { self != .nextPage }
}

/// Decides which commands start a search: the skip-repeats stage of the pipeline, against
/// the last *searched* text (which `startSearch()` also sets), not the last settled one.
struct SearchOrders {
    /// What to do: start a search, or cancel the one in flight.
    enum Order {
        case search(String)
        case cancel
    }

    private var lastSearched: String?
    /// The order for the command just seen, or `nil` to skip it.
    private(set) var order: Order?

    func next(after command: SearchCommand) -> SearchOrders {
        var next = self
        switch command {
        case .settle(let text):
            next.order = text == lastSearched ? nil : .search(text)
        case .search(let text):
            next.order = .search(text)
        case .cancel:
            next.order = .cancel
        case .nextPage:
            next.order = nil
        }
        if case .search(let text) = next.order { next.lastSearched = text }
        return next
    }
}
