import Foundation
import ImageSearchModel
import Signalbox

/// The rules of the search screen: a pure function from (state, action) to (state, effect).
///
/// Everything ``ImageSearchTableViewModel`` does is a step of ``reduce(into:action:)``: the
/// step changes the state, and whatever it sets in motion (a search, a clock) is returned as
/// an effect — a producer of further actions that the store starts, under an ID that a
/// later step can cancel. No effect is performed from a flag, and paging needs no pipe: a
/// page request is counted in the state (``ImageSearchTableState/pageDemand``), and the
/// search effect, which follows the state it is handed (``ReducerEffect/run(_:following:)``),
/// takes that count's increases as its `nextPageTrigger`.
///
/// Its dependencies are passed in: the search service and the scheduler effects deliver
/// on. Cell models are not its business: the state holds entities, and the view model
/// projects them.
struct ImageSearchTableReducer {
    /// The running effects a step can start or cancel.
    enum EffectID: Hashable {
        /// The latest search: its pages, its end or its failure.
        case search
        /// Ticks once a second while a request waits for the rate limit.
        case rateLimitClock
    }

    /// One step's effect.
    typealias Effects = ReducerEffect<ImageSearchTableState, ImageSearchTableAction, EffectID>

    /// The search service.
    let imageSearch: any ImageSearching
    /// Where effects deliver their actions, and the clock of the countdown.
    let scheduler: any DateScheduler

    /// Changes `state` for `action` and returns what to set in motion.
    ///
    /// - Parameters:
    ///   - state: The screen; changed in place.
    ///   - action: What happened.
    /// - Returns: The effect to perform after the new state is published.
    func reduce(
        into state: inout ImageSearchTableState, action: ImageSearchTableAction
    ) -> Effects {
        switch action {
        case .queryChanged(let text):
            state.pendingQuery = text == (state.lastSearched ?? "") ? nil : text
            return .none
        case .querySettled(let text):
            // Skip repeats of the last *searched* text (which `startSearch()` also sets).
            guard text != state.lastSearched else {
                if state.pendingQuery == text { state.pendingQuery = nil }
                return .none
            }
            return startSearch(text, in: &state)
        case .searchRequested(let text):
            return startSearch(text, in: &state)
        case .cancelRequested:
            return cancel(in: &state)
        case .retryRequested:
            return retry(in: &state)
        case .nextPageRequested(let number):
            guard state.hasNextPage, !state.pageRequestPending else {
                // Refused: nothing to wait for.
                state.lastEndedPageRequest = number
                return .none
            }
            state.search?.phase = .loadingNextPage
            state.pendingPageRequest = number
            state.pageDemand &+= 1
            return .none
        case .rateLimitChanged(let until, let now):
            state.now = now
            guard until != state.rateLimitedUntil else { return .none }
            state.rateLimitedUntil = until
            guard let until, until > now else { return .cancel(.rateLimitClock) }
            return .run(
                .rateLimitClock,
                SignalProducer.timer(interval: 1, on: scheduler).map(
                    ImageSearchTableAction.clockTicked))
        case .clockTicked(let date):
            state.now = date
            guard let until = state.rateLimitedUntil, until > date else {
                return .cancel(.rateLimitClock)
            }
            return .none
        case .search(let id, let event):
            guard id == state.search?.id else { return .none }  // a replaced search's
            return apply(event, to: &state)
        }
    }

    /// A new search for `text`, replacing the latest one; a blank text clears the screen.
    private func startSearch(_ text: String, in state: inout ImageSearchTableState) -> Effects {
        markSearched(text, in: &state)
        endPageRequest(in: &state)
        guard !text.isEmpty else {
            state.search = nil
            state.results = .init()
            return .cancel(.search)
        }
        let id = takeSearchID(in: &state)
        if Self.cleanedLength(of: text) > Pixabay.maximumQueryLength {
            state.search = .init(
                id: id, query: text,
                phase: .queryTooLong(maximumLength: Pixabay.maximumQueryLength))
            return .cancel(.search)
        }
        state.search = .init(id: id, query: text, phase: .loading)
        return search(text, id: id, resumingAfter: 0)
    }

    /// Cancels the query waiting for its debounce (it will not be searched), or else the
    /// search or page load in flight; the rows stay. Nothing in flight: nothing happens.
    private func cancel(in state: inout ImageSearchTableState) -> Effects {
        if let pending = state.pendingQuery, !pending.isEmpty {
            markSearched(pending, in: &state)
            endPageRequest(in: &state)
            state.search = .init(id: takeSearchID(in: &state), query: pending, phase: .cancelled)
            return .cancel(.search)
        }
        guard state.isSearching else { return .none }
        state.search?.phase = .cancelled
        endPageRequest(in: &state)
        return .cancel(.search)
    }

