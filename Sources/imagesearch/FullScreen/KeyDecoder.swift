/// A key the full-screen interface reacts to, decoded from the bytes a terminal sends.
enum Key: Equatable {
    /// A printable character (any script, emoji included).
    case character(Character)
    /// Ctrl and a letter, such as `.control("c")` for Ctrl-C (Enter, Tab and Backspace
    /// have their own cases).
    case control(Character)
    case enter, tab, backspace, delete, escape
    case up, down, left, right, home, end, pageUp, pageDown
    /// Ctrl-Home and Ctrl-End (`ESC [ 1 ; 5 H` and `F`): to the first and the last row.
    case controlHome, controlEnd
    /// A function key, F1 to F12.
    case function(Int)
    /// Alt (Meta) and a printable ASCII character, sent as ESC and the character.
    case alt(Character)
    /// Text pasted in bracketed-paste mode (between `ESC [ 200 ~` and `ESC [ 201 ~`), at most
    /// ``KeyDecoder/maximumPaste`` bytes of it, as UTF-8 (invalid bytes replaced).
    case paste(String)
}

/// Turns the bytes read from a terminal in raw mode into ``Key``s: a small state machine.
///
/// Terminals send most keys as one byte, arrows and the like as escape sequences (CSI
/// `ESC [ … final`, SS3 `ESC O x`), and non-ASCII characters as UTF-8. Bytes may arrive
/// split across reads at any point, so the decoder keeps its state between calls to
/// ``feed(_:)``. A lone ESC cannot be told from the start of a sequence until the input
/// pauses: the reader calls ``flush()`` when no byte arrived for a short while, which
/// turns a pending ESC into the Escape key. Sequences it does not know, and malformed
/// UTF-8, are dropped without a key, never passed on as text.
struct KeyDecoder {
    /// Where the decoder is within a key.
    enum State: Equatable {
        /// Between keys.
        case ground
        /// After ESC: a sequence or the Escape key.
        case escape
        /// Inside `ESC [`: the parameter bytes so far.
        case controlSequence(parameters: [UInt8])
        /// After `ESC O`.
        case singleShift
        /// Inside a UTF-8 character: the bytes so far and how many are still to come.
        case utf8(bytes: [UInt8], remaining: Int)
        /// Inside a bracketed paste: the text so far, and the bytes that may begin its end
        /// (`ESC [ 201 ~`).
        case paste(text: [UInt8], end: [UInt8])
    }

    /// The most bytes of one paste kept; the rest is dropped (a query is short).
    static let maximumPaste = 4096
    /// What ends a bracketed paste.
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    /// The longest run of parameter bytes accepted in a control sequence.
    static let maximumParameters = 16

    private(set) var state = State.ground

    /// Decodes `byte`, returning the keys it completes (none, one, or two when it both ends
    /// a pending Escape and starts something else).
    mutating func feed(_ byte: UInt8) -> [Key] {
        switch state {
        case .ground:
            return ground(byte)
        case .escape:
            switch byte {
            case UInt8(ascii: "["):
                state = .controlSequence(parameters: [])
                return []
            case UInt8(ascii: "O"):
                state = .singleShift
                return []
            case 0x1B:
                return [.escape]
            case 0x20...0x7E:
                state = .ground
                return [.alt(Character(Unicode.Scalar(byte)))]
            default:
                state = .ground
                return [.escape] + ground(byte)
            }
        case .controlSequence(let parameters):
            switch byte {
            case 0x20...0x3F:
                guard parameters.count < Self.maximumParameters else {
                    state = .ground
                    return []
                }
                state = .controlSequence(parameters: parameters + [byte])
                return []
            case UInt8(ascii: "~") where parameters == Array("200".utf8):
                state = .paste(text: [], end: [])
                return []
            case 0x40...0x7E:
                state = .ground
                return Self.controlSequenceKey(parameters: parameters, final: byte).map { [$0] }
                    ?? []
            default:
                state = .ground
                return ground(byte)
            }
        case .singleShift:
            state = .ground
            switch byte {
            case UInt8(ascii: "A"): return [.up]
            case UInt8(ascii: "B"): return [.down]
            case UInt8(ascii: "C"): return [.right]
            case UInt8(ascii: "D"): return [.left]
            case UInt8(ascii: "H"): return [.home]
            case UInt8(ascii: "F"): return [.end]
            case UInt8(ascii: "P")...UInt8(ascii: "S"):
                return [.function(Int(byte - UInt8(ascii: "P")) + 1)]
            default: return []
            }
        case .utf8(let bytes, let remaining):
            guard (0x80...0xBF).contains(byte) else {
                state = .ground
                return ground(byte)
            }
            let all = bytes + [byte]
            guard remaining > 1 else {
                state = .ground
                guard let text = String(validating: all, as: UTF8.self), let character = text.first
                else { return [] }
                return [.character(character)]
            }
            state = .utf8(bytes: all, remaining: remaining - 1)
            return []
        case .paste(var text, let end):
            let candidate = end + [byte]
            if candidate == Self.pasteEnd {
                state = .ground
                return [.paste(String(decoding: text, as: UTF8.self))]
            }
            if Self.pasteEnd.starts(with: candidate) {
                state = .paste(text: text, end: candidate)
                return []
            }
            // Not the end after all: those bytes were text (an ESC may begin the end again).
            let isEscape = byte == 0x1B
            let kept = isEscape ? end : candidate
            text += kept.prefix(max(0, Self.maximumPaste - text.count))
            state = .paste(text: text, end: isEscape ? [byte] : [])
            return []
        }
    }

