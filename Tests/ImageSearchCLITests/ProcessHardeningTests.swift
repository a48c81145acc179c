import Foundation
import LoopbackHTTPServer
import Signalbox
import SignalboxLocks
import TestThreads
import Testing

/// How one run of `imagesearch` ended when its standard streams were arranged by a shell.
struct ShellOutcome {
    let status: Int32
    let exitedNormally: Bool
    let stderr: String
}

/// Runs `imagesearch arguments` through `/bin/sh -c script`, where the script refers to the
/// program as `"$0"` and its arguments as `"$@"` (so it can close or redirect streams), with
/// standard error collected (unless the script redirects it) and a bound on the time.
func runThroughShell(
    _ script: String, _ arguments: [String], environment: [String: String] = [:],
    stdout: FileHandle? = nil, timeout: TimeInterval = 30,
    whileRunning: (Int32) -> Void = { _ in }
) throws -> ShellOutcome {
    guard let executable = CommandRunner.executable else {
        throw CommandRunner.RunnerError.executableNotFound
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script, executable.path] + arguments
    var base = ProcessInfo.processInfo.environment
    base["PIXABAY_API_KEY"] = nil
    base["LANG"] = "en_US.UTF-8"
    base["LC_ALL"] = "en_US.UTF-8"
    let cache = FileManager.default.temporaryDirectory
        .appendingPathComponent("imagesearch-sh-\(UUID().uuidString)")
    base["XDG_CACHE_HOME"] = cache.path
    defer { try? FileManager.default.removeItem(at: cache) }
    process.environment = base.merging(environment) { _, new in new }
    let errors = Pipe()
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    if let stdout { process.standardOutput = stdout }
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    whileRunning(process.processIdentifier)
    let collected = Atomic(Data())
    let reader = DispatchGroup()
    reader.enter()
    Thread {  // Not the global pool: the read blocks while the process runs.
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        collected.value = data
        reader.leave()
    }.start()
    if finished.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        throw CommandRunner.RunnerError.timedOut(arguments)
    }
    _ = reader.wait(timeout: .now() + 10)
    return ShellOutcome(
        status: process.terminationStatus,
        exitedNormally: process.terminationReason == .exit,
        stderr: String(decoding: collected.value, as: UTF8.self))
}

@Suite("imagesearch: closed streams, secrets, files and hostile input", .serialized, .ownThreads)
struct ProcessHardeningTests {
    static let key = "KEY-abcdefghijklmno"

    // MARK: Standard streams (item 9)

