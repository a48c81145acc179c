import Foundation
import LoopbackHTTPServer
import Testing

/// Issue 34, item 4: a crash while the process holds the API key writes the key nowhere.
///
/// The crash is the documented FoundationNetworking trap (a `Content-Length` of `Int64.max`
/// traps inside `_EasyHandle.setupCallbacks`), in a real process whose shell allows core
/// files (`ulimit -c unlimited`; this machine's `core_pattern` writes `core` in the working
/// directory).
@Suite("imagesearch: no key in core dumps or crash output", .serialized)
struct SecretDumpTests {
    static let key = "KEY-dump-0123456789abcdef"

    @Test("a trap while holding the key leaves no core file and prints no memory, only the reason")
    func noCoreNoMemory() throws {
        let server = try LoopbackHTTPServer { _ in
            .raw(
                Data(
                    ("HTTP/1.1 200 OK\r\nContent-Length: 9223372036854775807\r\n"
                        + "Connection: close\r\n\r\n{}").utf8))
        }
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("imagesearch-core-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try runThroughShell(
            #"cd "$CORE_DIR" || exit 99; ulimit -c unlimited 2>/dev/null; exec "$0" "$@""#,
            ["--api-key", Self.key, "--base-url", server.baseURL + "/api/", "--no-cache", "fox"],
            environment: ["CORE_DIR": directory.path], timeout: 60)
        guard !outcome.exitedNormally else {
            // FoundationNetworking did not trap here (a fixed version): nothing to dump.
            #expect(!outcome.stderr.contains(Self.key))
            return
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!files.contains { $0.hasPrefix("core") }, "a core file was written: \(files)")
        #expect(!outcome.stderr.contains(Self.key), "the key in the crash output")
        #expect(outcome.stderr.contains("imagesearch stopped: "), "\(outcome.stderr.suffix(2000))")
        #expect(
            !outcome.stderr.contains("Registers"), "memory printed: \(outcome.stderr.suffix(2000))")
    }
}
