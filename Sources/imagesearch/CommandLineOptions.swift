import Foundation
import ImageSearchModel

/// Whether the detail pane shows the selected image inline (`--images`).
enum InlineImages: String, Equatable, CaseIterable {
    /// Only on a terminal known to show inline images (the default).
    case auto
    /// Whenever the output is a terminal, trusting the user that it shows them.
    case always
    /// Never.
    case never
}

/// What the user asked for on the command line.
struct CommandLineOptions: Equatable {
    var queryWords: [String] = []
    var perPage: Int?
    var pages = 1
    var detail: Int?
    var json = false
    var offline = false
    var apiKey: String?
    var apiKeyFile: String?
    var baseURL: String?
    var noCache = false
    /// `--cache-memory`: the in-memory cache's budget, in MiB.
    var cacheMemory: Int?
    var images = InlineImages.auto
    var timeout: TimeInterval?
    var noColor = false
    var interactive = false
    var help = false
    var version = false

    /// The query: the words joined by single spaces, trimmed.
    var query: String {
        queryWords.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let pagesRange = 1...100
    static let perPageRange = 3...200
    static let timeoutRange: ClosedRange<TimeInterval> = 0.1...600
    static let cacheMemoryRange = 0...4096

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: `UsageError` with a one-line reason for anything it cannot accept.
    static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
        var options = CommandLineOptions()
        var index = 0
        var onlyWords = false
        func value(for flag: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw UsageError("\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            if onlyWords || !argument.hasPrefix("-") || argument == "-" {
                options.queryWords.append(argument)
                index += 1
                continue
            }
            var flag = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            switch flag {
            case "--":
                onlyWords = true
            case "--per-page":
                options.perPage = try integer(
                    try value(for: flag, inline: inline), flag: flag, in: perPageRange)
            case "--pages":
                options.pages = try integer(
                    try value(for: flag, inline: inline), flag: flag, in: pagesRange)
            case "--detail":
                options.detail = try integer(
                    try value(for: flag, inline: inline), flag: flag, in: 1...Int(Int32.max))
            case "--cache-memory":
                options.cacheMemory = try integer(
                    try value(for: flag, inline: inline), flag: flag, in: cacheMemoryRange)
            case "--timeout":
                let text = try value(for: flag, inline: inline)
                guard let seconds = TimeInterval(text), seconds.isFinite,
                    timeoutRange.contains(seconds)
                else {
                    throw UsageError(
                        "--timeout needs a number of seconds between 0.1 and 600, got '\(text)'")
                }
                options.timeout = seconds
            case "--api-key":
                let key = try value(for: flag, inline: inline)
                guard !key.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw UsageError("--api-key needs a non-empty key")
                }
                options.apiKey = key
            case "--api-key-file":
                let path = try value(for: flag, inline: inline)
                guard !path.isEmpty else { throw UsageError("--api-key-file needs a path") }
                options.apiKeyFile = path
            case "--images":
                let text = try value(for: flag, inline: inline)
                guard let mode = InlineImages(rawValue: text) else {
                    throw UsageError("--images needs auto, always or never, got '\(text)'")
                }
                options.images = mode
            case "--base-url":
                let text = try value(for: flag, inline: inline)
                // The value is not echoed: it may hold a password (`http://user:pass@host/`).
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                    scheme == "http" || scheme == "https", url.host != nil
                else {
                    throw UsageError("--base-url needs an http(s) URL")
                }
                guard url.fragment == nil, !text.contains("#") else {
                    throw UsageError("--base-url cannot have a fragment (#…)")
                }
                options.baseURL = text
            case "--json", "--offline", "--no-color", "--no-cache", "--interactive", "-i",
                "--help", "-h", "--version":
                guard inline == nil else { throw UsageError("\(flag) takes no value") }
                switch flag {
                case "--json": options.json = true
                case "--offline": options.offline = true
                case "--no-cache": options.noCache = true
                case "--no-color": options.noColor = true
                case "--interactive", "-i": options.interactive = true
                case "--help", "-h": options.help = true
                default: options.version = true
                }
            default:
                throw UsageError("unknown option '\(flag)'")
            }
            index += 1
        }
        if options.json && options.interactive {
            throw UsageError("--json cannot be combined with --interactive")
        }
        if options.apiKey != nil && options.apiKeyFile != nil {
            throw UsageError("--api-key and --api-key-file cannot be combined")
        }
        try options.checkQueryAndDetail()
        return options
    }

    /// The checks that need the whole command line: a query Pixabay would refuse, and a
    /// `--detail` beyond what `--pages` and `--per-page` can load, are usage errors, so
    /// nothing is sent for them.
    private func checkQueryAndDetail() throws(UsageError) {
        let words = query.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let length = words.joined(separator: " ").count
        if length > Pixabay.maximumQueryLength {
            throw UsageError(
                "the query is \(length) characters long; the limit is \(Pixabay.maximumQueryLength)"
            )
        }
        if let detail, !query.isEmpty {
            let (loadable, overflow) = (perPage ?? Pixabay.defaultPerPage)
                .multipliedReportingOverflow(by: pages)
            if !overflow, detail > loadable {
                throw UsageError(
                    "--detail \(detail) is out of range: at most \(loadable) results are loaded "
                        + "(--pages \(pages), --per-page \(perPage ?? Pixabay.defaultPerPage))")
            }
        }
    }

    /// Warnings for options that have no effect with the others given.
    var warnings: [String] {
        guard offline else { return [] }
        var ignored: [String] = []
        if baseURL != nil { ignored.append("--base-url") }
        if timeout != nil { ignored.append("--timeout") }
        guard !ignored.isEmpty else { return [] }
        return [
            "imagesearch: warning: \(ignored.joined(separator: " and ")) "
                + "\(ignored.count == 1 ? "has" : "have") no effect with --offline"
        ]
    }

    private static func integer(
        _ text: String, flag: String, in range: ClosedRange<Int>
    ) throws(UsageError) -> Int {
        guard let number = Int(text) else {
            throw UsageError("\(flag) needs a whole number, got '\(text)'")
        }
        guard range.contains(number) else {
            if range.upperBound == Int(Int32.max) {
                throw UsageError(
                    "\(flag) needs a number of at least \(range.lowerBound), got \(number)")
            }
            throw UsageError(
                "\(flag) needs a number between \(range.lowerBound) and \(range.upperBound), got \(number)"
            )
        }
        return number
    }
}

