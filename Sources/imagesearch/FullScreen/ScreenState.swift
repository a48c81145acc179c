import Foundation
import ImageSearchViewModel

/// The full-screen interface's state: each fact it keeps, once — what the view models say
/// (``ScreenModel``), what the user did (the ``ScreenInteraction``: pane, selection, the
/// search line), the window size, the scroll position, the spinner, the notice and the
/// rate-limit countdown. What the frame shows (``content``) is computed from them.
///
/// ``apply(_:)`` is the interface's whole logic as a pure function: a state and an input
/// give the next state and the ``ScreenEffect``s to carry out on the view models. The
/// session folds its inputs with it (a `scan`) and writes each state's frame.
///
/// The query is the search line's text (``ScreenInteraction``); the table view model's
/// `query` is where the screen sends it (``ScreenEffect/setQuery(_:)``), never read back.
struct ScreenState {
    /// The facts of the session that inputs do not change: styling, hyperlinks, setup
    /// notices, the endpoint.
    private let setup: ScreenContent
    /// The pane, the selection and the search line.
    private(set) var interaction: ScreenInteraction
    /// What the view models say.
    private var model = ScreenModel()
    private var columns: Int
    private var rows: Int
    /// The first row shown: follows the selection (``SearchScreen/scrollTop(previous:selected:visible:count:)``).
    private var top = 0
    private var spinnerFrame = 0
    /// A one-line notice for the status line, until it expires or a search starts.
    private var notice: String?
    /// While a search refused by the rate limit waits to be tried again: the seconds left.
    private var rateLimitRemaining: Int?
    /// Counts the reasons to draw the screen whole (a resize, a stop, a pane opened or
    /// closed, a new picture); the writer redraws everything when it changes.
    private(set) var redraws = 0
    /// Whether pictures are drawn (a new one means a whole redraw in the detail pane).
    private let drawsPictures: Bool
    /// The list's columns, measured once per result list and width (a cost, not a fact:
    /// measuring every row on every key would make a key cost the whole list).
    private var layout: (width: Int, layout: ColumnLayout)?

    /// The detail view model's picture (drawn over the pane by the terminal's writer).
    var picture: Data? { model.picture }

    /// The state before any input: the list, the search line holding `query`.
    ///
    /// - Parameters:
    ///   - content: The facts that do not change (styling, hyperlinks, setup notices, the
    ///     endpoint), the window size, and the query.
    ///   - drawsPictures: Whether the terminal draws inline pictures.
    init(content: ScreenContent, drawsPictures: Bool = false) {
        setup = content
        columns = content.columns
        rows = content.rows
        self.drawsPictures = drawsPictures
        interaction = ScreenInteraction(query: content.query)
        settle()
    }

    /// What the frame shows, computed from the state.
    var content: ScreenContent {
        var content = setup
        content.columns = columns
        content.rows = rows
        content.query = interaction.line.text
        content.cursor = interaction.line.cursor
        content.results = model.rows
        content.status = model.status
        content.mode = interaction.mode
        content.selected = interaction.selected
        content.top = top
        content.detail = interaction.mode == .detail ? model.detail : nil
        content.spinnerFrame = spinnerFrame
        content.notice = notice
        content.rateLimitRemaining = rateLimitRemaining
        content.layout = layout?.layout
        content.pictureColumns = drawsPictures && columns >= 60 ? InlinePictures.columns : 0
        return content
    }

    /// Takes `input` in; returns what to do to the view models.
    mutating func apply(_ input: ScreenInput) -> [ScreenEffect] {
        var effects: [ScreenEffect] = []
        switch input {
        case .key(let key):
            let mode = interaction.mode
            effects = interaction.handle(key, in: context)
            if interaction.mode != mode { redraws &+= 1 }
        case .model(let next):
            modelChanged(to: next)
        case .size(let columns, let rows):
            self.columns = columns
            self.rows = rows
            redraws &+= 1
        case .spinnerTick:
            spinnerFrame &+= 1
        case .notice(let text):
            notice = text
        case .noticeExpired:
            notice = nil
        case .redraw:
            redraws &+= 1
        case .rateLimitTick(let remaining):
            // A tick on its way when a new search started is not about it.
            if ScreenPipeline.rateLimitWait(of: model.status) != nil {
                rateLimitRemaining = remaining
            }
        case .rateLimitElapsed(let query):
            rateLimitRemaining = nil
            // Only if that failure is still what the screen shows (no new search since).
            if case .failed(query, let error) = model.status.activity, error.retryAfter != nil,
                model.status.canRetry
            {
                effects = [.retry]
            }
        }
        settle()
        return effects
    }

    /// What a key's meaning depends on, from the state.
    private var context: ScreenInteraction.Context {
        let status = model.status
        return ScreenInteraction.Context(
            count: model.rows.count,
            searching: status.isSearching || !(status.pendingQuery ?? "").isEmpty,
            pageSize: max(1, SearchScreen.listHeight(content)),
            canRetry: status.canRetry,
            canRetryPage: status.canRetry && status.loaded > 0 && !status.resultsAreStale)
    }

    private mutating func modelChanged(to next: ScreenModel) {
        let previous = model
        model = next
        if next.rows != previous.rows {
            let isNewSearch =
                next.rows.first?.id != previous.rows.first?.id
                || next.rows.count < previous.rows.count
            layout = nil
            interaction.resultsChanged(count: next.rows.count, isNewSearch: isNewSearch)
            if isNewSearch { top = 0 }
        }
        // A notice is about what was on the screen: a search typed or started ends it.
        if next.status.isSearching || next.status.pendingQuery != nil { notice = nil }
        // The countdown's clock (``ScreenPipeline/rateLimitCountdown(status:on:)``) follows
        // the view model's status directly, so its first tick may come before this settled
        // model: the wait is shown from the model itself, the ticks then count it down.
        if let wait = ScreenPipeline.rateLimitWait(of: next.status) {
            if ScreenPipeline.rateLimitWait(of: previous.status) != wait {
                rateLimitRemaining = wait.seconds
            }
        } else {
            rateLimitRemaining = nil
        }
        if drawsPictures, interaction.mode == .detail, next.picture != previous.picture {
            redraws &+= 1
        }
    }

    /// Keeps the derived costs and the scroll position in step with the facts.
    private mutating func settle() {
        // The marker column (">" on the selected row) comes before the list's columns.
        let listWidth = max(1, columns - 1) - 1
        if layout?.width != listWidth {
            layout = (listWidth, ColumnLayout(rows: model.rows, width: listWidth))
        }
        let content = self.content
        top = SearchScreen.scrollTop(
            previous: top, selected: interaction.selected,
            visible: SearchScreen.listHeight(content), count: model.rows.count)
    }
}
