/// The columns of the results table — `#  ID  SIZE  LIKES  USER  TAGS` — laid out for a
/// width: one layout for the one-shot table, line mode and the full-screen list.
///
/// Numbers are never cut. Within a width, the text columns give way first: TAGS and USER
/// are shortened with "…" (each dropped below four columns), SIZE is shown only where it
/// leaves room for them, and if even the numbers do not fit, whole columns go (LIKES, then
/// ID), never part of a number. Widths come from every row given, so they stay put while
/// the list scrolls; with no width (output piped), nothing is cut.
///
/// Cost: the widths are measured once per result list (a session keeps the layout), and
/// within a width only the first scalars of a text are read (``shownScalars``), so a row
/// costs what it shows, not what the server sent.
struct ColumnLayout: Equatable {
    /// How many scalars of a text cell are read when the width is limited: more than any
    /// line shows.
    static let shownScalars = 1024
    private let numberWidth: Int
    private let idWidth: Int?
    private let sizeWidth: Int?
    private let likesWidth: Int?
    private let userWidth: Int?
    private let tagsWidth: Int?
    /// Whether the tags are the whole rest of an unlimited line.
    private let unlimited: Bool

    /// The columns for `rows`, numbered up to `lastNumber` (at least `rows.count`), within
    /// `width` display columns (`nil`: as wide as the texts).
    init(rows: [ScreenContent.Row], width: Int?, lastNumber: Int = 0) {
        let gap = 2
        let number = max(1, String(max(lastNumber, rows.count)).count)
        let id = max(2, rows.map { String($0.id).count }.max() ?? 0)
        let likes = max(5, rows.map { String($0.likes).count }.max() ?? 0)
        let size = max(4, rows.map { DisplayWidth.width(of: $0.size) }.max() ?? 0)
        let user = max(
            4, rows.map { DisplayWidth.width(of: TerminalText.sanitized($0.user)) }.max() ?? 0)
        numberWidth = number
        unlimited = width == nil
        guard let width else {
            (idWidth, likesWidth, sizeWidth, userWidth, tagsWidth) = (id, likes, size, user, nil)
            return
        }
        // The numbers, as many whole columns as fit.
        var used = number
        idWidth = used + gap + id <= width ? id : nil
        if idWidth != nil { used += gap + id }
        likesWidth = idWidth != nil && used + gap + likes <= width ? likes : nil
        if likesWidth != nil { used += gap + likes }
        // SIZE where it leaves 24 columns for the user and tags.
        sizeWidth = likesWidth != nil && used + gap + size + 24 <= width ? size : nil
        if let sizeWidth { used += gap + sizeWidth }
        // The user: up to 16 columns, a third of what is left; the tags: the rest.
        let rest = width - used - gap
        let shownUser = min(user, max(4, rest / 3), 16)
        userWidth = likesWidth != nil && rest >= 4 ? min(shownUser, rest) : nil
        if let userWidth { used += gap + userWidth }
        let tags = width - used - gap
        tagsWidth = userWidth != nil && tags >= 4 ? tags : nil
    }

    /// The column titles.
    var header: String {
        cells(
            number: "#", id: "ID", size: "SIZE", likes: "LIKES", user: "USER", tags: "TAGS",
            origin: nil)
    }

    /// Row `row`, numbered `number`.
    ///
    /// - Parameters:
    ///   - row: The row.
    ///   - number: Its number in the list.
    ///   - origin: On a terminal, the screen column (from 0) where the line starts: each
    ///     column after the first is then placed there absolutely (`CSI n G`), so a
    ///     character the terminal draws wider or narrower than ``DisplayWidth`` counts it
    ///     (terminals disagree on emoji sequences: a family is 2, 6 or 8 columns) costs its
    ///     own cell, never the alignment of the columns after it. `nil`: plain text.
    func line(_ row: ScreenContent.Row, number: Int, origin: Int? = nil) -> String {
        let scalars = unlimited ? Int.max : Self.shownScalars
        return cells(
            number: String(number), id: String(row.id), size: row.size, likes: String(row.likes),
            user: TerminalText.sanitized(row.user, prefix: scalars),
            tags: TerminalText.sanitized(row.tags, prefix: scalars), origin: origin)
    }

    private func cells(
        number: String, id: String, size: String, likes: String, user: String, tags: String,
        origin: Int?
    ) -> String {
        var parts = [DisplayWidth.fit(number, to: numberWidth, rightAligned: true)]
        if let idWidth { parts.append(DisplayWidth.fit(id, to: idWidth, rightAligned: true)) }
        if let sizeWidth { parts.append(DisplayWidth.fit(size, to: sizeWidth)) }
        if let likesWidth {
            parts.append(DisplayWidth.fit(likes, to: likesWidth, rightAligned: true))
        }
        if let userWidth { parts.append(DisplayWidth.fit(user, to: userWidth)) }
        if let tagsWidth {
            parts.append(DisplayWidth.truncate(tags, to: tagsWidth))
        } else if unlimited {
            parts.append(tags)
        }
        var line = ""
        var column = origin ?? 0
        for (index, part) in parts.enumerated() {
            if index > 0 {
                line += "  "
                column += 2
                // Where this column starts by our count: a no-op on a terminal that agrees.
                if origin != nil { line += "\u{1B}[\(column + 1)G" }
            }
            line += part
            column += DisplayWidth.width(of: part)
        }
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}
