/// What the targets count as a leak of a secret, and which secrets they check.
public enum Secrets {
    /// Whether `secret` looks like an API key: at least 8 characters, only ASCII lowercase
    /// letters, digits and `-`, with at least one letter and one digit (a Pixabay key is
    /// `12345678-0123456789abcdef0123456789ab`).
    ///
    /// Only such secrets are checked for leaks. Others would give false alarms that say
    /// nothing about redaction: `"REDA"` is inside the placeholder `REDACTED`, `"check"` and
    /// `"1e-05"` are words and numbers the error messages print themselves.
    ///
    /// - Parameter secret: A secret the input chose.
    /// - Returns: Whether a leak of `secret` is a bug.
    public static func isKeyLike(_ secret: String) -> Bool {
        let bytes = Array(secret.utf8)
        let allowed = bytes.allSatisfy { isLowercaseLetter($0) || isDigit($0) || $0 == 0x2D }
        return bytes.count >= 8 && allowed && bytes.contains(where: isLowercaseLetter)
            && bytes.contains(where: isDigit)
    }

    /// Whether the UTF-8 bytes of `secret` occur anywhere in those of `text`.
    ///
    /// Bytes, not `Character`s: `"abcd1234\u{301}"` does not contain `"abcd1234"` as a
    /// `String` (its last character is `4` with an accent), yet a log of it shows the key.
    ///
    /// - Parameters:
    ///   - text: Text that may be shown or logged.
    ///   - secret: The secret to look for.
    /// - Returns: Whether `text` holds `secret`'s bytes.
    public static func text(_ text: String, leaks secret: String) -> Bool {
        let haystack = Array(text.utf8)
        let needle = Array(secret.utf8)
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    /// Whether `text` (without a final `…`) ends with the first 8 or more bytes of `secret`,
    /// or starts with its last 8 or more: what is left of a secret cut at a text's edge.
    ///
    /// - Parameters:
    ///   - text: A message that may have been cut.
    ///   - secret: The secret to look for.
    /// - Returns: Whether a part of `secret` sits at an edge of `text`.
    public static func text(_ text: String, endsOrStartsWithPartOf secret: String) -> Bool {
        let trimmed = text.hasSuffix("…") ? String(text.dropLast()) : text
        let haystack = Array(trimmed.utf8)
        let needle = Array(secret.utf8)
        guard needle.count > 8 else { return false }
        let longest = min(needle.count - 1, haystack.count)
        guard longest >= 8 else { return false }
        return (8...longest).contains { length in
            haystack.suffix(length).elementsEqual(needle.prefix(length))
                || haystack.prefix(length).elementsEqual(needle.suffix(length))
        }
    }

    /// Whether `text` holds 8 or more consecutive bytes of `secret` or of `encoded` (its
    /// percent-encoded form), ASCII letters compared in either case: what the redactor
    /// replaces besides whole secrets.
    public static func text(_ text: String, holdsRunOf secret: String, encoded: String) -> Bool {
        func folded(_ string: String) -> [UInt8] {
            string.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        }
        let haystack = folded(text)
        for form in [secret, encoded] {
            let needle = folded(form)
            guard needle.count >= 8, haystack.count >= 8 else { continue }
            for start in 0...(needle.count - 8) {
                let window = needle[start..<(start + 8)]
                if (0...(haystack.count - 8)).contains(where: {
                    haystack[$0..<($0 + 8)].elementsEqual(window)
                }) {
                    return true
                }
            }
        }
        return false
    }

    private static func isLowercaseLetter(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
