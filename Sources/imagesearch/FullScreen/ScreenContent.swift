import ImageSearchViewModel

/// Everything the full-screen interface shows, read from the view models (and the few
/// facts the screen itself keeps: size, selection, pane, spinner frame, a notice).
struct ScreenContent: Equatable {
    /// One result row, as the cell model formats it.
    struct Row: Equatable {
        var id: UInt64
        var size: String
        var likes: Int64
        var user: String
        var tags: String
    }

    var columns: Int
    var rows: Int
    var query: String
    /// Where the cursor is in ``query``, in characters (its end by default).
    var cursor = Int.max
    var results: [Row] = []
    /// The table view model's status: what the rows are, what the search is doing.
    var status = ImageSearchStatus()
    /// The endpoint searched, for the sentence of an HTTP 404 (``SearchMessages``).
    var baseURL: String?
    var mode = ScreenInteraction.Mode.list
    var selected = 0
    /// The first row shown (see ``SearchScreen/scrollTop(previous:selected:visible:count:)``).
    var top = 0
    /// The detail view model's texts, in the detail pane.
    var detail: ImageDetailTexts?
    var spinnerFrame = 0
    /// A one-line notice for the status line (an opened page, the offline catalog standing
    /// in), shown instead of the counts while set and no search runs or waits.
    var notice: String?
    /// While a search refused by the rate limit waits to be tried again: the seconds left.
    var rateLimitRemaining: Int?
    /// Whether to use reverse video and bold (off with `NO_COLOR` / `--no-color`).
    var styled = true
    /// Whether the page address is written as an OSC 8 hyperlink.
    var hyperlinks = false
    /// What the program says about its setup (the offline catalog standing in, options
    /// without effect), shown on the empty screen.
    var notices: [String] = []
    /// The list's columns, when the session keeps them for the rows and width (else the
    /// frame measures ``results``).
    var layout: ColumnLayout?
    /// Columns kept free at the right of the detail pane for an inline picture.
    var pictureColumns = 0
}

extension ScreenContent.Row {
    /// The row a cell model shows (in every mode: one-shot, line mode, full screen).
    init(_ cell: any ImageSearchTableViewCellModeling) {
        self.init(
            id: cell.id, size: cell.pageImageSizeText, likes: cell.likeCount, user: cell.username,
            tags: cell.tagText)
    }
}
