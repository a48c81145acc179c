import Foundation
import TestThreads
import Testing

@testable import imagesearch

/// Issue 26, item 6: numbers are never cut, a small window keeps part of the list, and the
/// help fits 80 columns.
@Suite("imagesearch layout", .serialized, .ownThreads)
struct LayoutTests {
    @Test("full screen at 20 columns: every number shown is whole; columns go first")
    func numbersWholeFullScreen() throws {
        let images = try #require(try catalogPages("fox", perPage: 50, pages: 1).first).images
        let terminal = try PseudoTerminal(["-i", "--offline"], columns: 20, rows: 20)
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen { $0.text.contains(String(images[0].id)) })
        var checked = 0
        for line in terminal.screen.lines {
            guard let image = images.first(where: { line.contains(String($0.id)) }) else {
                continue
            }
            checked += 1
            let fields = line.split(separator: " ").map(String.init)
            #expect(!line.contains("…"), "a cut number in \(line.debugDescription)")
            #expect(
                fields.contains(String(image.likeCount)) || !line.contains(where: \.isNumber),
                "likes of \(image.id) cut in \(line.debugDescription)")
        }
        #expect(checked >= 5)
        terminal.type("\u{03}")
        _ = terminal.waitForExit()
    }

    @Test(
        "full screen at 15×4: the search line stays on the first row, nothing wraps, also after Ctrl-L"
    )
    func tinyWindow() throws {
        let terminal = try PseudoTerminal(["-i", "--offline"], columns: 15, rows: 4)
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen { $0.lines.first?.hasPrefix("Search: fox") == true })
        terminal.type("\u{0C}")  // Ctrl-L redraws everything
        terminal.type("s")
        #expect(terminal.waitForScreen { $0.lines.first?.hasPrefix("Search: foxs") == true })
        let lines = terminal.screen.lines
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { DisplayWidth.width(of: $0) <= 15 }, "\(lines)")
        // Two rows: the search line (its text scrolled to the cursor) and the status line.
        terminal.resize(columns: 12, rows: 2)
        terminal.type("\u{7F}")
        #expect(
            terminal.waitForScreen { screen in
                screen.lines.first?.hasPrefix("Search: ") == true
                    && screen.lines.last?.contains("14") == true
            }, "\(terminal.screen.lines)")
        #expect(terminal.screen.lines.allSatisfy { DisplayWidth.width(of: $0) <= 12 })
        terminal.type("\u{03}")
        terminal.type("\u{03}")
        _ = terminal.waitForExit()
    }

    @Test("one-shot on a 30-column terminal: no line wider than the terminal, numbers whole")
    func numbersWholeOneShot() throws {
        let images = try #require(try catalogPages("fox", perPage: 50, pages: 1).first).images
        let terminal = try PseudoTerminal(["--offline", "fox"], columns: 30, rows: 40)
        #expect(terminal.waitForExit() == 0)
        // The spinner on standard error returns to the line's start with a carriage return.
        let plain = terminal.text.split(whereSeparator: \.isNewline)
            .map { TerminalText.sanitized(String($0)) }
        #expect(!plain.isEmpty)
        var checked = 0
        for line in plain {
            #expect(DisplayWidth.width(of: line) <= 30, "too wide: \(line.debugDescription)")
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count >= 2, let id = UInt64(fields[1]),
                let image = images.first(where: { $0.id == id })
            else { continue }
            checked += 1
            if fields.count >= 3, fields[2].allSatisfy(\.isNumber) {
                #expect(fields[2] == String(image.likeCount), "\(line.debugDescription)")
            }
        }
        #expect(checked == images.count, "every row shows its whole id")
    }

    @Test("at 40×12 the detail pane leaves part of the list visible")
    func smallWindowDetail() throws {
        let images = try #require(try catalogPages("fox", perPage: 50, pages: 1).first).images
        let terminal = try PseudoTerminal(["-i", "--offline"], columns: 40, rows: 12)
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen { $0.text.contains(String(images[0].id)) })
        terminal.type("\r")
        #expect(terminal.waitForScreen(showing: "Result 1"))
        let screen = terminal.screen
        #expect(
            screen.text.contains(String(images[0].id).prefix(7)), "the selected row is visible")
        let pane = screen.rows(containing: "Result 1").first ?? 0
        let listRows = screen.lines[..<pane].filter { line in
            images.contains { line.contains(String($0.id)) }
        }
        #expect(!listRows.isEmpty, "part of the list stays above the pane:\n\(screen.text)")
        terminal.type("\u{1B}\u{1B}")
        _ = terminal.waitForExit()
    }

    @Test("--help fits in 80 columns")
    func helpFits() throws {
        let help = try CommandRunner.run(["--help"])
        #expect(help.status == 0)
        for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(DisplayWidth.width(of: String(line)) <= 80, "\(line.count): \(line)")
        }
    }
}
