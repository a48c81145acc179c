import ImageSearchModel

/// Everything the status line of a search screen shows, as one value.
///
/// ``ImageSearchTableViewModel/status`` publishes one per completed step, so a front end's
/// status line is a function of this value (``text`` is such a function, in plain words);
/// nothing reaches the screen through a side channel. It is honest about what the rows are:
/// ``resultsQuery`` is the query they answer (not the text in the search box),
/// ``pendingQuery`` is text typed but not searched yet, and ``resultsAreStale`` says the rows
/// are older than the search running or typed, so a UI can dim them.
public struct ImageSearchStatus: Equatable, Sendable {
    /// What the latest search is doing.
    public enum Activity: Equatable, Sendable {
        /// No search: nothing typed, or a blank query.
        case idle
        /// The search is waiting for its first page (or the page a retry asks again).
        case searching(query: String)
        /// The search is waiting for the next page that was asked for.
        case loadingNextPage(query: String)
        /// The search has delivered its pages; more can be asked for if `hasNextPage`.
        case loaded(query: String)
        /// The search failed with this error; the rows loaded before stay.
        case failed(query: String, error: NetworkError)
        /// The user cancelled the search (or a query waiting for its debounce).
        case cancelled(query: String)
        /// The query is longer than the service accepts; it was not sent.
        case queryTooLong(query: String, maximumLength: Int)
    }

    /// What the latest search is doing.
    public var activity: Activity
    /// Text typed in the search box and not searched yet (its debounce has not fired), or
    /// `nil`. An empty string means the box was cleared: the rows go when it settles.
    public var pendingQuery: String?
    /// The query whose results the rows are, or `nil` when there are no rows.
    public var resultsQuery: String?
    /// How many rows are shown (``ImageSearchTableViewModel/cellModels``).
    public var loaded: Int
    /// How many hits the service reports for ``resultsQuery`` (never below ``loaded``).
    public var total: Int64
    /// Whether the search can deliver another page (``ImageSearchTableViewModel/loadNextPage``).
    public var hasNextPage: Bool
    /// Whether the rows answer an older query than the one being searched or typed: a new
    /// search is loading (the rows stay until its first page replaces them), failed or was
    /// cancelled, or a changed query waits for its debounce.
    public var resultsAreStale: Bool
    /// How many malformed hits the service left out of the rows shown.
    public var skippedHits: Int
    /// How many hits beyond the page size the server sent and the service left out
    /// (`ResponseEntity.excessHits`): a server does not make the client hold more than it
    /// asked for.
    public var excessHits: Int
    /// While a request of the search waits for the service's rate limit: the seconds left,
    /// rounded up; otherwise `nil`.
    public var rateLimitWait: Int?
    /// Where the results come from.
    public var source: SearchSource

    /// Creates a status (for front-end tests and previews; view models publish their own).
    ///
    /// - Parameters:
    ///   - activity: What the latest search is doing.
    ///   - pendingQuery: Text typed and not searched yet.
    ///   - resultsQuery: The query the rows answer.
    ///   - loaded: How many rows are shown.
    ///   - total: How many hits the service reports (taken as at least `loaded`).
    ///   - hasNextPage: Whether another page can be asked for.
    ///   - resultsAreStale: Whether the rows are older than the search running or typed.
    ///   - skippedHits: Malformed hits left out of the rows.
    ///   - excessHits: Hits beyond the page size left out.
    ///   - rateLimitWait: Seconds a request still waits for the rate limit.
    ///   - source: Where the results come from.
    public init(
        activity: Activity = .idle, pendingQuery: String? = nil, resultsQuery: String? = nil,
        loaded: Int = 0, total: Int64 = 0, hasNextPage: Bool = false,
        resultsAreStale: Bool = false, skippedHits: Int = 0, excessHits: Int = 0,
        rateLimitWait: Int? = nil, source: SearchSource = .unspecified
    ) {
        self.activity = activity
        self.pendingQuery = pendingQuery
        self.resultsQuery = resultsQuery
        self.loaded = max(0, loaded)
        self.total = max(total, Int64(max(0, loaded)))
        self.hasNextPage = hasNextPage
        self.resultsAreStale = resultsAreStale
        self.skippedHits = max(0, skippedHits)
        self.excessHits = max(0, excessHits)
        self.rateLimitWait = rateLimitWait.map { max(0, $0) }
        self.source = source
    }
}

