/// Turns successive ``ScreenFrame``s into the bytes that update a terminal, rewriting only
/// the lines that changed.
///
/// Why: redrawing the whole screen on every key (or spinner frame) flickers and floods a
/// slow connection; the status line's spinner changes ten times a second and is one line.
struct ScreenWriter {
    private var previous: [String] = []
    private var previousCursor = -1

    /// Forgets what is on the screen, so the next frame is drawn whole (after a resize, a
    /// suspend, or anything else that may have disturbed the screen).
    mutating func invalidate() {
        previous = []
        previousCursor = -1
    }

    /// The escape codes and text that turn the screen from the previous frame into `frame`
    /// (empty when nothing changed): each changed line is erased and rewritten in place;
    /// the cursor ends at the query's end.
    mutating func update(to frame: ScreenFrame) -> String {
        var output = ""
        if previous.count != frame.lines.count {
            output += "\u{1B}[H\u{1B}[2J"
            previous = Array(repeating: "\u{0}", count: frame.lines.count)
        }
        for (row, line) in frame.lines.enumerated() where previous[row] != line {
            // Erased first: a row's columns are placed absolutely, so a cell the terminal
            // draws narrower than counted leaves cells unwritten, which must not keep the
            // previous frame's text.
            output += "\u{1B}[\(row + 1);1H\u{1B}[2K" + line + "\u{1B}[0m\u{1B}[K"
        }
        guard !output.isEmpty || previousCursor != frame.cursorColumn else { return "" }
        previous = frame.lines
        previousCursor = frame.cursorColumn
        return "\u{1B}[?25l" + output + "\u{1B}[1;\(frame.cursorColumn + 1)H\u{1B}[?25h"
    }
}
