import Foundation
import ImageSearchModel

/// The search screen as one value: every property of ``ImageSearchTableViewModel`` is a
/// projection of it, and every change is one step of ``ImageSearchTableReducer``.
///
/// So the rules ("a failure keeps the loaded rows", "a page request while one is loading is
/// refused", "a query waiting for its debounce is pending") live in one place and are
/// tested without threads or time. It is a value through and through (`Equatable`): the
/// rows are entities, and their cell models are projected outside it, by the view model.
struct ImageSearchTableState: Equatable {
    /// Where results come from (given by the front end; never changes).
    var source: SearchSource = .unspecified
    /// The trimmed text typed in the search box and not searched yet (its debounce has not
    /// fired), or `nil`.
    var pendingQuery: String?
    /// The text last searched, cleared, or cancelled before it was searched: a settled query
    /// equal to it is not searched again. `nil` before the first.
    var lastSearched: String?
    /// The latest search; `nil` when idle (nothing searched yet, or a blank query).
    var search: Search?
    /// The rows shown: the latest search's, or an earlier one's until it delivers.
    var results = Results()
    /// The ID the next search gets.
    var nextSearchID = 1
    /// Pages asked for by `loadNextPage`, counted over the view model's life: the running
    /// search's `nextPageTrigger` is the increases of this count (remembered demand, held in
    /// the state rather than sent through a pipe).
    var pageDemand = 0
    /// The `loadNextPage` application waiting for its page (its number), if one waits.
    var pendingPageRequest: Int?
    /// The number of the `loadNextPage` application that ended last (answered, refused or
    /// made moot); an application ends when this takes its own number.
    var lastEndedPageRequest = 0
    /// The date a request waiting for the rate limit is due to be sent; `nil` when none waits.
    var rateLimitedUntil: Date?
    /// The scheduler's time when the state last learnt it (for the rate-limit countdown).
    var now = Date.distantPast

    /// One search: a query and how far it got.
    struct Search: Equatable {
        /// Tells this search's events from those of the searches it replaced.
        var id: Int
        /// The trimmed query.
        var query: String
        /// What it is doing.
        var phase: Phase
        /// Pages delivered for this query, by this run and by the runs it resumes.
        var pagesLoaded = 0
    }

    /// What a search is doing.
    enum Phase: Equatable {
        /// Waiting for its first page, or for the page a retry asks again.
        case loading
        /// Waiting for the page `loadNextPage` asked for.
        case loadingNextPage
        /// Its pages are in; `hasNextPage` says whether more can be asked for.
        case loaded(hasNextPage: Bool)
        /// Failed with this error.
        case failed(NetworkError)
        /// Cancelled by the user.
        case cancelled
        /// Not sent: the query is longer than the service accepts.
        case queryTooLong(maximumLength: Int)
    }

    /// The rows shown and what they answer.
    struct Results: Equatable {
        /// The search whose rows these are (a retry hands them to the search resuming it);
        /// `nil` for no rows.
        var searchID: Int?
        /// The query they answer.
        var query: String?
        /// The rows' images, in order.
        var entities: [ImageEntity] = []
        /// The hits the service reports for `query` (0 or more).
        var totalCount: Int64 = 0
        /// Malformed hits the service left out of these rows.
        var skippedHits = 0
        /// Hits beyond the page size the service left out of these rows.
        var excessHits = 0
    }
}

extension ImageSearchTableState {
    /// Whether the rows are the latest search's own.
    var ownsResults: Bool {
        guard let search else { return false }
        return results.searchID == search.id
    }

    /// Whether a search or a page load is in flight.
    var isSearching: Bool {
        switch search?.phase {
        case .loading?, .loadingNextPage?: return true
        default: return false
        }
    }

    /// Whether a `loadNextPage` application waits for its page.
    var pageRequestPending: Bool { pendingPageRequest != nil }

    /// Whether `loadNextPage` can ask for a page now.
    var hasNextPage: Bool {
        ownsResults && search?.phase == .loaded(hasNextPage: true)
    }

    /// The status line's value.
    var status: ImageSearchStatus {
        ImageSearchStatus(
            activity: activity, pendingQuery: pendingQuery, resultsQuery: results.query,
            loaded: results.entities.count, total: results.totalCount, hasNextPage: hasNextPage,
            resultsAreStale: results.query != nil && (!ownsResults || pendingQuery != nil),
            skippedHits: results.skippedHits, excessHits: results.excessHits,
            rateLimitWait: rateLimitWait, source: source)
    }

    /// The failure's message, or `nil`.
    var errorMessage: String? { status.errorMessage }

    /// The summary of ``ImageSearchTableViewModel/state``, computed as it always was: the
    /// rows counted are the latest search's own (0 while older rows stay). The enum has no
    /// case for a cancel: a cancelled search reads as loaded with the rows shown.
    var summary: ImageSearchState {
        guard let search else { return .idle }
        let loaded = ownsResults ? results.entities.count : 0
        let total = ownsResults ? results.totalCount : 0
        switch search.phase {
        case .loading, .loadingNextPage:
            return .searching(loaded: loaded)
        case .loaded:
            return .loaded(loaded: loaded, total: total)
        case .cancelled:
            return .loaded(loaded: results.entities.count, total: results.totalCount)
        case .failed, .queryTooLong:
            let message = errorMessage ?? ""
            return loaded == 0
                ? .failed(message: message)
                : .partiallyLoaded(loaded: loaded, total: total, message: message)
        }
    }

    private var activity: ImageSearchStatus.Activity {
        guard let search else { return .idle }
        switch search.phase {
        case .loading: return .searching(query: search.query)
        case .loadingNextPage: return .loadingNextPage(query: search.query)
        case .loaded: return .loaded(query: search.query)
        case .failed(let error): return .failed(query: search.query, error: error)
        case .cancelled: return .cancelled(query: search.query)
        case .queryTooLong(let maximum):
            return .queryTooLong(query: search.query, maximumLength: maximum)
        }
    }

    /// Whole seconds until a waiting request is sent, while the search waits for it.
    private var rateLimitWait: Int? {
        guard isSearching, let rateLimitedUntil else { return nil }
        let seconds = rateLimitedUntil.timeIntervalSince(now).rounded(.up)
        guard seconds > 0 else { return nil }  // also false for NaN
        // The limiter holds a request for at most a day; never trap on a stranger date.
        return Int(min(seconds, 86_400 * 7))
    }
}
