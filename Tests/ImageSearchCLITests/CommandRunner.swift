import Foundation

/// The outcome of one run of the `imagesearch` executable.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs the built `imagesearch` executable as a subprocess.
enum CommandRunner {
    /// The executable next to the test bundle (SwiftPM builds it with the tests).
    static var executable: URL? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("imagesearch")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `imagesearch arguments`, feeding `input` on standard input, with a clean
    /// environment (no API key, no colour preference, 100 columns) plus `environment`.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
        timeout: TimeInterval = 60
    ) throws -> CommandResult {
        guard let executable else { throw RunnerError.executableNotFound }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var base = ProcessInfo.processInfo.environment
        base["PIXABAY_API_KEY"] = nil
        base["NO_COLOR"] = nil
        base["COLUMNS"] = "100"
        base["LANG"] = "en_US.UTF-8"
        base["LC_ALL"] = "en_US.UTF-8"
        process.environment = base.merging(environment) { _, new in new }
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        let output = Collected()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            output.setOut(stdout.fileHandleForReading.readDataToEndOfFile())
        }
        DispatchQueue.global().async(group: group) {
            output.setErr(stderr.fileHandleForReading.readDataToEndOfFile())
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            throw RunnerError.timedOut(arguments)
        }
        group.wait()
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: output.out, as: UTF8.self),
            stderr: String(decoding: output.err, as: UTF8.self))
    }

    enum RunnerError: Error {
        case executableNotFound
        case timedOut([String])
    }
}

/// Output collected from two reader threads.
private final class Collected: @unchecked Sendable {
    // Safety: both fields are only touched while holding `lock`.
    private let lock = NSLock()
    private var outData = Data()
    private var errData = Data()
    func setOut(_ data: Data) { lock.withLock { outData = data } }
    func setErr(_ data: Data) { lock.withLock { errData = data } }
    var out: Data { lock.withLock { outData } }
    var err: Data { lock.withLock { errData } }
}

extension CommandResult {
    /// The ids in the first column after the index of each table row.
    var tableIDs: [UInt64] {
        stdout.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, Int(fields[0]) != nil else { return nil }
            return UInt64(fields[1])
        }
    }
}
