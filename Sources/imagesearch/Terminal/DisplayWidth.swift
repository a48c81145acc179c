/// How many terminal columns text takes: 2 for East Asian wide and fullwidth characters and
/// for emoji, 0 for combining marks and other zero-width characters, 1 for the rest.
///
/// Why our own table: the C library's `wcwidth` depends on the locale (and answers -1 for
/// emoji in many), and the package takes no dependencies. The table is a small subset of
/// Unicode's East Asian Width (W and F) and emoji-presentation ranges, enough to keep
/// columns aligned for CJK text and emoji; a character it misjudges costs one column of
/// alignment, never a garbled screen, because every line is also cut to the width.
enum DisplayWidth {
    /// Ranges of scalars that take two columns, sorted, not overlapping.
    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
        0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF,
        0x1B000...0x1B2FF, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
        0x1F191...0x1F19A, 0x1F1E6...0x1F1FF, 0x1F200...0x1F251, 0x1F300...0x1F320,
        0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA,
        0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0, 0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E,
        0x1F440...0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D, 0x1F54B...0x1F54E,
        0x1F550...0x1F567, 0x1F57A...0x1F57A, 0x1F595...0x1F596, 0x1F5A4...0x1F5A4,
        0x1F5FB...0x1F64F, 0x1F680...0x1F6C5, 0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2,
        0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF, 0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC,
        0x1F7E0...0x1F7EB, 0x1F7F0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
        0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// Ranges of scalars that take no column of their own.
    static let zero: [ClosedRange<UInt32>] = [
        0x0000...0x001F, 0x007F...0x009F, 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x05BD,
        0x0610...0x061A, 0x064B...0x065F, 0x0E31...0x0E31, 0x0E34...0x0E3A, 0x0E47...0x0E4E,
        0x1160...0x11FF, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200B...0x200F, 0x2028...0x202E,
        0x2060...0x206F, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xFEFF...0xFEFF,
        0x1F3FB...0x1F3FF, 0xE0000...0xE0FFF,
    ]

    /// Whether `value` is in one of the sorted `ranges` (binary search).
    static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Columns taken by one scalar on its own.
    static func width(of scalar: Unicode.Scalar) -> Int {
        if contains(zero, scalar.value) { return 0 }
        return contains(wide, scalar.value) ? 2 : 1
    }

    /// Columns taken by one user-perceived character: its first scalar decides, except that
    /// an emoji presentation selector (U+FE0F) makes a narrow symbol two columns wide.
    static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let base = width(of: first)
        if base == 1, character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
            return 2
        }
        return base
    }

    /// Columns taken by `text`; a control sequence (`ESC [ … final`, such as the column
    /// positions of ``ColumnLayout``) or an OSC string (`ESC ] … ESC \`, a hyperlink)
    /// takes none.
    static func width(of text: String) -> Int {
        guard text.utf8.contains(0x1B) else { return text.reduce(0) { $0 + width(of: $1) } }
        var total = 0
        forEachPiece(of: text) { piece, isSequence in
            if !isSequence { total += width(of: piece) }
            return true
        }
        return total
    }

    /// Calls `body` with each character of `text`, and with each control sequence whole
    /// (`isSequence`), in order, until it returns `false`.
    private static func forEachPiece(
        of text: String, _ body: (_ piece: String, _ isSequence: Bool) -> Bool
    ) {
        var sequence: String?
        for character in text {
            if var open = sequence {
                open.append(character)
                let ended: Bool
                if open.hasPrefix("\u{1B}]") {
                    // An OSC string (a hyperlink) ends at BEL or at ESC \.
                    ended = character == "\u{07}" || open.hasSuffix("\u{1B}\\")
                } else {
                    // A CSI sequence ends at its final byte, 0x40...0x7E after the "[".
                    ended =
                        open.count > 2
                        && character.unicodeScalars.first.map {
                            (0x40...0x7E).contains($0.value)
                        } == true
                }
                if ended {
                    sequence = nil
                    guard body(open, true) else { return }
                } else {
                    sequence = open
                }
                continue
            }
            if character == "\u{1B}" {
                sequence = String(character)
                continue
            }
            guard body(String(character), false) else { return }
        }
        if let open = sequence { _ = body(open, true) }
    }

    /// `text` cut to at most `columns` columns, ending with "…" when cut (never splitting a
    /// character or a control sequence; the sequences before the cut are kept).
    static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        guard width(of: text) > columns else { return text }
        var result = ""
        var used = 0
        forEachPiece(of: text) { piece, isSequence in
            if isSequence {
                result += piece
                return true
            }
            let next = width(of: piece)
            if used + next > columns - 1 { return false }
            result += piece
            used += next
            return true
        }
        return result + "…"
    }

    /// `text` cut to `columns` and padded with spaces to exactly `columns` columns, on the
    /// right (or on the left when `rightAligned`).
    static func fit(_ text: String, to columns: Int, rightAligned: Bool = false) -> String {
        let cut = truncate(text, to: columns)
        let padding = String(repeating: " ", count: max(0, columns - width(of: cut)))
        return rightAligned ? padding + cut : cut + padding
    }
}
