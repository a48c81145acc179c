/// A screen's worth of lines and where the cursor goes.
struct ScreenFrame: Equatable {
    /// Exactly `rows` lines (the search line alone below two), none wider than
    /// `columns - 1` columns.
    var lines: [String]
    /// The cursor's column on the first line (the end of the query), from 0.
    var cursorColumn: Int
}
