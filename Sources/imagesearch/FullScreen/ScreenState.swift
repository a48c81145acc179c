import Foundation
import ImageSearchViewModel

/// Something that changes what the full-screen interface shows: a key, the view models'
/// state, the window, or time passing.
enum ScreenInput: Equatable {
    /// A key the user pressed.
    case key(Key)
    /// The view models' state (taken once they have settled: see
    /// ``ScreenPipeline/viewModelInputs(table:detail:on:)``).
    case model(ScreenModel)
    /// The window's size, in character cells.
    case size(columns: Int, rows: Int)
    /// The spinner's next frame, while a search runs.
    case spinnerTick
    /// A one-line notice for the status line (an opened page, an opener that failed).
    case notice(String)
    /// The notice's time is up.
    case noticeExpired
    /// The terminal may have been disturbed (it came back from a stop): draw it whole.
    case redraw
    /// A search refused by the rate limit (429 or 503 with `Retry-After`) may be tried again
    /// in this many seconds.
    case rateLimitTick(remaining: Int)
    /// The rate limit's wait for the failed search of `query` is over: search again.
    case rateLimitElapsed(query: String)
}

/// What the full-screen interface shows of the view models, in one value.
struct ScreenModel: Equatable {
    /// The table view model's cells, as rows.
    var rows: [ScreenContent.Row] = []
    /// The table view model's status.
    var status = ImageSearchStatus()
    /// The detail view model's texts.
    var detail = ScreenContent.Detail()
    /// The detail view model's picture.
    var picture: Data?
}

/// The full-screen interface's state: what the view models say, what the user did (the
/// ``ScreenInteraction``), the window size, the spinner and the notice — and the
/// ``ScreenContent`` that follows from them, which ``SearchScreen/frame(_:)`` draws.
///
/// ``apply(_:)`` is the interface's whole logic as a pure function: a state and an input
/// give the next state and the ``ScreenEffect``s to carry out on the view
/// models. The session folds its inputs with it (a `scan`) and writes each state's frame.
struct ScreenState {
    /// What the frame shows: always up to date with the rest of the state.
    private(set) var content: ScreenContent
    /// The pane, the selection and the search line.
    private(set) var interaction: ScreenInteraction
    /// Counts the reasons to draw the screen whole (a resize, a stop, a pane opened or
    /// closed, a new picture); the writer redraws everything when it changes.
    private(set) var redraws = 0
    /// Whether pictures are drawn (a new one means a whole redraw in the detail pane).
    private let drawsPictures: Bool
    private var model = ScreenModel()
    /// The detail view model's picture (drawn over the pane by the terminal's writer).
    var picture: Data? { model.picture }
    /// The width ``ScreenContent/layout`` was measured for.
    private var layoutWidth: Int?

    /// The state before any input: the list, the search line holding `query`.
    ///
    /// - Parameters:
    ///   - content: The facts that do not change (styling, hyperlinks, setup notices, the
    ///     endpoint), the window size, and the query.
    ///   - drawsPictures: Whether the terminal draws inline pictures.
    init(content: ScreenContent, drawsPictures: Bool = false) {
        self.content = content
        self.drawsPictures = drawsPictures
        interaction = ScreenInteraction(query: content.query)
        settle()
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
            content.columns = columns
            content.rows = rows
            redraws &+= 1
        case .spinnerTick:
            content.spinnerFrame &+= 1
        case .notice(let text):
            content.notice = text
        case .noticeExpired:
            content.notice = nil
        case .redraw:
            redraws &+= 1
        case .rateLimitTick(let remaining):
            // A tick on its way when a new search started is not about it.
            if ScreenPipeline.rateLimitWait(of: content.status) != nil {
                content.rateLimitRemaining = remaining
            }
        case .rateLimitElapsed(let query):
            content.rateLimitRemaining = nil
            // Only if that failure is still what the screen shows (no new search since).
            if case .failed(query, let error) = content.status.activity, error.retryAfter != nil,
                content.status.canRetry
            {
                effects = [.retry]
            }
        }
        settle()
        return effects
    }

    /// What a key's meaning depends on, from the state.
    private var context: ScreenInteraction.Context {
        let status = content.status
        return ScreenInteraction.Context(
            count: content.results.count,
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
            content.results = next.rows
            layoutWidth = nil
            interaction.resultsChanged(count: next.rows.count, isNewSearch: isNewSearch)
            if isNewSearch { content.top = 0 }
        }
        // A notice is about what was on the screen: a search typed or started ends it.
        if next.status.isSearching || next.status.pendingQuery != nil { content.notice = nil }
        // The countdown's clock (``ScreenPipeline/rateLimitCountdown(status:on:)``) follows
        // the view model's status directly, so its first tick may come before this settled
        // model: the wait is shown from the model itself, the ticks then count it down.
        if let wait = ScreenPipeline.rateLimitWait(of: next.status) {
            if ScreenPipeline.rateLimitWait(of: previous.status) != wait {
                content.rateLimitRemaining = wait.seconds
            }
        } else {
            content.rateLimitRemaining = nil
        }
        content.status = next.status
        if drawsPictures, interaction.mode == .detail, next.picture != previous.picture {
            redraws &+= 1
        }
    }

    /// Brings ``content`` in line with the rest of the state.
    private mutating func settle() {
        content.query = interaction.line.text
        content.cursor = interaction.line.cursor
        content.mode = interaction.mode
        content.selected = interaction.selected
        content.detail = interaction.mode == .detail ? model.detail : nil
        content.pictureColumns =
            drawsPictures && content.columns >= 60 ? InlinePictures.columns : 0
        // The marker column (">" on the selected row) comes before the list's columns.
        let listWidth = max(1, content.columns - 1) - 1
        if layoutWidth != listWidth {
            layoutWidth = listWidth
            content.layout = ColumnLayout(rows: content.results, width: listWidth)
        }
        content.top = SearchScreen.scrollTop(
            previous: content.top, selected: content.selected,
            visible: SearchScreen.listHeight(content), count: content.results.count)
    }
}
