import Foundation
import ImageSearchModel
import ImageSearchViewModel
import LoopbackHTTPServer
import TestThreads
import Testing

@testable import imagesearch

/// `--json`, usage errors, key files and the other promises scripts rely on.
@Suite("imagesearch for scripts", .serialized, .ownThreads)
struct ScriptingTests {
    func document(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static let keys: Set<String> = [
        "query", "source", "total", "loaded", "results", "detail", "skipped", "error",
    ]

    @Test("--json has one shape: numbers as numbers and tags as arrays, in results and detail")
    func jsonShape() throws {
        let result = try CommandRunner.run([
            "--offline", "--json", "--per-page", "3", "--detail", "2", "fox",
        ])
        #expect(result.status == 0)
        let json = try document(result.stdout)
        #expect(Set(json.keys) == Self.keys)
        #expect(json["error"] is NSNull)
        let rows = try #require(json["results"] as? [[String: Any]])
        let detail = try #require(json["detail"] as? [String: Any])
        #expect(Set(detail.keys) == Set(rows[1].keys))
        for row in [rows[1], detail] {
            #expect(row["id"] is NSNumber && row["views"] is NSNumber && row["likes"] is NSNumber)
            #expect(row["tags"] is [String])
        }
        #expect((detail["id"] as? NSNumber) == (rows[1]["id"] as? NSNumber))
    }

    @Test("a failure with --json prints the error document, with the same exit code")
    func jsonFailure() throws {
        let server = try LoopbackHTTPServer { _ in .text("boom", status: 500) }
        defer { server.stop() }
        let result = try CommandRunner.run([
            "--json", "--api-key", "k-1", "--base-url", server.baseURL + "/api/", "fox",
        ])
        #expect(result.status == 1)
        let json = try document(result.stdout)
        #expect(Set(json.keys) == Self.keys)
        let error = try #require(json["error"] as? [String: Any])
        #expect((error["exitCode"] as? NSNumber)?.intValue == 1)
        #expect((error["message"] as? String)?.contains("HTTP 500") == true)

        let usage = try CommandRunner.run(["--json", "--pages", "0", "fox"])
        #expect(usage.status == 2)
        let usageError = try #require(try document(usage.stdout)["error"] as? [String: Any])
        #expect((usageError["exitCode"] as? NSNumber)?.intValue == 2)
    }

    @Test(
        "usage errors that send nothing: a long query, --detail beyond the pages, a fragment",
        arguments: [
            ([String(repeating: "a", count: 101)], "the query is 101 characters long"),
            (["--per-page", "3", "--detail", "4", "fox"], "--detail 4 is out of range"),
            (["--base-url", "http://127.0.0.1:9/api/#x", "fox"], "cannot have a fragment"),
            (["--api-key-file", "/nonexistent/key", "fox"], "cannot read --api-key-file"),
            (["--images", "sometimes", "fox"], "--images needs auto, always or never"),
        ])
    func usage(arguments: [String], message: String) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message))
        #expect(result.stdout.isEmpty)
    }

    @Test("nothing is truncated when piped, whatever COLUMNS says")
    func notTruncated() throws {
        let tags = (1...30).map { "tag\($0)" }.joined(separator: ", ")
        let page = PixabayPage.json(totalHits: 1, count: 1)
            .replacingOccurrences(of: "red fox, animal", with: tags)
        let server = try LoopbackHTTPServer { _ in .json(page) }
        defer { server.stop() }
        let result = try CommandRunner.run(
            ["--api-key", "k", "--base-url", server.baseURL + "/api/", "fox"],
            environment: ["COLUMNS": "40"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("tag29, tag30"))
        #expect(!result.stdout.contains("…"))
    }

    @Test("--api-key-file reads the key, which never shows in the arguments")
    func keyFile() throws {
        let server = try LoopbackHTTPServer { _ in .json(PixabayPage.json(totalHits: 1, count: 1)) }
        defer { server.stop() }
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("imagesearch-key-\(UUID().uuidString)")
        try Data("  secret-key-42\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CommandRunner.run([
            "--api-key-file", file.path, "--base-url", server.baseURL + "/api/", "fox",
        ])
        #expect(result.status == 0)
        #expect(server.requests.first?.query["key"] == "secret-key-42")
    }

    @Test("live pages are cached on disk across runs, without the key; --no-cache skips it")
    func diskCache() throws {
        let server = try LoopbackHTTPServer { _ in .json(PixabayPage.json(totalHits: 2, count: 2)) }
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("imagesearch-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let arguments = ["--api-key", "KEY-9f8e7d", "--base-url", server.baseURL + "/api/", "fox"]
        let environment = ["XDG_CACHE_HOME": directory.path]
        let first = try CommandRunner.run(arguments, environment: environment)
        let second = try CommandRunner.run(arguments, environment: environment)
        #expect(first.status == 0 && second.status == 0)
        #expect(second.tableIDs == [100, 101])
        #expect(server.requests.count == 1, "the second run was answered from the disk cache")
        let files = try FileManager.default.contentsOfDirectory(
            at: directory.appendingPathComponent("imagesearch"), includingPropertiesForKeys: nil)
        #expect(files.count == 1)
        let stored = try String(contentsOf: try #require(files.first), encoding: .utf8)
        #expect(!stored.contains("KEY-9f8e7d"), "the key is not written to disk")
        _ = try CommandRunner.run(["--no-cache"] + arguments, environment: environment)
        #expect(server.requests.count == 2)
    }

    @Test("an inline picture is drawn only with a protocol the terminal announced")
    func inlinePicture() throws {
        var content = ScreenContent(columns: 100, rows: 30, query: "fox")
        content.mode = .detail
        content.detail = ImageDetailTexts(id: 1)
        let frame = SearchScreen.frame(content)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
        let iTerm = try #require(InlinePictures(mode: .always, environment: [:]))
        let drawn = try #require(iTerm.draw(png, content: content, frame: frame))
        #expect(drawn.contains("\u{1B}]1337;File=inline=1;") && drawn.hasSuffix("\u{07}"))
        let kitty = try #require(InlinePictures(mode: .auto, environment: ["TERM": "xterm-kitty"]))
        #expect(
            kitty.draw(png, content: content, frame: frame)?.contains("\u{1B}_Ga=T,f=100") == true)
        #expect(kitty.draw(Data("JFIF".utf8), content: content, frame: frame) == nil, "PNG only")
        #expect(iTerm.draw(nil, content: content, frame: frame) == nil)
    }

    @Test("a 404 points at --base-url, not at the key")
    func notFound() throws {
        let server = try LoopbackHTTPServer { _ in
            .respond(
                status: 404, headers: ["Content-Type": "text/html"],
                body: Data("<html>nope</html>".utf8))
        }
        defer { server.stop() }
        let result = try CommandRunner.run([
            "--api-key", "k", "--base-url", server.baseURL + "/wrong/", "fox",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Check --base-url"))
        #expect(!result.stderr.contains("API key"))
    }

    @Test("a hostile error message reaches no output raw, plain or --json")
    func hostileError() throws {
        let server = try LoopbackHTTPServer { _ in
            .text("bad \u{1B}]0;pwned\u{07}\u{9B}2J\u{202E}key", status: 400)
        }
        defer { server.stop() }
        for json in [[], ["--json"]] {
            let result = try CommandRunner.run(
                json + ["--api-key", "k", "--base-url", server.baseURL + "/api/", "fox"])
            #expect(result.status == 1)
            #expect(HostileTextTests.rawControls(in: result.stdout) == [])
            #expect(HostileTextTests.rawControls(in: result.stderr) == [])
            #expect(!result.stdout.contains("\\u001b") && !result.stdout.contains("\\u009b"))
        }
    }

    @Test("--base-url and --timeout with --offline get a warning")
    func offlineWarning() throws {
        let result = try CommandRunner.run([
            "--offline", "--base-url", "http://127.0.0.1:9/", "--timeout", "1", "fox",
        ])
        #expect(result.status == 0)
        #expect(result.stderr.contains("--base-url and --timeout have no effect with --offline"))
    }

    @Test("one malformed hit is skipped with a notice; the rest of the page is shown")
    func malformedHit() throws {
        let good = PixabayPage.json(totalHits: 3, count: 3)
        let broken = good.replacingOccurrences(of: "\"user\":\"tester101\"", with: "\"user\":7")
        let server = try LoopbackHTTPServer { _ in .json(broken) }
        defer { server.stop() }
        let result = try CommandRunner.run([
            "--api-key", "k", "--base-url", server.baseURL + "/api/", "fox",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.tableIDs == [100, 102])
        #expect(result.stderr.contains("1 malformed result was skipped."))
    }

    @Test("an image on two pages is listed once; a negative total is never shown")
    func saneData() throws {
        let server = try LoopbackHTTPServer { request in
            let page = Int(request.query["page"] ?? "1") ?? 1
            // Page 2 repeats the last image of page 1, as a shifting live index does.
            return .json(PixabayPage.json(totalHits: 6, count: 3, firstID: page == 1 ? 100 : 102))
        }
        defer { server.stop() }
        let result = try CommandRunner.run([
            "--api-key", "k", "--base-url", server.baseURL + "/api/", "--per-page", "3",
            "--pages", "2", "fox",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.tableIDs == [100, 101, 102, 103, 104])

        let negative = try LoopbackHTTPServer { _ in
            .json(PixabayPage.json(totalHits: -5, count: 1))
        }
        defer { negative.stop() }
        let shown = try CommandRunner.run([
            "--api-key", "k", "--base-url", negative.baseURL + "/api/", "fox",
        ])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("1 of 1 image for \"fox\""))
        #expect(!shown.stdout.contains("-5"))
    }

    @Test(
        "punctuation or emoji alone finds nothing in the offline catalog",
        arguments: ["&", "%", "-", "...", "🦊"])
    func punctuation(query: String) throws {
        let result = try CommandRunner.run(["--offline", "--", query])
        #expect(result.status == 0)
        #expect(result.stdout.contains("0 of 0 images"))
    }

    @Test("line mode: commands start with a colon, so any word can be searched, in order")
    func lineMode() throws {
        let result = try CommandRunner.run(
            ["-i", "--offline", "--per-page", "3"],
            input: "n\n:help\nfox\n:n\n:d 1\n:o 99\n:nope\n::fox\n:q\nnever\n")
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"), "no escape codes when piped")
        let out = result.stdout
        let order = [
            "images for \"n\"", ":next, :n", "images for \"fox\"", "Result 1: image",
            ":open needs a result number from 1 to 6.", "Unknown command :nope",
            "images for \":fox\"",
        ]
        var position = out.startIndex
        for text in order {
            let found = out.range(of: text, range: position..<out.endIndex)
            #expect(found != nil, "\(text) in order")
            if let found { position = found.upperBound }
        }
        #expect(!out.contains("\"never\""), ":q quits before the next line")
    }

    @Test("line mode never writes a hostile server's controls")
    func lineModeHostile() throws {
        let server = try LoopbackHTTPServer { _ in .json(HostileTextTests.hostilePage()) }
        defer { server.stop() }
        let result = try CommandRunner.run(
            ["-i", "--api-key", "k", "--base-url", server.baseURL + "/api/"],
            input: "fox\n:d 1\n:o 1\n:q\n")
        #expect(result.status == 0)
        #expect(HostileTextTests.rawControls(in: result.stdout) == [])
        #expect(HostileTextTests.rawControls(in: result.stderr) == [])
        #expect(result.stdout.contains("Not opening"), "the hostile page URL is refused")
    }

    @Test("line commands parse as commands, anything else as a query")
    func lineCommands() {
        #expect(LineCommand(line: "n") == .search("n"))
        #expect(LineCommand(line: "1984") == .search("1984"))
        #expect(LineCommand(line: "help") == .search("help"))
        #expect(LineCommand(line: " :n ") == .next)
        #expect(LineCommand(line: ":detail 3") == .detail(3))
        #expect(LineCommand(line: ":o 2") == .open(2))
        #expect(LineCommand(line: ":q") == .quit)
        #expect(LineCommand(line: "::-)") == .search(":-)"))
        #expect(LineCommand(line: "") == .nothing)
        #expect(LineCommand(line: "\u{1B}[Afox\u{1B}[D") == .search("fox"), "arrow keys dropped")
        #expect(LineCommand(line: ":d x") == .detail(nil))
        #expect(LineCommand(line: ":open") == .open(nil))
    }
}
