/// Makes text that came from a server safe to write to a terminal.
///
/// Why: a result's `user` or `tags` is whatever the server sent. Written raw, an escape
/// sequence in it can recolour or clear the screen, set the window title, forge a line of
/// output with a carriage return, or reverse the text around it with a bidi override. So
/// every server string goes through ``sanitized(_:)`` before it reaches any output.
enum TerminalText {
    /// `text` without escape sequences (CSI, OSC, DCS and the like, removed whole), C0 and
    /// C1 control characters, DEL, or bidirectional formatting characters; tabs and line
    /// breaks become spaces.
    ///
    /// - Parameter text: Text from outside the program.
    /// - Returns: Text that prints as the characters it shows.
    static func sanitized(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B:
                skipEscapeSequence(&scalars)
            case 0x9B:  // C1 CSI: parameters up to a final byte
                skipControlSequence(&scalars)
            case 0x90, 0x9D, 0x98, 0x9E, 0x9F:  // C1 DCS, OSC, SOS, PM, APC: up to ST or BEL
                skipString(&scalars)
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D:
                output.append(" ")
            case 0x00...0x1F, 0x7F...0x9F:
                continue
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                continue
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// The first `limit` Unicode scalars of `text`, sanitised: what a cell of limited width
    /// can show, at a cost that does not grow with the text (a server may send 40 kB).
    ///
    /// - Parameters:
    ///   - text: Text from outside the program.
    ///   - limit: How many scalars of `text` to read.
    /// - Returns: Text that prints as the characters it shows.
    static func sanitized(_ text: String, prefix limit: Int) -> String {
        sanitized(String(String.UnicodeScalarView(text.unicodeScalars.prefix(max(0, limit)))))
    }

    /// Skips what follows an ESC: a control sequence, a string, or one character.
    private static func skipEscapeSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        guard let next = scalars.next() else { return }
        switch next {
        case "[": skipControlSequence(&scalars)
        case "]", "P", "X", "^", "_": skipString(&scalars)
        default: return
        }
    }

    /// Skips a CSI's parameter and intermediate bytes through its final byte (`@`…`~`); any
    /// other character ends it too, so a malformed sequence cannot swallow the rest.
    private static func skipControlSequence(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            if (0x20...0x3F).contains(scalar.value) { continue }
            return
        }
    }

    /// Skips an OSC/DCS-style string through BEL, ST (ESC `\`) or C1 ST.
    private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x07, 0x9C: return
            case 0x1B:
                _ = scalars.next()
                return
            default: continue
            }
        }
    }
}
