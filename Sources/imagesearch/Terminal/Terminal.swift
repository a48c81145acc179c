import Foundation
import SignalboxLocks

/// Facts about where the program's output goes.
struct Terminal {
    /// Whether standard output is a terminal.
    let stdoutIsTerminal: Bool
    /// Whether standard error is a terminal.
    let stderrIsTerminal: Bool
    /// Whether standard input is a terminal.
    let stdinIsTerminal: Bool
    /// Columns available for a line of standard output, or `nil` when it is not a terminal
    /// (then nothing is cut to fit).
    let width: Int?
    /// Whether to colour standard output.
    let color: Bool
    /// Whether `TERM` is `dumb` (or unset): no escape code of any kind is written.
    let isDumb: Bool
    /// The full-screen interface can run: standard input and output are terminals that
    /// understand escape codes.
    var canRunFullScreen: Bool { stdinIsTerminal && stdoutIsTerminal && !isDumb }

    init(noColor: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) {
        stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        stderrIsTerminal = isatty(STDERR_FILENO) == 1
        stdinIsTerminal = isatty(STDIN_FILENO) == 1
        let term = environment["TERM"] ?? ""
        isDumb = term.isEmpty || term == "dumb"
        width = stdoutIsTerminal ? Terminal.size(environment: environment).columns : nil
        let noColorRequested = noColor || (environment["NO_COLOR"].map { !$0.isEmpty } ?? false)
        color = stdoutIsTerminal && !noColorRequested && !isDumb
    }

    /// The terminal's size, else `COLUMNS` × `LINES`, else 100 × 30; at most 1000 × 1000 and
    /// never below `minimum` (20 × 5 for tables printed in lines; the full screen asks for its
    /// real size, however small, and draws what fits).
    static func size(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        minimum: (columns: Int, rows: Int) = (20, 5)
    ) -> (columns: Int, rows: Int) {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (
                max(minimum.columns, min(Int(size.ws_col), 1000)),
                max(minimum.rows, min(Int(size.ws_row), 1000))
            )
        }
        let columns = environment["COLUMNS"].flatMap { Int($0) }
            .map { max(minimum.columns, min($0, 1000)) }
        let rows = environment["LINES"].flatMap { Int($0) }.map { max(minimum.rows, min($0, 1000)) }
        return (columns ?? 100, rows ?? 30)
    }

    /// Wraps `text` in an ANSI style when colour is on.
    func style(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// Writes `text` and a newline to standard output at once.
///
/// This module's `print`: unbuffered, like every other write of the program (prompts,
/// standard error, the full-screen interface), so output comes out in the order it was
/// written even into a pipe, where the C library's buffer would hold it back. A failed
/// write ends the program (see ``StandardStreams/write(_:to:)``).
func print(_ text: String = "") {
    StandardStreams.write(text + "\n", to: STDOUT_FILENO)
}

/// Writes to standard error.
func printError(_ text: String) {
    StandardStreams.write(text + "\n", to: STDERR_FILENO)
}
