import Foundation
import LoopbackHTTPServer
import TestThreads
import Testing

@testable import imagesearch

@Suite("server text never reaches the terminal raw", .ownThreads)
struct HostileTextTests {
    /// What a hostile server puts in `user` and `tags`: a window-title change, colours, a
    /// clear-screen, a carriage return that forges a line, a bidi override, C1 controls.
    static let hostileUser = "\u{1B}]0;pwned\u{07}eve\u{1B}[31mred\u{1B}[2J\r\nforged\u{202E}txt"
    static let hostileTags = "fox\u{1B}[1;31m, \u{9B}31mcat\u{85}, \u{2066}dog\u{2069}"

    @Test(
        "sanitized removes escape sequences, controls and bidi formatting",
        arguments: [
            ("plain text", "plain text"),
            ("\u{1B}[31mred\u{1B}[0m", "red"),
            ("\u{1B}]0;title\u{07}after", "after"),
            ("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),
            ("a\rb\nc\td", "a b c d"),
            ("\u{202E}evil\u{202C}", "evil"),
            ("\u{9B}2Jx\u{85}y", "xy"),
            ("ünïcödé 狐 🦊", "ünïcödé 狐 🦊"),
            ("\u{1B}", ""),
            ("\u{1B}[", ""),
        ])
    func sanitized(input: String, expected: String) {
        #expect(TerminalText.sanitized(input) == expected)
    }

    @Test("only http and https addresses are opened, never an option or a file")
    func openable() {
        #expect(SystemExternalAppChannel.isOpenable("https://pixabay.com/photos/x-1/"))
        #expect(SystemExternalAppChannel.isOpenable("http://127.0.0.1:8080/a"))
        #expect(!SystemExternalAppChannel.isOpenable("--version"))
        #expect(!SystemExternalAppChannel.isOpenable("-https://x.example"))
        #expect(!SystemExternalAppChannel.isOpenable("file:///etc/passwd"))
        #expect(!SystemExternalAppChannel.isOpenable("javascript:alert(1)"))
        #expect(!SystemExternalAppChannel.isOpenable("https://x.example/\u{1B}[2J"))
        #expect(!SystemExternalAppChannel.isOpenable("https://"))
        #expect(
            SystemExternalAppChannel.openable("https://x.example/red fox-1/?q=a b")
                == "https://x.example/red%20fox-1/?q=a%20b", "spaces are encoded, not refused")
        #expect(
            SystemExternalAppChannel.openable("https://x.example/a%20b")
                == "https://x.example/a%20b")
        #expect(!SystemExternalAppChannel.isOpenable("https://x y.example/"), "no space in a host")
    }

    @Test("$BROWSER comes before the platform opener; %s takes the address")
    func browserVariable() {
        let opener = SystemExternalAppChannel.opener(environment: [
            "BROWSER": "/nonexistent/browser:/bin/echo --new-tab=%s", "PATH": "/nonexistent",
        ])
        #expect(opener?.program.path == "/bin/echo")
        #expect(opener?.arguments(for: "https://a/") == ["--new-tab=https://a/"])
        let plain = SystemExternalAppChannel.Opener(
            program: URL(fileURLWithPath: "/bin/echo"), arguments: ["-n"])
        #expect(plain.arguments(for: "https://a/") == ["-n", "https://a/"])
        #expect(
            SystemExternalAppChannel.opener(environment: ["BROWSER": "", "PATH": "/nonexistent"])
                == nil)
    }

    static func hostilePage() -> String {
        func quoted(_ text: String) -> String {
            let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
            return String(decoding: data, as: UTF8.self)
        }
        return """
            {"total":1,"totalHits":1,"hits":[{"id":7,"pageURL":\(quoted("https://x.example/\u{1B}[2J")),\
            "type":"photo","tags":\(quoted(hostileTags)),"previewURL":"https://cdn.example/p.png",\
            "previewWidth":150,"previewHeight":100,"webformatURL":"https://cdn.example/w.png",\
            "webformatWidth":640,"webformatHeight":427,"imageWidth":6000,"imageHeight":4000,\
            "views":1,"downloads":2,"likes":3,"user":\(quoted(hostileUser))}]}
            """
    }

    /// Bytes a terminal would act on: ESC, C0 controls other than the newline, C1 controls
    /// and bidi overrides.
    static func rawControls(in text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter { value in
            (value < 0x20 && value != 0x0A) || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }

    @Test(
        "hostile user and tags are printed without their controls, in every mode",
        arguments: [["red", "fox"], ["--detail", "1", "red", "fox"], ["--json", "red", "fox"]])
    func hostileServer(arguments: [String]) throws {
        let server = try LoopbackHTTPServer { _ in .json(Self.hostilePage()) }
        defer { server.stop() }
        let result = try CommandRunner.run(
            ["--base-url", server.baseURL + "/api/", "--api-key", "k-123456"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.rawControls(in: result.stdout) == [])
        #expect(Self.rawControls(in: result.stderr) == [])
        #expect(!result.stdout.contains("\\u001b"), "no escape survives as JSON either")
        #expect(result.stdout.contains("eve"))
        #expect(!result.stdout.contains("pwned"), "the OSC title string is removed whole")
    }
}
