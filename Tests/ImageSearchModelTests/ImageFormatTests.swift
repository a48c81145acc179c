import Foundation
import ImageSearchModel
import Testing

@Suite("Recognising image bytes")
struct ImageFormatTests {
    @Test(
        "PNG, JPEG, GIF and WebP signatures are recognised",
        arguments: [
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00], ImageFormat.png),
            ([0xFF, 0xD8, 0xFF, 0xE0, 0x00], .jpeg),
            (Array("GIF89a...".utf8), .gif),
            (Array("GIF87a".utf8), .gif),
            (Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBPVP8 ".utf8), .webP),
        ] as [([UInt8], ImageFormat)])
    func recognised(bytes: [UInt8], format: ImageFormat) {
        #expect(ImageFormat(of: Data(bytes)) == format)
    }

    @Test(
        "anything else is not an image",
        arguments: [
            [], [0x89, 0x50, 0x4E, 0x47], Array("<html><body>".utf8), Array("GIF90a".utf8),
            Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8), Array("{\"hits\": []}".utf8),
        ] as [[UInt8]])
    func rejected(bytes: [UInt8]) {
        #expect(ImageFormat(of: Data(bytes)) == nil)
    }

    @Test("a slice of a larger buffer is read from its own start")
    func slice() {
        let buffer = Data([0x00, 0xFF, 0xD8, 0xFF, 0xE0])
        #expect(ImageFormat(of: buffer.dropFirst()) == .jpeg)
    }
}
