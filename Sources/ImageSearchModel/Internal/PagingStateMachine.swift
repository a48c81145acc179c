/// The paging of one search run, as a value-type state machine: each input is a method that
/// returns what to do, and the caller does it outside the lock that guards the state.
///
/// Why a machine with remembered demand: the trigger that asks for the next page and the
/// transport that delivers the current one run on different threads. If a trigger that
/// arrives while a page is in flight (or is still being delivered) were ignored, a front end
/// that asks for the next page the moment the previous one appears would sometimes lose its
/// request, and wait forever. So a trigger is never ignored: it starts the next page at
/// once when nothing is loading, or is remembered and served when the page in flight has
/// been delivered; and when no page is left to load, the search completes, which ends the
/// asker's wait too. Each trigger value asks for one page, so triggers that arrive together
/// load as many pages, one after the other (a front end that wants one page per gesture
/// guards its own requests, as the table view model's `loadNextPage` action does).
struct PagingStateMachine {
    /// What the search does after an input.
    enum Action: Equatable {
        /// Nothing.
        case none
        /// Load this page (from 1).
        case load(page: Int)
        /// Complete the search.
        case complete
    }

    private enum Phase: Equatable {
        /// `page` is being requested or delivered; `demand` counts the triggers that arrived
        /// meanwhile (pages still to load after it).
        case loading(page: Int, demand: Int)
        /// `page` was delivered; the next one waits for a trigger.
        case waiting(afterPage: Int)
        /// Every page was loaded, or the trigger ended: nothing more will be loaded.
        case finished
    }

    private let perPage: Int
    private var phase = Phase.waiting(afterPage: 0)
    /// Hits loaded so far (saturating: a hostile server cannot overflow it).
    private var loaded: Int64 = 0
    private var triggerEnded = false
    /// Whether the page being delivered is the last one.
    private var isLastPage = false

    /// - Parameter perPage: The page size asked for; a page with fewer hits is the last.
    init(perPage: Int) {
        self.perPage = perPage
    }

    /// The search started: load page 1.
    mutating func start() -> Action {
        phase = .loading(page: 1, demand: 0)
        return .load(page: 1)
    }

    /// The trigger asked for the next page.
    mutating func trigger() -> Action {
        switch phase {
        case .waiting(let page):
            guard page < Int.max else { return .none }
            phase = .loading(page: page + 1, demand: 0)
            return .load(page: page + 1)
        case .loading(let page, let demand):
            phase = .loading(page: page, demand: demand == Int.max ? demand : demand + 1)
            return .none
        case .finished:
            return .none
        }
    }

    /// The trigger ended: the search completes once the page in flight, and the pages
    /// remembered triggers asked for, have been delivered.
    mutating func triggerDidEnd() -> Action {
        triggerEnded = true
        guard case .waiting = phase else { return .none }
        phase = .finished
        return .complete
    }

    /// A page arrived, about to be delivered: counts its hits, so that the page's
    /// delivery and the decision that follows (``pageDelivered()``) agree on whether it
    /// was the last.
    ///
    /// A page is the last when the hits loaded reach `totalHits`, when it is short (fewer
    /// than `perPage` hits, which includes an empty page whatever `totalHits` claims), or
    /// when `totalHits` is zero or negative.
    mutating func pageArrived(hits: Int, totalHits: Int64) {
        let (sum, overflow) = loaded.addingReportingOverflow(Int64(clamping: max(0, hits)))
        loaded = overflow ? Int64.max : sum
        isLastPage = loaded >= totalHits || hits < perPage
    }

    /// The page that arrived has been delivered: complete, load the remembered next page,
    /// or wait for a trigger.
    mutating func pageDelivered() -> Action {
        guard case .loading(let page, let demand) = phase else { return .none }
        if isLastPage || page == Int.max {
            phase = .finished
            return .complete
        }
        if demand > 0 {
            phase = .loading(page: page + 1, demand: demand - 1)
            return .load(page: page + 1)
        }
        if triggerEnded {
            phase = .finished
            return .complete
        }
        phase = .waiting(afterPage: page)
        return .none
    }
}
