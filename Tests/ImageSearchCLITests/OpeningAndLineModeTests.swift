import Foundation
import LoopbackHTTPServer
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 26, items 7 and 8: how pages are opened, and line mode's exit status and messages.
@Suite("imagesearch: opening pages and line mode", .serialized)
struct OpeningAndLineModeTests {
    /// A folder with a browser stand-in that writes its arguments, one a line, to `opened`.
    final class FakeBrowser {
        let folder: URL
        let script: URL
        let opened: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("imagesearch-browser-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            script = folder.appendingPathComponent("browser")
            opened = folder.appendingPathComponent("opened")
            let text =
                "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > \"\(opened.path).tmp\"\n"
                + "mv \"\(opened.path).tmp\" \"\(opened.path)\"\n"
            try Data(text.utf8).write(to: script)
            chmod(script.path, 0o755)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        /// The arguments the browser got, once it ran (waits up to `timeout` seconds).
        func arguments(timeout: TimeInterval = 10) -> [String]? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if let text = try? String(contentsOf: opened, encoding: .utf8) {
                    return text.split(separator: "\n").map(String.init)
                }
                usleep(20_000)
            }
            return nil
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
