import Foundation
import ImageSearchModel

/// Opens URLs with the system's opener (`xdg-open` on Linux, `open` on macOS), or prints the
/// URL when there is none.
final class SystemExternalAppChannel: ExternalAppChanneling {
    private let opener: URL?
    /// The opener's environment: the program's, without the API key.
    private let openerEnvironment: [String: String]
    private let report: @Sendable (String) -> Void

    /// - Parameters:
    ///   - environment: Where `PATH` is read to find the opener; also the opener's own
    ///     environment, less `PIXABAY_API_KEY` (a browser has no use for it, and would hand it
    ///     to every process it starts).
    ///   - report: Where the one-line outcome goes (printed by default; the full-screen
    ///     interface shows it in its status line).
    init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        report: @escaping @Sendable (String) -> Void = { print($0) }
    ) {
        self.report = report
        openerEnvironment = environment.filter { $0.key != Pixabay.apiKeyEnvironmentVariable }
        #if os(macOS)
            let names = ["open"]
        #else
            let names = ["xdg-open"]
        #endif
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        opener = names.lazy
            .flatMap { name in
                directories.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Opens `url` if it is an `http` or `https` address; anything else (a `file:` URL, an
    /// option such as `--version`, text with spaces or control characters) is refused with
    /// a message, because the address came from a server. The opener gets it as one
    /// argument, never through a shell.
    func openURL(_ url: String) {
        guard Self.isOpenable(url) else {
            report(
                "Not opening \"\(TerminalText.sanitized(url))\": only http and https pages are opened."
            )
            return
        }
        guard let opener else {
            report("Open this page in a browser: \(url)")
            return
        }
        let process = Process()
        process.executableURL = opener
        process.arguments = [url]
        process.environment = openerEnvironment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            report("Opening \(url)")
        } catch {
            report(
                "Could not start \(opener.lastPathComponent); open this page in a browser: \(url)")
        }
    }

    /// Whether `url` is a plain `http`/`https` address with a host, safe to hand to an opener.
    static func isOpenable(_ url: String) -> Bool {
        guard !url.hasPrefix("-"), url == TerminalText.sanitized(url), !url.contains(" "),
            let components = URLComponents(string: url),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return false }
        return true
    }
}
