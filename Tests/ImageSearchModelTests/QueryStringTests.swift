import Foundation
import LoopbackHTTPServer
import Testing

@testable import ImageSearchModel

/// The query encoder against Foundation's percent-encoding with the RFC 3986 unreserved set,
/// which it replaced (it must encode every byte the same way), and against the examples
/// its contract names.
struct QueryStringTests {
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    @Test(
        "the contract's examples",
        arguments: [
            ("red fox", "red%20fox"), ("a+b", "a%2Bb"), ("a&b=c", "a%26b%3Dc"), ("é", "%C3%A9"),
            ("AZaz09-._~", "AZaz09-._~"), ("", ""), ("/?#[]@", "%2F%3F%23%5B%5D%40"),
        ])
    func examples(text: String, encoded: String) {
        #expect(QueryString.encode(text) == encoded)
    }

    @Test("every text encodes as Foundation's percent-encoding does")
    func sameAsFoundation() {
        var texts = [
            "\u{0}", "\u{7F}", "\u{80}", "tab\there", "line\nbreak", "👍🏽", "🇩🇪", "e\u{301}",
            "Straße", "日本語", "%41", "100%", "key=abc&x=1", String(repeating: "ä", count: 300),
        ]
        // Deterministic random texts over a mix of ASCII, Latin, CJK and astral scalars.
        var generator = SeededGenerator(seed: 38)
        let pools: [ClosedRange<UInt32>] = [
            0...0x7F, 0x80...0x7FF, 0x3040...0x30FF, 0x1F300...0x1F6FF,
        ]
        for _ in 0..<500 {
            var text = ""
            for _ in 0..<Int(generator.next() % 24) {
                let pool = pools[Int(generator.next() % UInt64(pools.count))]
                let value = pool.lowerBound + UInt32(generator.next() % UInt64(pool.count))
                if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
            }
            texts.append(text)
        }
        for text in texts {
            #expect(
                QueryString.encode(text)
                    == text.addingPercentEncoding(withAllowedCharacters: Self.unreserved),
                "\(text.debugDescription)")
        }
    }

    @Test("a query is sorted by name, each name and value encoded")
    func query() {
        #expect(
            QueryString.make(["q": "red fox", "page": "2", "a b": "c&d"])
                == "a%20b=c%26d&page=2&q=red%20fox")
    }
}
