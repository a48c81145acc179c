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
    /// The detail view model's texts, one value end to end.
    var detail = ImageDetailTexts()
    /// The detail view model's picture.
    var picture: Data?
}
