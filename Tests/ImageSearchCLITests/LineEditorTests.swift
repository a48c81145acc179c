import Testing

@testable import imagesearch

@Suite("the search line edits like a shell's")
struct LineEditorTests {
    /// `text` with `|` marking the cursor.
    func shown(_ line: LineEditor) -> String {
        var characters = line.characters
        characters.insert("|", at: line.cursor)
        return String(characters)
    }

    func after(_ keys: [Key], from text: String = "") -> String {
        var line = LineEditor(text)
        for key in keys { _ = line.apply(key) }
        return shown(line)
    }

    @Test("characters insert at the cursor; Left/Right, Home/End and Ctrl-A/E/B/F move it")
    func moving() {
        #expect(after([.character("a"), .character("b")]) == "ab|")
        #expect(after([.left, .character("o")], from: "fx") == "fo|x")
        #expect(after([.home, .character("x")], from: "fox") == "x|fox")
        #expect(after([.control("a"), .control("e")], from: "fox") == "fox|")
        #expect(after([.control("b"), .control("b"), .control("f")], from: "fox") == "fo|x")
        #expect(after([.left, .left, .left, .left, .left], from: "ab") == "|ab")
        #expect(after([.right], from: "ab") == "ab|")
        #expect(after([.home, .end], from: "狐🦊") == "狐🦊|")
        #expect(after([.left, .character("e\u{301}")], from: "狐🦊") == "狐é|🦊")
    }

    @Test("Backspace, Delete, Ctrl-U, Ctrl-K and Ctrl-W delete as readline does")
    func deleting() {
        #expect(after([.backspace], from: "fox") == "fo|")
        #expect(after([.home, .backspace], from: "fox") == "|fox")
        #expect(after([.home, .delete], from: "fox") == "|ox")
        #expect(after([.delete], from: "fox") == "fox|")
        #expect(after([.left, .left, .control("u")], from: "red fox") == "|ox")
        #expect(after([.left, .left, .control("k")], from: "red fox") == "red f|")
        #expect(after([.control("w")], from: "big red fox") == "big red |")
        #expect(after([.control("w")], from: "big red  ") == "big |")
        #expect(after([.control("w")], from: "a-b c.d") == "a-b |")
        #expect(after([.home, .control("w")], from: "fox") == "|fox")
    }

    @Test("Alt-B and Alt-F move by words of letters and digits")
    func words() {
        #expect(after([.alt("b")], from: "big red ") == "big |red ")
        #expect(after([.alt("b"), .alt("b")], from: "big red fox") == "big |red fox")
        #expect(after([.alt("b")], from: "red-fox") == "red-|fox")
        #expect(after([.home, .alt("f")], from: "ig fox") == "ig| fox")
        #expect(after([.home, .alt("f"), .alt("f")], from: "ig fox") == "ig fox|")
        #expect(after([.home, .alt("f")], from: "  ") == "  |")
    }

    @Test("a paste is inserted on one line; keys that are not editing keys are left alone")
    func pasteAndOthers() {
        #expect(after([.paste("red\r\nfox\tden")], from: "a ") == "a red fox den|")
        // A pasted coloured word: the whole sequence goes, not just its ESC.
        #expect(
            after([.paste("\u{1B}[31mred\u{1B}[0m fox\u{1B}]0;title\u{07}")], from: "")
                == "red fox|")
        var line = LineEditor("fox")
        #expect(line.apply(.down) == false)
        #expect(line.apply(.enter) == false)
        #expect(line.apply(.alt("x")) == false)
        #expect(shown(line) == "fox|")
    }
}
