import Foundation
import ImageSearchModel

/// Opens URLs with the user's `$BROWSER`, else the system's opener (`xdg-open` on Linux,
/// `open` on macOS), or prints the URL when there is none.
final class SystemExternalAppChannel: ExternalAppChanneling {
    /// A program to run and its arguments before the URL; `%s` in an argument is replaced
    /// by the URL (and then it is not appended).
    struct Opener: Equatable {
        var program: URL
        var arguments: [String]

        /// The arguments to open `url` with.
        func arguments(for url: String) -> [String] {
            guard arguments.contains(where: { $0.contains("%s") }) else { return arguments + [url] }
            return arguments.map { $0.replacingOccurrences(of: "%s", with: url) }
        }
    }

    private let opener: Opener?
    /// The opener's environment: the program's, without the API key.
    private let openerEnvironment: [String: String]
    private let report: @Sendable (String) -> Void

    /// - Parameters:
    ///   - environment: Where `BROWSER` and `PATH` are read to find the opener; also the
    ///     opener's own environment, less `PIXABAY_API_KEY` (a browser has no use for it,
    ///     and would hand it to every process it starts).
    ///   - report: Where the one-line outcome goes (printed by default; the full-screen
    ///     interface shows it in its status line).
    init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        report: @escaping @Sendable (String) -> Void = { print($0) }
    ) {
        self.report = report
        openerEnvironment = environment.filter { $0.key != Pixabay.apiKeyEnvironmentVariable }
        opener = Self.opener(environment: environment)
    }

    /// The opener: the first command of `$BROWSER` (a colon-separated list of commands, each
    /// a program and its arguments split at spaces, run without a shell) that can be run,
    /// else the platform's opener found on `PATH`.
    static func opener(environment: [String: String]) -> Opener? {
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        func find(_ name: String) -> URL? {
            if name.contains("/") {
                let url = URL(fileURLWithPath: name)
                return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
            }
            return directories.lazy
                .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }
        for command in (environment["BROWSER"] ?? "").split(separator: ":") {
            let words = command.split(separator: " ").map(String.init)
            guard let name = words.first, let program = find(name) else { continue }
            return Opener(program: program, arguments: Array(words.dropFirst()))
        }
        #if os(macOS)
            let platform = "open"
        #else
            let platform = "xdg-open"
        #endif
        return find(platform).map { Opener(program: $0, arguments: []) }
    }

    /// Opens `url` if it is an `http` or `https` address (spaces and other characters an
    /// address cannot hold are percent-encoded); anything else (a `file:` URL, an option
    /// such as `--version`, control characters) is refused with a message, because the
    /// address came from a server. The opener gets it as one argument, never through a
    /// shell.
    func openURL(_ url: String) {
        guard let url = Self.openable(url) else {
            let shown = TerminalText.sanitized(WebAddress.shown(url))
            report(
                WebAddress.holdsUserInfo(url)
                    ? "Not opening \"\(shown)\": a name before its host (user@host) would make "
                        + "it pass for another site."
                    : "Not opening \"\(shown)\": only http and https pages are opened.")
            return
        }
        guard let opener else {
            report("Open this page in a browser: \(url)")
            return
        }
        let process = Process()
        process.executableURL = opener.program
        process.arguments = opener.arguments(for: url)
        process.environment = openerEnvironment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            report("Opening \(url)")
        } catch {
            report(
                "Could not start \(opener.program.lastPathComponent); open this page in a browser: \(url)"
            )
        }
    }

    /// The characters an address keeps as they are: ASCII letters, digits, and the
    /// unreserved and reserved punctuation of RFC 3986, and `%` (already encoded).
    private static let addressCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
            + "-._~:/?#[]@!$&'()*+,;=%")

    /// `url` percent-encoded where it holds characters an address cannot (a space becomes
    /// `%20`), its host in punycode where it is not ASCII, if it is then a plain
    /// `http`/`https` address with a host and no user name; otherwise `nil` (another scheme,
    /// an option such as `--version`, control characters, `name@` before the host).
    static func openable(_ url: String) -> String? {
        guard !url.hasPrefix("-"), url == TerminalText.sanitized(url),
            // A user name before the host (`https://pixabay.com@evil.example/`) passes for
            // another host: never opened. A non-ASCII host goes in punycode, as shown.
            let ascii = WebAddress.withASCIIHost(url),
            let encoded = ascii.addingPercentEncoding(withAllowedCharacters: addressCharacters),
            !WebAddress.holdsUserInfo(encoded),
            let components = URLComponents(string: encoded),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty,
            !host.contains(where: { $0 == " " || $0 == "%" })
        else { return nil }
        return encoded
    }

    /// Whether `url` can be opened (see ``openable(_:)``).
    static func isOpenable(_ url: String) -> Bool {
        openable(url) != nil
    }
}