    @Test("a one-shot search with standard output closed ends normally")
    func closedStdout() throws {
        let outcome = try runThroughShell(#"exec "$0" "$@" >&-"#, ["--offline", "fox"])
        #expect(outcome.exitedNormally, "ended by a signal: \(outcome.status)")
        #expect(outcome.status == 0, "\(outcome.stderr)")
    }

    @Test("--json into a full device ends with a message and exit 1")
    func fullDevice() throws {
        let outcome = try runThroughShell(
            #"exec "$0" "$@" > /dev/full"#, ["--offline", "--json", "fox"])
        #expect(outcome.exitedNormally, "ended by a signal: \(outcome.status)")
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("cannot write to standard output"), "\(outcome.stderr)")
    }

    @Test("a usage error with standard error closed exits 2")
    func closedStderrUsageError() throws {
        let outcome = try runThroughShell(#"exec "$0" "$@" 2>&-"#, ["--bogus"])
        #expect(outcome.exitedNormally, "ended by a signal: \(outcome.status)")
        #expect(outcome.status == 2)
    }

    @Test("a reader that went away (EPIPE) ends the program quietly")
    func brokenPipe() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let outcome = try runThroughShell(
            #"exec "$0" "$@""#, ["--offline", "--json", "fox"], stdout: pipe.fileHandleForWriting)
        #expect(outcome.exitedNormally, "ended by a signal: \(outcome.status)")
        #expect(outcome.status == 1)
        #expect(outcome.stderr.isEmpty, "\(outcome.stderr)")
    }

    #if os(Linux)
        @Test("with standard output closed, descriptor 1 is /dev/null, not a connection")
        func closedStdoutLiveSearch() throws {
            let server = try LoopbackHTTPServer { _ in
                .delayed(by: 1, then: .json(pixabayPage(totalHits: 2, count: 2)))
            }
            defer { server.stop() }
            var standardOutput = ""
            let outcome = try runThroughShell(
                #"exec "$0" "$@" >&-"#,
                [
                    "--api-key", Self.key, "--base-url", server.baseURL + "/api/", "--timeout",
                    "5", "fox",
                ]
            ) { pid in
                // While the request is held, the program's descriptor 1 can be looked at.
                guard server.waitForRequest(timeout: 10) else { return }
                standardOutput =
                    (try? FileManager.default.destinationOfSymbolicLink(
                        atPath: "/proc/\(pid)/fd/1")) ?? "(closed)"
            }
            #expect(outcome.exitedNormally, "ended by a signal: \(outcome.status)")
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(standardOutput == "/dev/null")
        }
    #endif

    // MARK: Secrets (items 3, 4, 5)

    @Test("a key echoed near the cut of a 400 message shows no part of itself, text or JSON")
    func keyEchoNearCut() throws {
        for offset in [150, 155, 158] {
            let server = try LoopbackHTTPServer { request in
                .text(
                    String(repeating: "x", count: offset) + " " + (request.query["key"] ?? "")
                        + " and more", status: 400)
            }
            defer { server.stop() }
            for json in [false, true] {
                let result = try CommandRunner.run(
                    ["--api-key", Self.key, "--base-url", server.baseURL + "/api/"]
                        + (json ? ["--json"] : []) + ["fox"])
                #expect(result.status == 1)
                for length in 6...Self.key.count {
                    let part = String(Self.key.prefix(length))
                    #expect(!result.stderr.contains(part), "stderr shows \(part)")
                    #expect(!result.stdout.contains(part), "stdout shows \(part)")
                }
            }
        }
    }

    @Test("userinfo in --base-url reaches neither the cache files nor the messages")
    func userInfoStaysOut() throws {
        let server = try LoopbackHTTPServer { request in
            request.target.hasPrefix("/api/")
                ? .json(pixabayPage(totalHits: 1, count: 1)) : .respond(status: 404)
        }
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory
            .appendingPathComponent("imagesearch-userinfo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let address = server.baseURL.replacingOccurrences(
            of: "http://", with: "http://alice:pa55word@")
        let found = try CommandRunner.run(
            ["--api-key", Self.key, "--base-url", address + "/api/", "fox"],
            environment: ["XDG_CACHE_HOME": cache.path])
        #expect(found.status == 0, "\(found.stderr)")
        let files = try FileManager.default.contentsOfDirectory(
            at: cache.appendingPathComponent("imagesearch"), includingPropertiesForKeys: nil)
        #expect(!files.isEmpty)
        for file in files {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            #expect(!text.contains("pa55word"))
            #expect(!text.contains("alice"))
        }
        let missing = try CommandRunner.run([
            "--api-key", Self.key, "--base-url", address + "/nothing/", "fox",
        ])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("127.0.0.1"), "\(missing.stderr)")
        #expect(!missing.stderr.contains("pa55word"))
        #expect(!missing.stderr.contains("alice"))
    }

    @Test("the browser opener does not inherit PIXABAY_API_KEY")
    func openerEnvironment() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("imagesearch-opener-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("environment")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let opener = folder.appendingPathComponent("xdg-open")
        try Data("#!/bin/sh\nenv > \"\(fifo.path)\"\n".utf8).write(to: opener)
        chmod(opener.path, 0o755)
        // Opened before the program starts, without blocking; read once the opener writes.
        let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let path = folder.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
        let result = try CommandRunner.run(
            ["--offline", "-i"],
            environment: ["PIXABAY_API_KEY": Self.key, "PATH": path], input: "fox\n:o 1\n:q\n")
        #expect(result.status == 0, "\(result.stderr)")
        var environment = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(20)
        var sawWriter = false
        while Date() < deadline {
            var descriptor = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 200)
            let count = read(reader, &buffer, buffer.count)
            if count > 0 {
                sawWriter = true
                environment.append(contentsOf: buffer[0..<count])
            } else if count == 0 && sawWriter {
                break
            }
        }
        let text = String(decoding: environment, as: UTF8.self)
        #expect(text.contains("PATH="), "the opener ran and wrote its environment")
        #expect(!text.contains("PIXABAY_API_KEY"))
        #expect(!text.contains(Self.key))
    }

