import Foundation
import ImageSearchModel
import Signalbox

/// The search screen: a debounced query, paged results as cell models, and the paging action.
///
/// Threading: every property changes on `scheduler`, and the debounce runs on its clock, so
/// tests drive a `TestScheduler` and nothing sleeps. Inputs (`query`, `startSearch()`,
/// `loadNextPage`, `selectCellAtIndex(_:)`) may be used from any thread; their effects are
/// applied on the scheduler.
///
/// Unlike the original design, starting a search disposes the previous one (cancelling its
/// request), `startSearch()` replaces results instead of appending, and `loadNextPage` is one
/// stored `Action`, so its executing state guards against double page loads.
public final class ImageSearchTableViewModel: ImageSearchTableViewModeling, @unchecked Sendable {
    // Safety: observable state lives in `MutableProperty` instances (lock-protected);
    // `session` is only touched under `lock`; `currentSearch` is a lock-protected
    // `SerialDisposable`; the rest is immutable after `init`.
    private let imageSearch: ImageSearching
    private let network: Networking
    private let scheduler: DateScheduler
    private let currentSearch = SerialDisposable()
    private let queryObservation: Disposable?
    private let lock = NSLock()
    private var session: SearchSession?
    /// Identifies the current search, so that late events of a replaced search are ignored.
    private var generation = 0

    private let _cellModels = MutableProperty<[any ImageSearchTableViewCellModeling]>([])
    private let _entities = MutableProperty<[ImageEntity]>([])
    private let _searching = MutableProperty(false)
    private let _errorMessage = MutableProperty<String?>(nil)
    private let _totalCount = MutableProperty<Int64>(0)
    private let _hasNextPage = MutableProperty(false)
    private let _lastQuery = MutableProperty<String?>(nil)
    private let _state = MutableProperty(ImageSearchState.idle)

    /// The text of the search box.
    public let query = MutableProperty("")
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
        self.imageSearch = imageSearch
        self.network = network
        self.scheduler = scheduler
        cellModels = Property(capturing: _cellModels)
        searching = Property(capturing: _searching)
        errorMessage = Property(capturing: _errorMessage)
        totalCount = Property(capturing: _totalCount)
        hasNextPage = Property(capturing: _hasNextPage)
        state = Property(capturing: _state)

        let canLoadNextPage = _hasNextPage.combineLatest(with: _searching).map { $0 && !$1 }
        let pageLoader = PageLoader()
        loadNextPage = Action(enabledIf: canLoadNextPage) { pageLoader.requestNextPage() }

