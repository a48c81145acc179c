import Foundation
import ImageSearchModel
import Testing

/// A trap the fuzz target `query-redaction` found, and a leak its secret check shows (seed
/// `key-before-combining-mark.txt`); see Fuzz/README.md.
@Suite("Redacting secrets from 4xx messages, byte for byte")
struct RedactionMatchingTests {
    private func message(body: String, secrets: [String]) -> String? {
        let error = NetworkError(
            statusCode: 400, headers: [:], body: Data(body.utf8), redacting: secrets)
        guard case .invalidRequest(let message) = error else { return nil }
        return message
    }

    @Test("a secret ending in NUL, whose other characters end the text: no trap, and redacted")
    func secretEndingInNUL() {
        // Four of the secret's five bytes end the text: a secret cut short, redacted as such.
        #expect(message(body: "bad key abcd", secrets: ["abcd\0"]) == "bad key REDACTED")
        #expect(message(body: "a", secrets: ["a\0\0\0"]) == "a")
    }

    @Test("a secret followed by a combining mark is redacted: its bytes are in the text")
    func secretBeforeCombiningMark() {
        let key = "12345678-0123456789abcdef"
        #expect(
            message(body: "invalid key: \(key)\u{301}!", secrets: [key])
                == "invalid key: REDACTED\u{301}!")
        #expect(message(body: "\(key)\u{20DD}", secrets: [key]) == "REDACTED\u{20DD}")
    }
}