    // MARK: Files (items 10, 11)

    @Test("--api-key-file refuses a FIFO and a device at once")
    func keyFileMustBeRegular() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("imagesearch-keyfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("key")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        for path in [fifo.path, "/dev/zero", folder.path] {
            let result = try CommandRunner.run(["--api-key-file", path, "fox"], timeout: 10)
            #expect(result.status == 2)
            #expect(result.stderr.contains("not a regular file"), "\(result.stderr)")
        }
        let regular = folder.appendingPathComponent("real")
        try Data((Self.key + "\n").utf8).write(to: regular)
        let server = try LoopbackHTTPServer { _ in .json(pixabayPage(totalHits: 1, count: 1)) }
        defer { server.stop() }
        let result = try CommandRunner.run([
            "--api-key-file", regular.path, "--base-url", server.baseURL + "/api/", "fox",
        ])
        #expect(result.status == 0)
        #expect(server.requests.first?.query["key"] == Self.key)
    }

    @Test("--no-cache writes nothing under XDG_CACHE_HOME; the cache is private otherwise")
    func noCacheWritesNothing() throws {
        let server = try LoopbackHTTPServer { _ in .json(pixabayPage(totalHits: 1, count: 1)) }
        defer { server.stop() }
        let cache = FileManager.default.temporaryDirectory
            .appendingPathComponent("imagesearch-nocache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["--api-key", Self.key, "--base-url", server.baseURL + "/api/", "fox"]
        let result = try CommandRunner.run(
            ["--no-cache"] + arguments, environment: ["XDG_CACHE_HOME": cache.path])
        #expect(result.status == 0)
        let written = FileManager.default.subpaths(atPath: cache.path) ?? []
        #expect(written.isEmpty, "written: \(written)")

        let cached = try CommandRunner.run(arguments, environment: ["XDG_CACHE_HOME": cache.path])
        #expect(cached.status == 0)
        let folder = cache.appendingPathComponent("imagesearch")
        #expect(Self.mode(folder.path) == 0o700)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!files.isEmpty)
        for file in files {
            #expect(Self.mode(folder.appendingPathComponent(file).path) == 0o600, "\(file)")
        }
    }

    static func mode(_ path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { return -1 }
        return Int(info.st_mode) & 0o777
    }

    // MARK: Hostile input (items 12, 13)

    static let clipboardWrite = "fox\u{1B}]52;c;aGVsbG8=\u{07}"

    @Test("the user's own query is printed without its escape sequences")
    func queryEchoSanitised() throws {
        let result = try CommandRunner.run(["--offline", Self.clipboardWrite])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"), "\(result.stdout.debugDescription)")
        #expect(!result.stdout.contains("\u{07}"))
        #expect(!result.stdout.contains("52;c;"))
        let json = try CommandRunner.run(["--offline", "--json", Self.clipboardWrite])
        #expect(!json.stdout.contains("52;c;"))
    }

    @Test("the spinner shows the query without its escape sequences")
    func spinnerSanitised() throws {
        let server = try LoopbackHTTPServer { _ in
            .delayed(by: 0.6, then: .json(pixabayPage(totalHits: 1, count: 1)))
        }
        defer { server.stop() }
        let terminal = try PseudoTerminal([
            "--api-key", Self.key, "--base-url", server.baseURL + "/api/", Self.clipboardWrite,
        ])
        #expect(terminal.waitForExit(timeout: 20) == 0)
        #expect(terminal.text.contains("Searching"), "the spinner ran")
        #expect(!terminal.text.contains("]52;"), "\(terminal.text.debugDescription)")
    }

    @Test("line mode stops reading a line past its bound, says so, and goes on")
    func longLineCapped() throws {
        let long = String(repeating: "a", count: 3_000_000)
        let result = try CommandRunner.run(["--offline", "-i"], input: long + "\nfox\n:q\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("too long"), "\(result.stdout.prefix(300))")
        #expect(result.stdout.contains("images for \"fox\""))
        #expect(!result.stderr.contains("longer than 100"))
    }
}