        weak var weakSelf: ImageSearchTableViewModel?
        queryObservation = query.signal
            .debounce(debounceInterval, on: scheduler)
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .observeValues { text in weakSelf?.queryDidSettle(text) }
        weakSelf = self
        pageLoader.owner = self
    }

    deinit {
        queryObservation?.dispose()
        currentSearch.dispose()
    }

    /// Searches the current query now (trimmed); a blank query clears the results.
    public func startSearch() {
        let text = query.value.trimmingCharacters(in: .whitespacesAndNewlines)
        scheduler.schedule { [weak self] in self?.search(text) }
    }

    /// Cancels the search or page load in flight; the results loaded so far stay, and no
    /// further page can be loaded for this search.
    public func cancelSearch() {
        scheduler.schedule { [weak self] in
            guard let self else { return }
            let replaced = self.lock.withLock { () -> SearchSession? in
                defer { self.session = nil }
                self.generation += 1
                return self.session
            }
            self.currentSearch.inner = nil
            replaced?.pagesInput.sendCompleted()
            self._hasNextPage.value = false
            self._searching.value = false
            self.publishState()
        }
    }

    /// Hands the found entities and `index` to the detail view model; an index out of range
    /// changes nothing.
    ///
    /// - Parameter index: The position in `cellModels`.
    public func selectCellAtIndex(_ index: Int) {
        let entities = _entities.value
        guard entities.indices.contains(index) else { return }
        imageDetailViewModel?.update(entities, atIndex: index)
    }

    /// Runs on the scheduler when the debounced query changed.
    private func queryDidSettle(_ text: String) {
        guard text != _lastQuery.value else { return }
        search(text)
    }

    /// Starts a search for `text`, replacing the current one. Runs on the scheduler.
    private func search(_ text: String) {
        let (searchID, replaced) = lock.withLock { () -> (Int, SearchSession?) in
            defer { session = nil }
            generation += 1
            return (generation, session)
        }
        currentSearch.inner = nil
        replaced?.pagesInput.sendCompleted()
        _searching.value = !text.isEmpty
        _lastQuery.value = text
        _errorMessage.value = nil
        _hasNextPage.value = false
        _totalCount.value = 0
        _entities.value = []
        _cellModels.value = []
        publishState()
        guard !text.isEmpty else { return }
        let (trigger, triggerInput) = Signal<Void, Never>.pipe()
        let (pages, pagesInput) = Signal<PageOutcome, Never>.pipe()
        let newSession = SearchSession(trigger: triggerInput, pages: pages, pagesInput: pagesInput)
        lock.withLock { session = newSession }
        let network = self.network
        let scheduler = self.scheduler
        currentSearch.inner = imageSearch.searchImages(
            query: text, nextPageTrigger: SignalProducer(trigger)
        )
        .map { response in
            (
                response,
                response.images.map {
                    ImageSearchTableViewCellModel(image: $0, network: network, scheduler: scheduler)
                        as any ImageSearchTableViewCellModeling
                }
            )
        }
        .observe(on: scheduler)
        .start { [weak self] event in
            guard let self, self.lock.withLock({ self.generation == searchID }) else { return }
            // Each case settles the data first, then ends the page request (so that
            // `loadNextPage` has stopped executing), and only then turns `searching` off and
            // publishes the state: whoever reacts to `searching` or `state` finds the action
            // already enabled when a next page exists.
            switch event {
            case .value(let (response, cells)):
                self._entities.modify { $0 += response.images }
                self._cellModels.modify { $0 += cells }
                self._totalCount.value = max(0, response.totalCount)
                self._hasNextPage.value = Int64(self._entities.value.count) < response.totalCount
                pagesInput.send(value: .loaded)
                self._searching.value = false
                self.publishState()
            case .failed(let error):
                self._errorMessage.value = error.description
                self._hasNextPage.value = false
                pagesInput.send(value: .failed)
                pagesInput.sendCompleted()
                self._searching.value = false
                self.publishState()
            case .completed:
                self._hasNextPage.value = false
                pagesInput.sendCompleted()
                self._searching.value = false
                self.publishState()
            case .interrupted:
                pagesInput.sendCompleted()
                self._searching.value = false
                self.publishState()
            }
        }
    }

    /// Asks the current search for its next page; the returned producer completes when the
    /// page has arrived (or the search ended), so `loadNextPage` executes for exactly that
    /// long.
    fileprivate func nextPage() -> SignalProducer<Void, Never> {
        SignalProducer { [weak self] observer, lifetime in
            guard let self, let session = self.lock.withLock({ self.session }) else {
                observer.sendCompleted()
                return
            }
            lifetime += session.pages.observe { event in
                if case .value = event { observer.send(value: ()) }
                observer.sendCompleted()
            }
            self.scheduler.schedule { [weak self] in
                guard let self, self._hasNextPage.value, !self._searching.value else {
                    observer.sendCompleted()
                    return
                }
                self._searching.value = true
                self.publishState()
                session.trigger.send(value: ())
            }
        }
    }

    /// Sets `state` from the other properties, once a transition is complete, so that
    /// renderers see one state per step and never a half-applied one. Runs on the scheduler.
    private func publishState() {
        let newState: ImageSearchState
        if let message = _errorMessage.value {
            let loaded = _cellModels.value.count
            newState =
                loaded == 0
                ? .failed(message: message)
                : .partiallyLoaded(loaded: loaded, total: _totalCount.value, message: message)
        } else if _searching.value {
            newState = .searching(loaded: _cellModels.value.count)
        } else if let query = _lastQuery.value, !query.isEmpty {
            newState = .loaded(loaded: _cellModels.value.count, total: _totalCount.value)
        } else {
            newState = .idle
        }
        if _state.value != newState { _state.value = newState }
    }

}

/// What happened to a requested page.
private enum PageOutcome {
    case loaded
    case failed
}

/// The handles of one running search.
private struct SearchSession {
    let trigger: Signal<Void, Never>.Observer
    let pages: Signal<PageOutcome, Never>
    let pagesInput: Signal<PageOutcome, Never>.Observer
}

/// Lets the `loadNextPage` action, created before `self` is complete, reach the view model.
private final class PageLoader: @unchecked Sendable {
    // Safety: `owner` is written once in the view model's `init`, before the action can be
    // applied, and only read afterwards.
    weak var owner: ImageSearchTableViewModel?

    func requestNextPage() -> SignalProducer<Void, Never> {
        owner?.nextPage() ?? .empty
    }
}
