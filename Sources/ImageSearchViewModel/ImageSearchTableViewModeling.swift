import ImageSearchModel
import Observation
import Signalbox

/// What a search screen binds to: the query it edits, the rows it shows and the commands it
/// sends.
///
/// Every property changes on the view model's scheduler (the UI scheduler in an app, a
/// `TestScheduler` in tests), so a front end can render straight from the observers.
public protocol ImageSearchTableViewModeling: AnyObject, Observable {
    /// The text of the search box. Changes are debounced, trimmed and de-duplicated; a blank
    /// query clears the results, any other query replaces the current search.
    var query: MutableProperty<String> { get }

    /// One cell model per row shown, in result order: the latest search's loaded images, or,
    /// while a new search has not delivered its first page (or failed or was cancelled
    /// before it), the previous search's rows (``ImageSearchStatus/resultsAreStale``). A
    /// blank query empties it.
    var cellModels: Property<[any ImageSearchTableViewCellModeling]> { get }

    /// Whether a search or a page load is in flight.
    var searching: Property<Bool> { get }

    /// The failing search's error as a sentence, or `nil`; cleared when a new search starts.
    var errorMessage: Property<String?> { get }

    /// The number of hits the service reports for the query of the rows shown (0 before any
    /// result).
    var totalCount: Property<Int64> { get }

    /// Whether another page can be requested (the search has more hits than loaded).
    var hasNextPage: Property<Bool> { get }

    /// The screen's state for renderers to switch on: one value per completed transition
    /// (never a half-applied mix of old and new properties). While a search is in flight or
    /// after it failed it counts that search's own rows (0 while older rows stay); it has no
    /// case for a cancel (a cancelled search reads `.loaded` with the rows shown) or for a
    /// pending query. ``status`` says all of it.
    var state: Property<ImageSearchState> { get }

    /// Everything a status line shows, one value per completed transition: what the search
    /// is doing (with its typed error when it failed, "cancelled", "query too long"), the
    /// query waiting for its debounce, the query the rows answer and whether they are stale,
    /// skipped hits, a rate-limit wait and the source of the results. A front end's status
    /// line is a function of this value alone.
    var status: Property<ImageSearchStatus> { get }

    /// Loads the next page of the current search and appends its cells. Enabled only when a
    /// next page exists and nothing is loading; applying it while disabled fails with
    /// `.disabled` and requests nothing.
    var loadNextPage: Action<Void, Void, Never> { get }

    /// Searches the current query now, without waiting for the debounce; the results replace
    /// the current ones.
    func startSearch()

    /// Cancels the search or page load in flight (its request is cancelled), or the query
    /// waiting for its debounce; the results loaded so far stay, and ``status`` says
    /// "cancelled". A front end calls it when the user interrupts a search.
    func cancelSearch()

    /// After a failure or a cancel, searches the same query again, or asks again for the
    /// page that failed (the rows loaded before it stay). Does nothing unless
    /// ``ImageSearchStatus/canRetry``.
    func retry()

    /// Shows the result at `index` in the detail view model; an index out of range changes
    /// nothing.
    ///
    /// - Parameter index: The position in `cellModels`.
    func selectCellAtIndex(_ index: Int)
}

/// The state of a search screen, for renderers that switch on one value.
public enum ImageSearchState: Equatable, Sendable {
    /// No query has been searched (or the query is blank).
    case idle
    /// A search or a page load is in flight; `loaded` cells are already shown.
    case searching(loaded: Int)
    /// Results are shown: `loaded` of `total` hits.
    case loaded(loaded: Int, total: Int64)
    /// The search failed with this message before any result arrived.
    case failed(message: String)
    /// A later page failed: the `loaded` results of the pages before it stay shown, with
    /// the error's message.
    case partiallyLoaded(loaded: Int, total: Int64, message: String)
}