    /// After a failure or a cancel: asks again for the page after the rows this query
    /// already has (they stay), or searches the query again from its first page.
    private func retry(in state: inout ImageSearchTableState) -> Effects {
        guard let latest = state.search else { return .none }
        switch latest.phase {
        case .failed, .cancelled: break
        default: return .none
        }
        guard state.ownsResults, latest.pagesLoaded > 0 else {
            return startSearch(latest.query, in: &state)
        }
        let id = takeSearchID(in: &state)
        markSearched(latest.query, in: &state)
        state.results.searchID = id
        state.search = .init(
            id: id, query: latest.query, phase: .loadingNextPage, pagesLoaded: latest.pagesLoaded)
        return search(latest.query, id: id, resumingAfter: latest.pagesLoaded)
    }

    /// Applies what the latest search reported.
    private func apply(
        _ event: ImageSearchTableAction.SearchEvent, to state: inout ImageSearchTableState
    ) -> Effects {
        guard var search = state.search else { return .none }
        switch event {
        case .page(let response):
            takeResults(for: search, in: &state)
            state.results.entities += response.images
            // A hostile or broken server's negative total is shown as none.
            state.results.totalCount = max(0, response.totalCount)
            let (skipped, overflow) = state.results.skippedHits.addingReportingOverflow(
                response.skippedHits)
            state.results.skippedHits = overflow ? Int.max : skipped
            let (excess, excessOverflow) = state.results.excessHits.addingReportingOverflow(
                response.excessHits)
            state.results.excessHits = excessOverflow ? Int.max : excess
            search.pagesLoaded &+= 1
            search.phase = .loaded(
                hasNextPage: Int64(state.results.entities.count) < response.totalCount)
        case .finished:
            takeResults(for: search, in: &state)  // none arrived: "no images found"
            search.phase = .loaded(hasNextPage: false)
        case .failed(let error):
            search.phase = .failed(error)
        }
        state.search = search
        endPageRequest(in: &state)
        return .none
    }

    /// Replaces older rows by the (empty) rows of `search`, unless they are its own already.
    private func takeResults(
        for search: ImageSearchTableState.Search, in state: inout ImageSearchTableState
    ) {
        guard state.results.searchID != search.id else { return }
        state.results = .init(searchID: search.id, query: search.query)
    }

    /// Records `text` as searched: a settled query equal to it is not searched again, and it
    /// is no longer pending.
    private func markSearched(_ text: String, in state: inout ImageSearchTableState) {
        state.lastSearched = text
        if state.pendingQuery == text { state.pendingQuery = nil }
    }

    /// Ends the `loadNextPage` application waiting for a page, if one waits.
    private func endPageRequest(in state: inout ImageSearchTableState) {
        guard let number = state.pendingPageRequest else { return }
        state.pendingPageRequest = nil
        state.lastEndedPageRequest = number
    }

    private func takeSearchID(in state: inout ImageSearchTableState) -> Int {
        defer { state.nextSearchID &+= 1 }
        return state.nextSearchID
    }

    /// The search effect for `query` under the ID `.search`: its pages as actions, on the
    /// scheduler; the next page asked for each time the state's page demand grows.
    private func search(_ query: String, id: Int, resumingAfter shown: Int) -> Effects {
        .run(.search) { states in
            pages(
                of: query, id: id, resumingAfter: shown,
                demand: states.map(\.pageDemand).skipRepeats().skip(first: 1).map { _ in () })
        }
    }

    /// `query`'s pages as actions of the search `id`, on the scheduler.
    ///
    /// It resumes after `pages` pages already shown by asking the service for them again at
    /// once (the service remembers every trigger; `ImageSearch` answers them from its
    /// cache) and leaving them out; each value of `demand` asks for one more.
    func pages(
        of query: String, id: Int, resumingAfter pages: Int, demand: SignalProducer<Void, Never>
    ) -> SignalProducer<ImageSearchTableAction, Never> {
        let catchUp = SignalProducer<Void, Never>(values: repeatElement((), count: max(0, pages)))
        return imageSearch.searchImages(query: query, nextPageTrigger: catchUp.concat(demand))
            .skip(first: max(0, pages))
            .map { ImageSearchTableAction.search(id: id, .page($0)) }
            .concat(value: .search(id: id, .finished))
            .flatMapError { SignalProducer(value: .search(id: id, .failed($0))) }
            .observe(on: scheduler)
    }

    /// The length of `text` as the service counts it: words joined by single spaces (the
    /// rule of `Pixabay.validatedQuery(_:)`).
    static func cleanedLength(of text: String) -> Int {
        text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
            .joined(separator: " ").count
    }
}