    /// Decodes every byte of `bytes`.
    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [Key] {
        bytes.flatMap { feed($0) }
    }

    /// The input paused: a pending ESC is the Escape key; a half sequence or character is
    /// dropped. A paste goes on (its end may come later).
    mutating func flush() -> [Key] {
        if case .paste = state { return [] }
        defer { state = .ground }
        return state == .escape ? [.escape] : []
    }

    private mutating func ground(_ byte: UInt8) -> [Key] {
        switch byte {
        case 0x1B:
            state = .escape
            return []
        case 0x0D, 0x0A: return [.enter]
        case 0x09: return [.tab]
        case 0x7F, 0x08: return [.backspace]
        case 0x01...0x1A:
            return [.control(Character(Unicode.Scalar(byte + 0x60)))]
        case 0x20...0x7E:
            return [.character(Character(Unicode.Scalar(byte)))]
        case 0xC2...0xDF:
            state = .utf8(bytes: [byte], remaining: 1)
            return []
        case 0xE0...0xEF:
            state = .utf8(bytes: [byte], remaining: 2)
            return []
        case 0xF0...0xF4:
            state = .utf8(bytes: [byte], remaining: 3)
            return []
        default:
            return []
        }
    }

    /// Whether the parameters `1;5` (or any `n;m` whose modifier `m - 1` has Ctrl, the bit
    /// 4) say that Ctrl was held.
    private static func isControl(_ parameters: String) -> Bool {
        let fields = parameters.split(separator: ";")
        guard fields.count == 2, let modifier = Int(fields[1]), (2...16).contains(modifier) else {
            return false
        }
        return (modifier - 1) & 4 != 0
    }

    /// The key of `ESC [ parameters final`, or `nil` for one this program does not use.
    private static func controlSequenceKey(parameters: [UInt8], final: UInt8) -> Key? {
        let text = String(decoding: parameters, as: UTF8.self)
        let first = text.split(separator: ";").first.flatMap { Int($0) }
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return isControl(text) ? .controlHome : .home
        case UInt8(ascii: "F"): return isControl(text) ? .controlEnd : .end
        case UInt8(ascii: "P")...UInt8(ascii: "S") where first == nil || first == 1:
            return .function(Int(final - UInt8(ascii: "P")) + 1)
        case UInt8(ascii: "~"):
            switch first {
            case 1, 7: return isControl(text) ? .controlHome : .home
            case 3: return .delete
            case 4, 8: return isControl(text) ? .controlEnd : .end
            case 5: return .pageUp
            case 6: return .pageDown
            case 11, 12, 13, 14, 15: return .function((first ?? 11) - 10)
            case 17, 18, 19, 20, 21: return .function((first ?? 17) - 11)
            case 23, 24: return .function((first ?? 23) - 12)
            default: return nil
            }
        default:
            return nil
        }
    }
}