extension ImageSearchStatus {
    /// The query of the latest search, or `nil` when idle.
    public var query: String? {
        switch activity {
        case .idle: return nil
        case .searching(let query), .loadingNextPage(let query), .loaded(let query),
            .failed(let query, _), .cancelled(let query), .queryTooLong(let query, _):
            return query
        }
    }

    /// Whether a search or a page load is in flight (a spinner).
    public var isSearching: Bool {
        switch activity {
        case .searching, .loadingNextPage: return true
        default: return false
        }
    }

    /// What the rows are, such as `20 of 500 images for “owl” from Pixabay`, or `nil` when
    /// there are none (a part of ``text``, for a front end that shortens the rest).
    public var countsText: String? {
        guard loaded > 0, let resultsQuery else { return nil }
        let from = resultsAreStale ? "" : source.name.map { " from \($0)" } ?? ""
        return "\(loaded) of \(total) image\(total == 1 ? "" : "s") for “\(resultsQuery)”\(from)"
    }

    /// Whether the latest search failed on a next page: its first pages are the rows shown
    /// (``resultsQuery`` is its query, not stale), so only the images after them are
    /// missing, and ``ImageSearchTableViewModel/retry()`` asks for that page again.
    public var failedOnNextPage: Bool {
        guard case .failed(let query, _) = activity else { return false }
        return loaded > 0 && resultsQuery == query && !resultsAreStale
    }

    /// The error the latest search failed with, or `nil`.
    public var error: NetworkError? {
        if case .failed(_, let error) = activity { return error }
        return nil
    }

    /// Whether ``ImageSearchTableViewModel/retry()`` does something: the latest search failed
    /// or was cancelled.
    public var canRetry: Bool {
        switch activity {
        case .failed, .cancelled: return true
        default: return false
        }
    }

    /// The message of a failure, as ``ImageSearchTableViewModel/errorMessage`` shows it: the
    /// error's sentence, or for a query too long one that blames neither the server nor the
    /// key. `nil` unless the latest search failed or was refused.
    public var errorMessage: String? {
        switch activity {
        case .failed(_, let error): return error.description
        case .queryTooLong(_, let maximumLength): return Self.tooLong(maximumLength)
        default: return nil
        }
    }

    /// The status as one line of plain text, parts joined by " · ", e.g.
    /// `Searching “red fox” on pixabay.com… · 4 of 6 images for “fox”`.
    ///
    /// It never says "No images found" for a query that is pending, cancelled or not the
    /// one the rows answer. Queries, the source's name and the error's sentence appear as
    /// they are: a terminal front end sanitises the line.
    public var text: String {
        var parts: [String] = []
        if let pendingQuery {
            parts.append(pendingQuery.isEmpty ? "Clearing…" : "“\(pendingQuery)” pending…")
        }
        let on = source.name.map { " on \($0)" } ?? ""
        switch activity {
        case .idle:
            if pendingQuery == nil { parts.append("Type to search") }
        case .searching(let query):
            parts.append("Searching “\(query)”\(on)…")
        case .loadingNextPage(let query):
            parts.append("Loading more images for “\(query)”…")
        case .loaded(let query):
            if loaded == 0, resultsQuery == query, !resultsAreStale {
                parts.append("No images found for “\(query)”\(on)")
            }
        case .failed(let query, let error):
            if failedOnNextPage {
                parts.append("Loading the images after row \(loaded) failed: \(error.description)")
            } else {
                parts.append("Search for “\(query)” failed: \(error.description)")
            }
        case .cancelled(let query):
            parts.append("Search for “\(query)” cancelled")
        case .queryTooLong(_, let maximumLength):
            parts.append(Self.tooLong(maximumLength))
        }
        if let rateLimitWait, isSearching {
            parts.append("waiting \(rateLimitWait) s for the rate limit")
        }
        if let countsText { parts.append(countsText) }
        if skippedHits > 0 {
            parts.append(
                "\(skippedHits) malformed result\(skippedHits == 1 ? "" : "s") skipped")
        }
        if excessHits > 0 {
            parts.append(
                "\(excessHits) result\(excessHits == 1 ? "" : "s") beyond the page size left out")
        }
        return parts.joined(separator: " · ")
    }

    /// The sentence for a query over `maximumLength` characters.
    static func tooLong(_ maximumLength: Int) -> String {
        "Query too long (max \(maximumLength) characters): shorten it to search."
    }
}
