import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about where the program's output goes.
struct Terminal {
    /// Whether standard output is a terminal.
    let stdoutIsTerminal: Bool
    /// Whether standard error is a terminal.
    let stderrIsTerminal: Bool
    /// Whether standard input is a terminal.
    let stdinIsTerminal: Bool
    /// Columns available for a line of standard output.
    let width: Int
    /// Whether to colour standard output.
    let color: Bool

    init(noColor: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) {
        stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        stderrIsTerminal = isatty(STDERR_FILENO) == 1
        stdinIsTerminal = isatty(STDIN_FILENO) == 1
        width = Terminal.columns(environment: environment, isTerminal: stdoutIsTerminal)
        let noColorRequested = noColor || (environment["NO_COLOR"].map { !$0.isEmpty } ?? false)
        color = stdoutIsTerminal && !noColorRequested && environment["TERM"] != "dumb"
    }

    /// The terminal's width, else `COLUMNS`, else 100; never below 40.
    private static func columns(environment: [String: String], isTerminal: Bool) -> Int {
        var size = winsize()
        if isTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return max(40, Int(size.ws_col))
        }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
            return max(40, columns)
        }
        return 100
    }

    /// Wraps `text` in an ANSI style when colour is on.
    func style(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

/// Writes to standard error.
func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
