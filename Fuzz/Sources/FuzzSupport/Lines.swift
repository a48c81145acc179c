/// Splits a fuzzer's input into lines, the way the text-shaped targets read it.
public enum Lines {
    /// The lines of `bytes` (separated by `\n`, a trailing `\r` dropped), decoded as UTF-8
    /// with invalid bytes replaced by U+FFFD, so every input gives valid strings.
    ///
    /// - Parameter bytes: Part of the input.
    /// - Returns: At least one line (an empty input is one empty line).
    public static func split(_ bytes: some Collection<UInt8>) -> [String] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            let trimmed = line.last == 0x0D ? line.dropLast() : line[...]
            return String(decoding: trimmed, as: UTF8.self)
        }
    }
}