/// A command line the program cannot accept; exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

let helpText = """
    Usage: imagesearch [options] <query words…>
           imagesearch -i

    Searches images on Pixabay (or, with no API key, in the built-in offline
    catalog) and prints the results as a table.

    Options:
      --per-page N      results per page, 3–200 (default 50)
      --pages N         pages to load, 1–100 (default 1)
      --detail N        also print the details of result N
      --json            print one JSON document instead of the table
      --offline         use the offline catalog even when an API key is set
      --api-key KEY     Pixabay API key (default: $PIXABAY_API_KEY)
      --api-key-file PATH
                        read the key from a file (keeps it out of `ps`)
      --base-url URL    a Pixabay-compatible server (needs an API key; default:
                        https://pixabay.com/api/)
      --timeout SECONDS request timeout, 0.1–600 (default 15)
      --no-cache        neither read nor write the on-disk cache
                        ($XDG_CACHE_HOME/imagesearch, else ~/.cache/imagesearch;
                        24 hours)
      --cache-memory MB results kept in memory when there is no on-disk cache
                        (--no-cache, --offline), 0–4096 MiB (default 32; 0 keeps
                        none)
      --images MODE     inline preview in the detail pane: auto (default), always,
                        never
      --no-color        no colour (also when NO_COLOR is set or output is not a
                        terminal)
      -i, --interactive search interactively (the default with no query on a
                        terminal)
      -h, --help        show this help
      --version         show the version

    Interactive, on a terminal: a full-screen search that searches as you type.
    The search line edits as in a shell (Left/Right, Home/End, Ctrl-A/E, Alt-B/F,
    Ctrl-U/K/W, Delete, paste). Up/Down or Ctrl-P/N move, PgUp/PgDn by a screen;
    Enter shows the details (after an error or a cancel, Enter or Ctrl-R searches
    again); Ctrl-O opens the page in a browser ($BROWSER, else the system's opener);
    Ctrl-C cancels a search, or quits (status 130); Esc closes a pane, clears the
    search, or quits; F1 (or ? on an empty search) shows the keys.

    Interactive, not on a terminal (line mode): each line is a query, except
    commands, which start with a colon: :next (:n) loads the next page; :detail N
    (:d N) shows result N; :open N (:o N) opens its page; :help (:h); :quit (:q;
    also end of input). A query that starts with a colon is written with two (::).

    Exit status: 0 success (also with zero results), 1 a search failed, 2 usage
    error, 130 quit with Ctrl-C.
    """
