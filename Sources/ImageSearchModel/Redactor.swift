import Foundation

/// Removes secrets (the API key) from text before it reaches an error, a log or a person.
///
/// Two passes: every occurrence of a known secret is replaced, and so is the value of any
/// `key=` query item, in case a server echoes a URL with a key the client does not know.
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
            result = result.replacingOccurrences(of: secret, with: Self.placeholder)
            let encoded = QueryString.encode(secret)
            if encoded != secret {
                result = result.replacingOccurrences(of: encoded, with: Self.placeholder)
            }
        }
        for name in Self.secretParameterNames {
            result = Self.hideValues(of: name, in: result)
        }
        return result
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
