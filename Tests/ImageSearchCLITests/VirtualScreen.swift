import Foundation

@testable import imagesearch

/// What a terminal shows after a program's output: a grid of characters with the dim and
/// reverse attributes, rebuilt from the bytes the way a terminal emulator would.
///
/// Why: `imagesearch` redraws only the lines that changed, with cursor addressing, so the
/// raw output is a history of edits, not a picture. Tests that ask "does the screen show
/// this row now?" read the grid. It understands what the program writes — cursor
/// addressing (`CSI row;col H`, `CSI col G`), erasing (`CSI K`, `CSI 2J`), SGR attributes, the alternate
/// screen — and skips OSC, APC and private modes; anything else is ignored.
struct VirtualScreen {
    /// One cell of the grid.
    struct Cell: Equatable {
        var text = " "
        var dim = false
        var reverse = false
    }

    let columns: Int
    let rows: Int
    private(set) var cells: [[Cell]]
    private(set) var cursorRow = 0
    private(set) var cursorColumn = 0
    private var dim = false
    private var reverse = false
    private var pending: [UInt8] = []

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
    }

    /// The text of each row, trailing spaces removed.
    var lines: [String] {
        cells.map { row in
            var text = row.map(\.text).joined()
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
    }

    /// The whole screen as one string, rows joined by newlines.
    var text: String { lines.joined(separator: "\n") }

    /// The rows whose text contains `fragment`.
    func rows(containing fragment: String) -> [Int] {
        lines.indices.filter { lines[$0].contains(fragment) }
    }

    /// Whether every non-blank cell of row `row` is dim.
    func isDim(row: Int) -> Bool {
        let written = cells[row].filter { $0.text != " " }
        return !written.isEmpty && written.allSatisfy(\.dim)
    }

    /// Applies `bytes` as a terminal would.
    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        pending += bytes
        var index = 0
        while index < pending.count {
            guard let consumed = step(at: index) else { break }
            index += consumed
        }
        pending.removeFirst(index)
    }

    /// Interprets what starts at `index`; returns the bytes it took, or `nil` when it needs
    /// more input.
    private mutating func step(at index: Int) -> Int? {
        let byte = pending[index]
        switch byte {
        case 0x1B:
            return escape(at: index)
        case 0x0D:
            cursorColumn = 0
            return 1
        case 0x0A:
            cursorRow = min(rows - 1, cursorRow + 1)
            return 1
        case 0x08:
            cursorColumn = max(0, cursorColumn - 1)
            return 1
        case 0x00..<0x20, 0x7F:
            return 1
        default:
            let length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            guard index + length <= pending.count else { return nil }
            let scalarBytes = Array(pending[index..<index + length])
            let text = String(decoding: scalarBytes, as: UTF8.self)
            put(text)
            return length
        }
    }

    private mutating func put(_ text: String) {
        guard let scalar = text.unicodeScalars.first else { return }
        let width = DisplayWidth.width(of: scalar)
        guard width > 0 else {
            // A combining mark joins the cell before.
            if cursorColumn > 0, cursorRow < rows {
                cells[cursorRow][cursorColumn - 1].text += text
            }
            return
        }
        guard cursorRow < rows, cursorColumn < columns else { return }
        cells[cursorRow][cursorColumn] = Cell(text: text, dim: dim, reverse: reverse)
        if width == 2, cursorColumn + 1 < columns {
            cells[cursorRow][cursorColumn + 1] = Cell(text: "", dim: dim, reverse: reverse)
        }
        cursorColumn = min(columns, cursorColumn + width)
    }

    private mutating func escape(at index: Int) -> Int? {
        guard index + 1 < pending.count else { return nil }
        switch pending[index + 1] {
        case UInt8(ascii: "["):
            var end = index + 2
            while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
            guard end < pending.count else { return nil }
            let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
            controlSequence(parameters, final: pending[end])
            return end - index + 1
        case UInt8(ascii: "]"), UInt8(ascii: "_"), UInt8(ascii: "P"):
            // A string: up to BEL or ST (ESC \).
            var end = index + 2
            while end < pending.count {
                if pending[end] == 0x07 { return end - index + 1 }
                if pending[end] == 0x1B {
                    guard end + 1 < pending.count else { return nil }
                    return end - index + 2
                }
                end += 1
            }
            return nil
        default:
            return 2
        }
    }

    private mutating func controlSequence(_ parameters: String, final: UInt8) {
        if parameters.hasPrefix("?") {
            if parameters == "?1049h" || parameters == "?1049l" { clear() }
            return
        }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) }
        let first = numbers.first.flatMap { $0 }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            let row = (first ?? 1) - 1
            let column = (numbers.count > 1 ? numbers[1] ?? 1 : 1) - 1
            cursorRow = min(max(0, row), rows - 1)
            cursorColumn = min(max(0, column), columns - 1)
        case UInt8(ascii: "K"):
            guard cursorRow < rows else { return }
            let range: Range<Int> =
                switch first ?? 0 {
                case 1: 0..<min(columns, cursorColumn + 1)
                case 2: 0..<columns
                default: min(cursorColumn, columns)..<columns
                }
            for column in range { cells[cursorRow][column] = Cell() }
        case UInt8(ascii: "J"):
            if first == 2 || first == 3 { clear() }
        case UInt8(ascii: "m"):
            for code in numbers.isEmpty ? [0] : numbers.map({ $0 ?? 0 }) {
                switch code {
                case 0:
                    dim = false
                    reverse = false
                case 2: dim = true
                case 22: dim = false
                case 7: reverse = true
                case 27: reverse = false
                default: break
                }
            }
        case UInt8(ascii: "G"): cursorColumn = max(0, min(columns - 1, (first ?? 1) - 1))
        case UInt8(ascii: "A"): cursorRow = max(0, cursorRow - (first ?? 1))
        case UInt8(ascii: "B"): cursorRow = min(rows - 1, cursorRow + (first ?? 1))
        case UInt8(ascii: "C"): cursorColumn = min(columns - 1, cursorColumn + (first ?? 1))
        case UInt8(ascii: "D"): cursorColumn = max(0, cursorColumn - (first ?? 1))
        default:
            break
        }
    }

    private mutating func clear() {
        cells = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
    }
}
