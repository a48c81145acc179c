import Foundation
import SignalboxLocks

/// Reads standard input line by line, never holding more than ``maximumLineLength`` bytes of
/// one line: the rest of a longer line is read and dropped.
///
/// Why: `readLine()` keeps a whole line in memory, so one line of 300 MB (a file piped by
/// mistake) took 615 MB. A query is at most 100 characters; a line of commands far less.
struct BoundedLineReader {
    /// One line of input.
    enum Line: Equatable {
        /// A line (without its line break), decoded as UTF-8 (invalid bytes replaced).
        case text(String)
        /// A line longer than ``maximumLineLength`` bytes, dropped.
        case tooLong
    }

    /// The longest line kept, in bytes: 64 KiB.
    static let maximumLineLength = 65_536

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var pending: [UInt8] = []
    private var start = 0
    private var dropping = false
    private var atEnd = false

    init(descriptor: Int32 = STDIN_FILENO) {
        self.descriptor = descriptor
    }

    /// The next line, or `nil` at the end of input (or on a read error).
    mutating func next() -> Line? {
        while true {
            if let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[start..<newline])
                start = newline + 1
                if dropping || buffer.count + line.count > Self.maximumLineLength {
                    dropping = false
                    buffer.removeAll()
                    return .tooLong
                }
                let bytes = buffer + line
                buffer.removeAll()
                return .text(Self.decode(bytes))
            }
            // No line break in what is pending: keep it (within the bound) and read more.
            let rest = pending[start...]
            if !dropping {
                if buffer.count + rest.count > Self.maximumLineLength {
                    dropping = true
                    buffer.removeAll()
                } else {
                    buffer += rest
                }
            }
            pending.removeAll(keepingCapacity: true)
            start = 0
            if atEnd || !fill() {
                atEnd = true
                if dropping {
                    dropping = false
                    return .tooLong
                }
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return .text(Self.decode(buffer))
            }
        }
    }

    /// Reads what is available into `pending`; `false` at the end of input or on an error.
    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            pending = Array(chunk[0..<count])
            return true
        }
    }

    /// The line as text, a trailing carriage return removed.
    private static func decode(_ bytes: [UInt8]) -> String {
        let trimmed = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...]
        return String(decoding: trimmed, as: UTF8.self)
    }
}
