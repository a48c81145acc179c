import Foundation

/// Removes secrets (the API key) from text before it reaches an error, a log or a person.
///
/// Three passes: every occurrence of a known secret (or of its percent-encoded form) is
/// replaced; then any run of 8 or more bytes of one, from anywhere in it, in any case of its
/// ASCII letters, raw or percent-encoded with either case of hex digits (a server that echoes
/// part of the key, upper-cases it or re-encodes it); and the value of any `key=` query item,
/// in case a server echoes a URL with a key the client does not know. Secrets are matched in
/// UTF-8, whatever characters surround them (only a secret made of parts of `REDACTED` can
/// show up again).
struct Redactor: Sendable {
    /// What a secret is replaced with.
    static let placeholder = "REDACTED"

    /// Query item names whose values are always hidden.
    static let secretParameterNames: Set<String> = ["key"]

    let secrets: [String]

    init(secrets: [String]) {
        // Very short secrets would redact ordinary words; real API keys are long.
        self.secrets = secrets.filter { $0.count >= 4 }
    }

    func redact(_ text: String) -> String {
        var result = text
        for secret in secrets {
            result = Self.replacingBytes(of: secret, in: result)
            let encoded = QueryString.encode(secret)
            if encoded != secret {
                result = Self.replacingBytes(of: encoded, in: result)
            }
        }
        // Any run of 8 or more bytes of a secret, in any case, raw or percent-encoded.
        var bytes = Array(result.utf8)
        var changed = false
        for secret in secrets {
            for form in Set([secret, QueryString.encode(secret)]) {
                changed = Self.replaceParts(of: Array(form.utf8), in: &bytes) || changed
            }
        }
        if changed { result = String(decoding: bytes, as: UTF8.self) }
        for name in Self.secretParameterNames {
            result = Self.hideValues(of: name, in: result)
        }
        return result
    }

    /// The shortest part of a secret that counts as a leak when it ends (or starts) a text.
    static let minimumPartLength = 4

    /// `text` with the placeholder in place of a secret cut short where the text ends (or of
    /// the end of one, where it starts): what is left when a server (or a cut for length)
    /// breaks a text inside a secret. Run it after ``redact(_:)``, which removes whole ones.
    func redactingCutSecrets(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var changed = false
        for secret in secrets {
            for form in Set([secret, QueryString.encode(secret)]) {
                let needle = Array(form.utf8)
                changed = Self.replaceParts(of: needle, in: &bytes) || changed
                guard needle.count > Self.minimumPartLength else { continue }
                let longest = min(needle.count - 1, bytes.count)
                if longest >= Self.minimumPartLength,
                    let length = (Self.minimumPartLength...longest).reversed().first(where: {
                        bytes.suffix($0).elementsEqual(needle.prefix($0))
                    })
                {
                    bytes.removeLast(length)
                    bytes += Self.placeholder.utf8
                    changed = true
                }
                let longestStart = min(needle.count - 1, bytes.count)
                if longestStart >= Self.minimumPartLength,
                    let length = (Self.minimumPartLength...longestStart).reversed().first(where: {
                        bytes.prefix($0).elementsEqual(needle.suffix($0))
                    })
                {
                    bytes.removeFirst(length)
                    bytes.insert(contentsOf: Self.placeholder.utf8, at: 0)
                    changed = true
                }
            }
        }
        // Cuts fall on scalar boundaries only when the secret's bytes do; repair any other.
        return changed ? String(decoding: bytes, as: UTF8.self) : text
    }

    /// The shortest part of a secret that counts as a leak inside a text: a run of at least
    /// this many bytes of the secret, from anywhere in it (its start, its middle or its end),
    /// whatever surrounds it: a server that cut the key, or copied part of it.
    static let minimumInnerPartLength = 8

