import ImageSearchModel
import Signalbox

/// What happens to a search screen: the inputs of ``SearchScreen/reduced(by:)``.
enum SearchScreenEvent {
    /// A search for this (trimmed) text started and replaced the previous one; a blank
    /// text clears the screen.
    case started(query: String)
    /// A page arrived, with a cell model per image.
    case page(ResponseEntity, [any ImageSearchTableViewCellModeling])
    /// The search failed.
    case failed(NetworkError)
    /// The search delivered its last page.
    case finished
    /// The user cancelled the search in flight.
    case cancelled
    /// `loadNextPage` asks for the next page.
    case nextPageRequested
}

/// The state of the search screen, as one value: every published property is a projection
/// of it, and every change is one step of ``reduced(by:)``, a pure function. So the rules
/// ("a failure keeps the loaded results", "a page request while one is loading is refused")
/// live in one place and can be read, and tested, without threads or time.
struct SearchScreen {
    /// The last text searched (nil before the first search).
    var query: String?
    var entities: [ImageEntity] = []
    var cells: [any ImageSearchTableViewCellModeling] = [] {
        didSet { cellsVersion &+= 1 }
    }
    /// Changes whenever `cells` is written, so that `cellModels` publishes per change
    /// without comparing cell models.
    var cellsVersion = 0
    var totalCount: Int64 = 0
    var hasNextPage = false
    var searching = false
    var errorMessage: String?
    /// Whether a `loadNextPage` application waits for this search's next page.
    var pageRequestPending = false

    /// Effects of the last step, for the one place that performs them.
    var effects = Effects()

    /// What the step asks the view model to do besides publishing the new state.
    struct Effects {
        /// Ask the search for its next page.
        var requestPage = false
        /// The pending `loadNextPage` application is over (answered, refused or moot).
        var endPageRequest = false
    }

    static let initial = SearchScreen()

    /// The state as renderers see it: one value per completed step.
    var state: ImageSearchState {
        if let errorMessage {
            return cells.isEmpty
                ? .failed(message: errorMessage)
                : .partiallyLoaded(loaded: cells.count, total: totalCount, message: errorMessage)
        }
        if searching { return .searching(loaded: cells.count) }
        if let query, !query.isEmpty { return .loaded(loaded: cells.count, total: totalCount) }
        return .idle
    }

    /// The screen after `event`.
    func reduced(by event: SearchScreenEvent) -> SearchScreen {
        var next = self
        next.effects = Effects()
        switch event {
        case .started(let query):
            next = SearchScreen(query: query, searching: !query.isEmpty)
            next.cellsVersion = cellsVersion &+ 1
            next.effects.endPageRequest = pageRequestPending
        case .page(let response, let cells):
            next.entities += response.images
            next.cells += cells
            // A hostile or broken server's negative total is shown as none.
            next.totalCount = max(0, response.totalCount)
            next.hasNextPage = Int64(next.entities.count) < response.totalCount
            next.searching = false
            next.endPendingPageRequest()
        case .failed(let error):
            next.errorMessage = error.description
            next.hasNextPage = false
            next.searching = false
            next.endPendingPageRequest()
        case .finished, .cancelled:
            next.hasNextPage = false
            next.searching = false
            next.endPendingPageRequest()
        case .nextPageRequested:
            guard hasNextPage, !searching, !pageRequestPending else {
                next.effects.endPageRequest = true  // refused: nothing to wait for
                return next
            }
            next.searching = true
            next.pageRequestPending = true
            next.effects.requestPage = true
        }
        return next
    }

    private mutating func endPendingPageRequest() {
        effects.endPageRequest = pageRequestPending
        pageRequestPending = false
    }
}
