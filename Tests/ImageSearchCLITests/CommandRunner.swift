import Foundation
import SignalboxLocks

/// The outcome of one run of the `imagesearch` executable.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs the built `imagesearch` executable as a subprocess.
enum CommandRunner {
    /// The executable under test: the one next to the test bundle (SwiftPM builds it with
    /// the tests), or the file named by `IMAGESEARCH_EXECUTABLE`, to run the suite against
    /// another build (such as main's binary, to see a new test fail there first).
    static var executable: URL? {
        if let path = ProcessInfo.processInfo.environment["IMAGESEARCH_EXECUTABLE"],
            !path.isEmpty
        {
            return URL(fileURLWithPath: path)
        }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("imagesearch")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `imagesearch arguments` to the end, feeding `input` on standard input; see
    /// `launch` for the environment.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
        timeout: TimeInterval = 60
    ) throws -> CommandResult {
        let command = try launch(arguments, environment: environment)
        if let input { command.write(input) }
        command.closeInput()
        return try command.finish(timeout: timeout)
    }

    /// Starts `imagesearch arguments` with a clean environment (no API key, no colour
    /// preference, 100 columns, en_US) plus `environment`; its output is collected from the
    /// start, so it never blocks on a full pipe.
    static func launch(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws -> RunningCommand {
        guard let executable else { throw RunnerError.executableNotFound }
        var base = ProcessInfo.processInfo.environment
        base["PIXABAY_API_KEY"] = nil
        base["NO_COLOR"] = nil
        base["COLUMNS"] = "100"
        base["LANG"] = "en_US.UTF-8"
        base["LC_ALL"] = "en_US.UTF-8"
        // A fresh on-disk cache for each run (removed when it ends), unless the test gives
        // one: a page cached by one test must not answer another test's server.
        var temporaryCache: String?
        if environment["XDG_CACHE_HOME"] == nil {
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("imagesearch-test-\(UUID().uuidString)").path
            base["XDG_CACHE_HOME"] = path
            temporaryCache = path
        }
        return try RunningCommand(
            executable: executable, arguments: arguments,
            environment: base.merging(environment) { _, new in new },
            temporaryCache: temporaryCache)
    }

    enum RunnerError: Error {
        case executableNotFound
        case timedOut([String])
    }
}

/// A running `imagesearch` process: its standard input, and its output collected as it comes.
final class RunningCommand {
    let arguments: [String]
    private let process = Process()
    private let stdin = Pipe()
    private let finished = DispatchSemaphore(value: 0)
    private let output = Collected()
    private let readers = DispatchGroup()

    /// A cache directory made for this run only, removed when it ends.
    private let temporaryCache: String?

    init(
        executable: URL, arguments: [String], environment: [String: String],
        temporaryCache: String? = nil
    ) throws {
        self.arguments = arguments
        self.temporaryCache = temporaryCache
        let stdout = Pipe()
        let stderr = Pipe()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        let finished = self.finished
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let output = self.output
        // Threads of their own: a read blocks for as long as the process runs, and parallel
        // tests blocking Dispatch's global pool so starved other suites' work for seconds.
        let readers = self.readers
        readers.enter()
        readers.enter()
        Thread {
            output.setOut(stdout.fileHandleForReading.readDataToEndOfFile())
            readers.leave()
        }.start()
        Thread {
            output.setErr(stderr.fileHandleForReading.readDataToEndOfFile())
            readers.leave()
        }.start()
    }

    /// Writes `text` to the process's standard input.
    func write(_ text: String) {
        stdin.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Closes standard input (end of input for the process).
    func closeInput() {
        try? stdin.fileHandleForWriting.close()
    }

    /// Sends SIGINT, as Ctrl-C in a terminal would.
    func interrupt() {
        process.interrupt()
    }

    /// Waits for the process to exit and returns what it printed; terminates it and throws
    /// after `timeout` seconds.
    func finish(timeout: TimeInterval = 60) throws -> CommandResult {
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            throw CommandRunner.RunnerError.timedOut(arguments)
        }
        readers.wait()
        if let temporaryCache { try? FileManager.default.removeItem(atPath: temporaryCache) }
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: output.out, as: UTF8.self),
            stderr: String(decoding: output.err, as: UTF8.self))
    }
}

/// Output collected from two reader threads.
private final class Collected: @unchecked Sendable {
    // Safety: both fields are only touched while holding `lock`.
    private let lock = Lock()
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
