/// The search line's text and cursor, edited as a shell (readline) or fzf edits a line: a
/// value, and ``apply(_:)`` a pure function of it and a key.
///
/// Keys: characters and a bracketed paste insert at the cursor; Backspace and Delete remove
/// the character before and under it; Left/Right (Ctrl-B/Ctrl-F) move by a character,
/// Alt-B/Alt-F by a word, Home/End (Ctrl-A/Ctrl-E) to either end; Ctrl-U deletes to the
/// start, Ctrl-K to the end, Ctrl-W the word before the cursor (back to whitespace, as
/// `unix-word-rubout` does). A word, for Alt-B/Alt-F, is a run of letters and digits.
struct LineEditor: Equatable {
    /// The text, as characters (what the cursor moves over).
    private(set) var characters: [Character]
    /// The cursor: how many characters come before it, `0...characters.count`.
    private(set) var cursor: Int

    /// A line holding `text`, the cursor at its end.
    init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text.
    var text: String { String(characters) }

    /// Edits the line for `key`; returns `false` for a key that is not a line-editing key
    /// (the line is unchanged then).
    mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            insert([character])
        case .paste(let text):
            insert(Array(Self.oneLine(text)))
        case .backspace, .control("h"):
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { return true }
            characters.remove(at: cursor)
        case .left, .control("b"):
            cursor = max(0, cursor - 1)
        case .right, .control("f"):
            cursor = min(characters.count, cursor + 1)
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = characters.count
        case .alt("b"):
            cursor = wordStart(before: cursor)
        case .alt("f"):
            cursor = wordEnd(after: cursor)
        case .control("u"):
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .control("k"):
            characters.removeSubrange(cursor...)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }

    private mutating func insert(_ inserted: [Character]) {
        characters.insert(contentsOf: inserted, at: cursor)
        cursor += inserted.count
    }

    private func isWordCharacter(_ index: Int) -> Bool {
        characters[index].isLetter || characters[index].isNumber
    }

    /// The start of the word before `index` (skipping what is not a word first).
    private func wordStart(before index: Int) -> Int {
        var position = index
        while position > 0, !isWordCharacter(position - 1) { position -= 1 }
        while position > 0, isWordCharacter(position - 1) { position -= 1 }
        return position
    }

    /// The end of the word after `index` (skipping what is not a word first).
    private func wordEnd(after index: Int) -> Int {
        var position = index
        while position < characters.count, !isWordCharacter(position) { position += 1 }
        while position < characters.count, isWordCharacter(position) { position += 1 }
        return position
    }

    /// Pasted text on one line: line breaks and tabs become spaces (a query is one line; a
    /// pasted newline must not act as Enter), whole escape sequences go (a pasted
    /// `ESC [31m` leaves no `[31m`), and so do other control characters.
    static func oneLine(_ text: String) -> String {
        TerminalText.sanitized(String(text.map { $0 == "\r\n" ? "\n" : $0 }))
    }
}
