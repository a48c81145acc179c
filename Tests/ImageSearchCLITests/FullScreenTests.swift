import Foundation
import LoopbackHTTPServer
import SignalboxLocks
import TestThreads
import Testing

/// The full-screen interface, driven through a pseudo-terminal as a person would use it.
@Suite("imagesearch full-screen on a pseudo-terminal", .serialized, .ownThreads)
struct FullScreenTests {
    static let enter = "\u{1B}[?1049h"
    static let leave = "\u{1B}[?1049l"
    static let showCursor = "\u{1B}[?25h"
    static let down = "\u{1B}[B"
    static let escape = "\u{1B}"
    static let controlC = "\u{03}"

    /// The program left the alternate screen and showed the cursor after it last entered
    /// it, and the terminal's settings are what they were before it started.
    func expectRestored(_ terminal: PseudoTerminal, settingsBefore: termios) {
        let text = terminal.text
        let lastEnter = text.range(of: Self.enter, options: .backwards)
        #expect(lastEnter != nil, "the alternate screen was used")
        let after = lastEnter.map { String(text[$0.upperBound...]) } ?? ""
        #expect(after.contains(Self.leave), "the alternate screen was left")
        #expect(after.contains(Self.showCursor), "the cursor was shown again")
        #expect(sameSettings(terminal.settings, settingsBefore), "termios restored")
    }

    @Test("typing a query shows its rows; Ctrl-C with nothing running quits with exit 130")
    func typeAndQuit() throws {
        let expected = try #require(try catalogPages("fox", perPage: 50, pages: 1).first)
        let terminal = try PseudoTerminal(["-i", "--offline"])
        let before = terminal.settings
        #expect(terminal.wait(for: "Search:"))
        #expect(!sameSettings(terminal.settings, before), "raw mode is on while it runs")
        terminal.type("fox")
        let ids = expected.images.prefix(3).map { String($0.id) }
        #expect(terminal.wait { text in ids.allSatisfy { text.contains($0) } })
        #expect(terminal.wait(for: "\(expected.images.count) of \(expected.totalCount) images"))
        terminal.type(Self.controlC)
        #expect(terminal.waitForExit() == 130)
        expectRestored(terminal, settingsBefore: before)
    }

