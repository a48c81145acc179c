import Foundation
import ImageSearchModel

/// What happens to a search screen: the inputs of ``ImageSearchTableReducer``.
///
/// The first group comes from the user (through the view model's API), the rest from the
/// effects the reducer started (a search's pages, the rate limiter, a clock).
enum ImageSearchTableAction: Equatable {
    /// The search box holds this text (trimmed); sent on every change, before the debounce.
    case queryChanged(String)
    /// The search box settled on this text (trimmed) after the debounce.
    case querySettled(String)
    /// Search this text (trimmed) now, even if it is the last searched (`startSearch()`).
    case searchRequested(String)
    /// Cancel the search in flight, or the query waiting for its debounce (`cancelSearch()`).
    case cancelRequested
    /// Search a failed or cancelled query again, or ask its failed page again (`retry()`).
    case retryRequested
    /// Load the next page (`loadNextPage`'s application with this number, counting from 1).
    case nextPageRequested(Int)
    /// The rate limiter holds a request until this date (`nil`: none waits); `now` is the
    /// scheduler's time when this was seen.
    case rateLimitChanged(until: Date?, now: Date)
    /// A second passed while a request waits for the rate limit.
    case clockTicked(Date)
    /// Something happened to the search with this ID.
    case search(id: Int, SearchEvent)

    /// What a running search reports.
    enum SearchEvent: Equatable {
        /// A page arrived.
        case page(ResponseEntity)
        /// The search delivered its last page.
        case finished
        /// The search failed.
        case failed(NetworkError)
    }
}
