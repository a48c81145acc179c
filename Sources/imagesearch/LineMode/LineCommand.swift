/// One line of line-mode input: a query or a command.
///
/// Why a colon: in the first interactive mode, `n`, `q`, `help` and any number were
/// commands, so those words could never be searched. Now every line is a query except
/// those that start with `:`, and a query that itself starts with a colon is written `::…`.
enum LineCommand: Equatable {
    /// Search these words.
    case search(String)
    /// Load the next page.
    case next
    /// Show the details of result N (from 1); `nil` when the number is missing or not a
    /// number.
    case detail(Int?)
    /// Open result N's page; `nil` when the number is missing or not a number.
    case open(Int?)
    /// Show the commands.
    case help
    /// Quit.
    case quit
    /// An empty line: nothing to do.
    case nothing
    /// A line starting with `:` that is no command; the text is what to say.
    case unknown(String)

    /// Reads one line. Control characters and escape sequences (an arrow key typed at a
    /// line prompt arrives as `ESC [ A`) are removed first, so they never reach a query.
    init(line: String) {
        let text = TerminalText.sanitized(line).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix(":") else {
            self = text.isEmpty ? .nothing : .search(text)
            return
        }
        if text.hasPrefix("::") {
            self = .search(String(text.dropFirst()))
            return
        }
        let words = text.dropFirst().split(separator: " ", omittingEmptySubsequences: true)
        let name = words.first.map { $0.lowercased() } ?? ""
        let number = words.count == 2 ? Int(words[1]) : nil
        switch (name, words.count) {
        case ("n", 1), ("next", 1): self = .next
        case ("q", 1), ("quit", 1), ("exit", 1): self = .quit
        case ("h", 1), ("help", 1), ("?", 1): self = .help
        case ("d", _), ("detail", _): self = .detail(number)
        case ("o", _), ("open", _): self = .open(number)
        default:
            self = .unknown("unknown command \(TerminalText.sanitized(text))")
        }
    }
}