    @Test("typing fast sends one request, for the whole query")
    func debounced() throws {
        let server = try LoopbackHTTPServer { _ in
            .json(PixabayPage.json(totalHits: 3, count: 3))
        }
        defer { server.stop() }
        let terminal = try PseudoTerminal([
            "-i", "--api-key", "k-1", "--base-url", server.baseURL + "/api/", "--no-cache",
        ])
        #expect(terminal.wait(for: "Search:"))
        for character in "red fox" { terminal.type(String(character)) }
        #expect(terminal.wait(for: "tester102"))
        #expect(server.waitForRequest(timeout: 10), "the request for the whole query")
        // A request for a part of the query would have been sent before the rows of the
        // whole one showed; give one that is still on its way time to arrive.
        #expect(!server.waitForRequest(timeout: 0.5), "a second request arrived")
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.query["q"] == "red fox")
        terminal.type(Self.controlC)
        #expect(terminal.waitForExit() == 130)
    }

    @Test("move, open and close the detail, resize, and quit with Esc")
    func detailAndResize() throws {
        let images = try #require(try catalogPages("fox", perPage: 50, pages: 1).first).images
        #expect(images.count >= 3)
        let terminal = try PseudoTerminal(["-i", "--offline"], columns: 100, rows: 30)
        let before = terminal.settings
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.wait(for: String(images[2].id)))
        var mark = terminal.output.count
        terminal.type(Self.down + Self.down + "\r")
        #expect(terminal.wait(for: "Result 3: image \(images[2].id)", from: mark))
        #expect(terminal.wait(for: "User:      \(images[2].username)", from: mark))
        #expect(terminal.wait(for: "Esc close", from: mark))
        mark = terminal.output.count
        terminal.type(Self.escape)
        #expect(terminal.wait(for: "F1 help", from: mark), "the detail closed")
        mark = terminal.output.count
        terminal.resize(columns: 60, rows: 20)
        #expect(
            terminal.wait(from: mark) { $0.contains("\u{1B}[2J") && $0.contains("\u{1B}[20;1H") },
            "redrawn for 20 rows")
        terminal.type(Self.escape + Self.escape)  // clears the query, then quits
        #expect(terminal.waitForExit() == 0)
        expectRestored(terminal, settingsBefore: before)
    }

    @Test("moving near the end of the loaded rows loads the next page")
    func paging() throws {
        let terminal = try PseudoTerminal(["-i", "--offline", "--per-page", "5"])
        #expect(terminal.wait(for: "Search:"))
        terminal.type("animal")
        #expect(terminal.wait(for: "5 of 29 images"))
        terminal.type(Self.down)
        #expect(terminal.wait(for: "10 of 29 images"))
        terminal.type(Self.controlC)
        #expect(terminal.waitForExit() == 130)
    }

    @Test("Ctrl-C cancels the search in flight and its request, then quits")
    func cancelInFlight() throws {
        let server = try LoopbackHTTPServer { _ in .hold }
        defer { server.stop() }
        let terminal = try PseudoTerminal([
            "-i", "--api-key", "k-1", "--base-url", server.baseURL + "/api/", "--timeout", "30",
        ])
        #expect(terminal.wait(for: "Search:"))
        terminal.type("owl")
        #expect(server.waitForRequest(timeout: 10))
        terminal.type(Self.controlC)
        #expect(server.waitForClientToClose(timeout: 10), "the held request was cancelled")
        #expect(terminal.waitForScreen(showing: "Search for “owl” cancelled"))
        terminal.type(Self.controlC)
        #expect(terminal.waitForExit() == 130)
    }

    @Test("SIGTERM restores the terminal before the program ends")
    func terminated() throws {
        let terminal = try PseudoTerminal(["-i", "--offline"])
        let before = terminal.settings
        #expect(terminal.wait(for: "Search:"))
        terminal.send(signal: SIGTERM)
        #expect(terminal.waitForExit() == 128 + SIGTERM)
        expectRestored(terminal, settingsBefore: before)
    }

    @Test("SIGTSTP gives the terminal back and stops; SIGCONT takes it again and redraws")
    func suspendAndContinue() throws {
        let terminal = try PseudoTerminal(["-i", "--offline"])
        let before = terminal.settings
        #expect(terminal.wait(for: "Search:"))
        let raw = terminal.settings
        var mark = terminal.output.count
        terminal.send(signal: SIGTSTP)
        #expect(terminal.wait(for: Self.leave, from: mark))
        #expect(terminal.wait(timeout: 30) { _ in isStopped(terminal.process.processIdentifier) })
        #expect(sameSettings(terminal.settings, before), "restored while stopped")
        mark = terminal.output.count
        terminal.send(signal: SIGCONT)
        #expect(terminal.wait(for: Self.enter, from: mark))
        #expect(terminal.wait(for: "Search:", from: mark), "redrawn")
        #expect(sameSettings(terminal.settings, raw), "raw again")
        terminal.type(Self.controlC)
        #expect(terminal.waitForExit() == 130)
        expectRestored(terminal, settingsBefore: before)
    }

    /// Whether process `pid` is stopped (state `T` in `/proc/PID/stat`).
    func isStopped(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces)
            .hasPrefix("T")
    }

    @Test("hostile server text never reaches the screen raw, in the list or the detail")
    func hostileText() throws {
        let server = try LoopbackHTTPServer { _ in .json(HostileTextTests.hostilePage()) }
        defer { server.stop() }
        let terminal = try PseudoTerminal([
            "-i", "--api-key", "k-1", "--base-url", server.baseURL + "/api/", "--no-cache",
        ])
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.wait(for: "evered"))
        terminal.type("\r")
        #expect(terminal.wait(for: "Result 1: image 7"))
        terminal.type("\u{0F}")
        #expect(terminal.wait(for: "Not opening"), "Ctrl-O refuses the planted address")
        terminal.type(Self.escape + Self.escape + Self.escape)
        #expect(terminal.waitForExit() == 0)
        let text = terminal.text
        for planted in [
            "pwned", "\u{1B}]0;", "\u{1B}[31m", "\u{1B}[1;31m", "\r\nforged", "\u{202E}",
            "\u{2066}", "\u{9B}", "\u{85}", "/\u{1B}[2J",
        ] {
            #expect(!text.contains(planted), "\(planted.debugDescription) reached the terminal")
        }
    }

    @Test("TERM=dumb gets the line mode and no escape code at all")
    func dumbTerminal() throws {
        let terminal = try PseudoTerminal(["-i", "--offline"], environment: ["TERM": "dumb"])
        #expect(terminal.wait(for: "imagesearch> "))
        terminal.type("fox\r")
        #expect(terminal.wait(for: "images for \"fox\""))
        terminal.type(":q\r")
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.output.contains(0x1B))
    }
}
