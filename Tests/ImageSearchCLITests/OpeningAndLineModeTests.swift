import Foundation
import LoopbackHTTPServer
import SignalboxLocks
import TestThreads
import Testing

/// Issue 26, items 7 and 8: how pages are opened, and line mode's exit status and messages.
@Suite("imagesearch: opening pages and line mode", .serialized, .ownThreads)
struct OpeningAndLineModeTests {
    /// A folder with a browser stand-in that writes its arguments, one a line, into a FIFO
    /// the test reads: the test waits for the browser's write itself, with a bound.
    final class FakeBrowser {
        let folder: URL
        let script: URL
        /// The read end of the FIFO, opened before the browser can run so that its write
        /// never blocks (and nothing is lost if it writes before the test reads).
        private let reader: Int32

        init() throws {
            folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("imagesearch-browser-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            script = folder.appendingPathComponent("browser")
            let fifo = folder.appendingPathComponent("opened").path
            guard mkfifo(fifo, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
            reader = open(fifo, O_RDONLY | O_NONBLOCK)
            guard reader >= 0 else { throw CocoaError(.fileReadUnknown) }
            let text =
                "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"\(fifo)\"\n"
            try Data(text.utf8).write(to: script)
            chmod(script.path, 0o755)
        }

        deinit {
            close(reader)
            try? FileManager.default.removeItem(at: folder)
        }

        /// The arguments the browser got: what it wrote, once it closed the FIFO (waits up to
        /// `timeout` seconds for that; `nil` if it never wrote).
        func arguments(timeout: TimeInterval = 10) -> [String]? {
            let deadline = Date().addingTimeInterval(timeout)
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            var connected = false
            while true {
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { return nil }
                var request = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
                let ready = poll(&request, 1, Int32(min(left, 10) * 1000))
                if ready < 0 && errno == EINTR { continue }
                guard ready > 0 else { return nil }
                let count = read(reader, &buffer, buffer.count)
                if count > 0 {
                    connected = true
                    bytes += buffer[0..<count]
                } else if count == 0 && (connected || request.revents & Int16(POLLHUP) != 0) {
                    break  // the browser closed its end: all it wrote is here
                } else if count < 0 && errno != EAGAIN && errno != EINTR {
                    return nil
                }
            }
            return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        }
    }

    @Test("$BROWSER opens the page before the platform opener, with %s replaced")
    func browserVariable() throws {
        let page = try #require(try catalogPages("fox", perPage: 3, pages: 1).first?.images.first)
        for (command, expected) in [
            ("", [page.pageURL]), (" --new-tab=%s", ["--new-tab=" + page.pageURL]),
        ] {
            let browser = try FakeBrowser()
            let result = try CommandRunner.run(
                ["-i", "--offline", "--per-page", "3"],
                environment: ["BROWSER": browser.script.path + command, "PATH": "/usr/bin:/bin"],
                input: "fox\n:o 1\n:q\n")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(browser.arguments() == expected, "\(result.stdout)")
        }
    }

    @Test("an https page with spaces in its address is percent-encoded, not refused")
    func spacesEncoded() throws {
        let page = PixabayPage.json(totalHits: 1, count: 1)
            .replacingOccurrences(
                of: "https://pixabay.com/photos/x-100/",
                with: "https://x.example/photos/red fox-100/")
        let server = try LoopbackHTTPServer { _ in .json(page) }
        defer { server.stop() }
        let browser = try FakeBrowser()
        let result = try CommandRunner.run(
            ["-i", "--api-key", "k-1", "--base-url", server.baseURL + "/api/", "--no-cache"],
            environment: ["BROWSER": browser.script.path], input: "fox\n:o 1\n:q\n")
        #expect(result.status == 0)
        #expect(!result.stdout.contains("Not opening"), "\(result.stdout)")
        #expect(browser.arguments() == ["https://x.example/photos/red%20fox-100/"])
    }

    @Test("line mode exits 1 when a search failed, at :q and at the end of input")
    func lineModeFailureStatus() throws {
        let server = try LoopbackHTTPServer { request in
            request.query["q"] == "fox"
                ? .text("boom", status: 500) : .json(PixabayPage.json(totalHits: 1, count: 1))
        }
        defer { server.stop() }
        let arguments = ["-i", "--api-key", "k-1", "--base-url", server.baseURL + "/api/"]
        for input in ["fox\ncat\n:q\n", "cat\nfox\n"] {
            let result = try CommandRunner.run(arguments + ["--no-cache"], input: input)
            #expect(result.status == 1, "\(input.debugDescription): \(result.stderr)")
            #expect(result.stderr.contains("HTTP 500"))
        }
        let fine = try CommandRunner.run(arguments + ["--no-cache"], input: "cat\n:q\n")
        #expect(fine.status == 0)
    }

    @Test("one message for a missing or bad result number, whatever the command")
    func resultNumberMessages() throws {
        let result = try CommandRunner.run(
            ["-i", "--offline", "--per-page", "3"],
            input: ":d 1\nfox\n:d x\n:detail\n:o\n:open abc\n:d 99\n:o 0\n:d -2\n:q\n")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let expected = [
            ":detail needs a result number, and no results are shown yet.",
            ":detail needs a result number from 1 to 3.",
            ":detail needs a result number from 1 to 3.",
            ":open needs a result number from 1 to 3.",
            ":open needs a result number from 1 to 3.",
            ":detail needs a result number from 1 to 3.",
            ":open needs a result number from 1 to 3.",
            ":detail needs a result number from 1 to 3.",
        ]
        let messages = lines.filter { $0.contains("needs a result number") }
        #expect(messages == expected, "\(result.stdout)")
    }
}
