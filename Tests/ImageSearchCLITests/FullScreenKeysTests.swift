import Foundation
import TestThreads
import Testing

/// Issue 26, items 3 and 4: the query line edits like a shell's, and the keys, the help and
/// the footer agree.
@Suite("imagesearch full screen: line editing, keys and help", .serialized, .ownThreads)
struct FullScreenKeysTests {
    static let escape = "\u{1B}"
    static let left = "\u{1B}[D"
    static let home = "\u{1B}[H"
    static let end = "\u{1B}[F"
    static let delete = "\u{1B}[3~"
    static let f1 = "\u{1B}OP"

    /// Types `keys`, then waits until the search line reads `Search: expected` (trailing
    /// spaces are not visible) with the cursor at `cursor` characters into the query.
    func expectLine(
        _ terminal: PseudoTerminal, after keys: String, _ expected: String, cursor: Int? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        terminal.type(keys)
        let line = "Search: " + expected
        let column = "Search: ".count + (cursor ?? expected.count)
        let shown = terminal.waitForScreen(timeout: 30) { screen in
            var trimmed = line
            while trimmed.hasSuffix(" ") { trimmed.removeLast() }
            return screen.lines.first == trimmed && screen.cursorRow == 0
                && screen.cursorColumn == column
        }
        #expect(
            shown,
            "after \(keys.debugDescription): \(terminal.screen.lines.first ?? "") cursor \(terminal.screen.cursorColumn)",
            sourceLocation: sourceLocation)
    }

    @Test("the query edits like a shell line: cursor moves, kills, words, Delete, paste")
    func lineEditing() throws {
        let terminal = try PseudoTerminal(["-i", "--offline"])
        #expect(terminal.wait(for: "Search:"))
        expectLine(terminal, after: "red fx", "red fx")
        expectLine(terminal, after: Self.left, "red fx", cursor: 5)
        expectLine(terminal, after: "o", "red fox", cursor: 6)
        expectLine(terminal, after: "\u{01}", "red fox", cursor: 0)  // Ctrl-A
        expectLine(terminal, after: "big ", "big red fox", cursor: 4)
        expectLine(terminal, after: "\u{05}", "big red fox")  // Ctrl-E
        expectLine(terminal, after: "\u{17}", "big red ")  // Ctrl-W
        expectLine(terminal, after: Self.escape + "b", "big red ", cursor: 4)  // Alt-B
        expectLine(terminal, after: "\u{0B}", "big ", cursor: 4)  // Ctrl-K
        expectLine(terminal, after: Self.home, "big ", cursor: 0)
        expectLine(terminal, after: Self.delete, "ig ", cursor: 0)
        expectLine(terminal, after: Self.escape + "f", "ig ", cursor: 2)  // Alt-F
        expectLine(terminal, after: Self.end + "\u{7F}", "ig")  // Backspace
        expectLine(terminal, after: "\u{1B}[200~ fox\nden\u{1B}[201~", "ig fox den")  // paste
        expectLine(terminal, after: Self.left + Self.left + Self.left + "\u{15}", "den", cursor: 0)
        terminal.type("\u{03}")
        _ = terminal.waitForExit()
    }

    @Test("? shows the keys on an empty query only, and the footer says which key to use")
    func helpKeys() throws {
        let terminal = try PseudoTerminal(["-i", "--offline"])
        #expect(terminal.wait(for: "Search:"))
        #expect(terminal.waitForScreen { $0.lines.last?.contains("? help") == true })
        terminal.type("?")
        #expect(terminal.waitForScreen(showing: "Keys"), "? on an empty query shows the keys")
        terminal.type(Self.escape)
        #expect(terminal.waitForScreen { !$0.text.contains("Keys") })
        terminal.type("why?")
        #expect(terminal.waitForScreen { $0.lines.first == "Search: why?" }, "? in a query is text")
        #expect(terminal.waitForScreen { $0.lines.last?.contains("F1 help") == true })
        #expect(terminal.screen.lines.last?.contains("? help") == false)
        terminal.type(Self.f1)
        #expect(terminal.waitForScreen(showing: "Keys"), "F1 shows the keys whatever is typed")
        terminal.type(Self.f1)
        #expect(terminal.waitForScreen { !$0.text.contains("Keys") })
        terminal.type("\u{03}")
        _ = terminal.waitForExit()
    }

    @Test("Esc clears a typed query first, and quits (status 0) on an empty one")
    func escapeClearsThenQuits() throws {
        let terminal = try PseudoTerminal(["-i", "--offline"])
        let before = terminal.settings
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen(showing: "14 of 14 images"))
        terminal.type(Self.escape)
        #expect(terminal.waitForScreen { $0.lines.first == "Search:" }, "the query was cleared")
        #expect(terminal.process.isRunning)
        terminal.type(Self.escape)
        #expect(terminal.waitForExit() == 0)
        #expect(sameSettings(terminal.settings, before))
    }

    @Test("Ctrl-C with nothing running quits with status 130, as shells expect")
    func controlCQuitsWith130() throws {
        let terminal = try PseudoTerminal(["-i", "--offline"])
        let before = terminal.settings
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen(showing: "14 of 14 images"))
        terminal.type("\u{03}")
        #expect(terminal.waitForExit() == 130)
        #expect(sameSettings(terminal.settings, before))
    }
}
