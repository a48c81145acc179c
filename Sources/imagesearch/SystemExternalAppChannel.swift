import Foundation
import ImageSearchModel

/// Opens URLs with the system's opener (`xdg-open` on Linux, `open` on macOS), or prints the
/// URL when there is none.
final class SystemExternalAppChannel: ExternalAppChanneling {
    private let opener: URL?

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
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

    func openURL(_ url: String) {
        guard let opener else {
            print("Open this page in a browser: \(url)")
            return
        }
        let process = Process()
        process.executableURL = opener
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            print("Opening \(url)")
        } catch {
            print(
                "Could not start \(opener.lastPathComponent); open this page in a browser: \(url)")
        }
    }
}