    /// ASCII letters folded to lower case; every other byte as it is (so positions match).
    @inline(__always)
    private static func folded(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// Replaces, anywhere in `bytes`, each longest run of at least `minimumInnerPartLength`
    /// bytes that is a contiguous part of `needle`, ignoring the case of ASCII letters (so a
    /// key upper-cased, or percent-encoded with lower-case hex digits, is found too). Returns
    /// whether one was found.
    private static func replaceParts(of needle: [UInt8], in bytes: inout [UInt8]) -> Bool {
        let least = minimumInnerPartLength
        guard needle.count >= least, bytes.count >= least else { return false }
        let secret = needle.map(folded)
        // Where each run of `least` bytes occurs in the secret.
        var grams: [ArraySlice<UInt8>: [Int]] = [:]
        for start in 0...(secret.count - least) {
            grams[secret[start..<(start + least)], default: []].append(start)
        }
        let text = bytes.map(folded)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var found = false
        while index < bytes.count {
            guard index + least <= text.count,
                let starts = grams[text[index..<(index + least)]]
            else {
                output.append(bytes[index])
                index += 1
                continue
            }
            // The longest part of the secret the text continues with from here.
            var longest = least
            for start in starts {
                var length = least
                while start + length < secret.count, index + length < text.count,
                    text[index + length] == secret[start + length]
                {
                    length += 1
                }
                longest = max(longest, length)
            }
            output += placeholder.utf8
            index += longest
            found = true
        }
        if found { bytes = output }
        return found
    }

    /// `address` without the user name and password of its authority
    /// (`http://user:password@host/` → `http://host/`), for anything stored or shown.
    /// The values of the secret query items (`key=`, in any case) of `address`: a secret the
    /// address itself carries (a `--base-url` given with a key).
    static func secretQueryValues(of address: String) -> [String] {
        (URLComponents(string: address)?.queryItems ?? []).compactMap { item in
            secretParameterNames.contains(item.name.lowercased()) ? item.value : nil
        }
    }

    /// `address` as it may be shown or stored: without userinfo, and with the values of its
    /// secret query items (`key=`, in any case) replaced by the placeholder (a `--base-url`
    /// that carries a key).
    static func shownAddress(_ address: String) -> String {
        var result = removingUserInfo(from: address)
        for name in secretParameterNames { result = hideValues(of: name, in: result) }
        return result
    }

    static func removingUserInfo(from address: String) -> String {
        guard let schemeEnd = address.range(of: "://") else { return address }
        let authorityStart = schemeEnd.upperBound
        let rest = address[authorityStart...]
        let authorityEnd = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return address }
        return String(address[..<authorityStart]) + String(rest[rest.index(after: at)...])
    }

    /// `text` with every occurrence of the UTF-8 bytes of `secret` replaced by the placeholder.
    ///
    /// Why bytes and not `replacingOccurrences(of:with:)`: that compares `Character`s, so it
    /// misses a key followed by a combining mark (`key` + U+0301 ends in a different
    /// character), whose bytes a log still shows; and on Linux (Swift 6.3) it traps when the
    /// secret ends in NUL and the rest of it ends the text. Both were found by fuzzing
    /// (Fuzz/README.md). A match starts on a scalar boundary (a UTF-8 lead byte never equals a
    /// continuation byte), so the result is valid UTF-8.
    private static func replacingBytes(of secret: String, in text: String) -> String {
        let needle = Array(secret.utf8)
        let haystack = Array(text.utf8)
        guard let first = needle.first, needle.count <= haystack.count else { return text }
        var output: [UInt8] = []
        var copied = 0  // haystack[..<copied] is in output
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == first,
                haystack[index..<(index + needle.count)].elementsEqual(needle)
            {
                output += haystack[copied..<index]
                output += placeholder.utf8
                index += needle.count
                copied = index
            } else {
                index += 1
            }
        }
        guard copied > 0 else { return text }
        output += haystack[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    /// Replaces the value after every `name=` that starts a query item.
    private static func hideValues(of name: String, in text: String) -> String {
        let marker = name + "="
        var output = ""
        var rest = Substring(text)
        while let range = rest.range(of: marker, options: .caseInsensitive) {
            let before = rest[rest.startIndex..<range.lowerBound]
            let startsItem = before.last.map { "?&;, \t\"'(".contains($0) } ?? true
            output += before
            output += rest[range]
            rest = rest[range.upperBound...]
            if startsItem {
                let end =
                    rest.firstIndex { "&#; \t\r\n\"'<>)".contains($0) } ?? rest.endIndex
                if end != rest.startIndex { output += placeholder }
                rest = rest[end...]
            }
        }
        return output + rest
    }
}
