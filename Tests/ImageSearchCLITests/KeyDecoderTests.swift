import Testing

@testable import imagesearch

@Suite("the key decoder")
struct KeyDecoderTests {
    func keys(_ bytes: [UInt8], flush: Bool = true) -> [Key] {
        var decoder = KeyDecoder()
        var keys = decoder.feed(bytes)
        if flush { keys += decoder.flush() }
        return keys
    }

    @Test(
        "escape sequences decode to keys (CSI and SS3 forms)",
        arguments: [
            ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}[5~", .pageUp),
            ("\u{1B}[6~", .pageDown),
            ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
            ("\u{1B}[3~", .delete), ("\u{1B}OP", .function(1)), ("\u{1B}[11~", .function(1)),
            ("\u{1B}[1;5A", .up), ("\u{1B}[24~", .function(12)),
            ("\u{1B}[1;5H", .controlHome), ("\u{1B}[1;5F", .controlEnd),
            ("\u{1B}[1;2H", .home), ("\u{1B}[1;7F", .controlEnd), ("\u{1B}[1;5~", .controlHome),
            ("\u{1B}[4;5~", .controlEnd),
        ])
    func sequences(text: String, key: Key) {
        #expect(keys(Array(text.utf8)) == [key])
    }

    @Test("single bytes: characters, Enter, Backspace, Ctrl keys")
    func singleBytes() {
        #expect(keys(Array("a ?".utf8)) == [.character("a"), .character(" "), .character("?")])
        #expect(keys([0x0D]) == [.enter])
        #expect(keys([0x7F]) == [.backspace])
        #expect(keys([0x08]) == [.backspace])
        #expect(keys([0x03, 0x15, 0x0F]) == [.control("c"), .control("u"), .control("o")])
    }

    @Test("UTF-8 input decodes to characters, even split across reads")
    func utf8() {
        var decoder = KeyDecoder()
        let bytes = Array("狐é🦊".utf8)
        var decoded: [Key] = []
        for byte in bytes { decoded += decoder.feed(byte) }
        #expect(decoded == [.character("狐"), .character("é"), .character("🦊")])
    }

    @Test("a lone ESC is the Escape key only once the input pauses")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(0x1B) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.state == .ground)
        #expect(keys([0x1B, 0x1B]) == [.escape, .escape])
        #expect(keys([0x1B, UInt8(ascii: "x")]) == [.alt("x")], "Alt-X")
        #expect(keys([0x1B, 0x0D]) == [.escape, .enter])
    }

    @Test("a sequence split across reads still decodes")
    func split() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed(Array("[".utf8)) == [])
        #expect(decoder.feed(Array("B".utf8)) == [.down])
    }

    @Test("unknown sequences and malformed UTF-8 produce no text")
    func garbage() {
        #expect(keys(Array("\u{1B}[99z".utf8)) == [])
        #expect(keys([0xFF, 0xC3]) == [])
        #expect(keys([0xC3, 0x41]) == [.character("A")])
        #expect(keys([0xE0, 0x80, 0x80]) == [], "an overlong encoding is refused")
        let long = [0x1B, UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: "1"), count: 100)
        #expect(
            keys(long + [UInt8(ascii: "A")]).allSatisfy {
                $0 == .character("1") || $0 == .character("A")
            })
    }

    @Test("a pause inside a bracketed paste does not end it")
    func pasteSurvivesAPause() {
        var decoder = KeyDecoder()
        var keys = decoder.feed(Array("\u{1B}[200~red".utf8))
        keys += decoder.flush()
        keys += decoder.feed(Array(" fox\u{1B}[201~".utf8))
        #expect(keys == [.paste("red fox")], "a pause inside a paste does not end it")
    }

    @Test("a bracketed paste is one key, its text whole, split anywhere, and bounded")
    func bracketedPaste() {
        let bytes = Array("a\u{1B}[200~red\nfox \u{1B}[2 狐\u{1B}[201~b".utf8)
        for split in 0...bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...])
            #expect(
                keys == [.character("a"), .paste("red\nfox \u{1B}[2 狐"), .character("b")],
                "split at \(split)")
        }
        var decoder = KeyDecoder()
        let huge = Array("\u{1B}[200~".utf8) + Array(repeating: UInt8(ascii: "x"), count: 10_000)
        #expect(
            decoder.feed(huge + Array("\u{1B}[201~".utf8)) == [
                .paste(String(repeating: "x", count: KeyDecoder.maximumPaste))
            ])
    }
}
