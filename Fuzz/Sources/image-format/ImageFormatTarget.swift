// Fuzz target: `ImageFormat(of:)`, the signature check of downloaded images.
//
// Input: the bytes are the downloaded data. Invariants: the result agrees with a
// byte-by-byte reading of the signatures written out below, and a `Data` slice that does
// not start at index 0 gives the same result as a copy.

import Foundation
import FuzzSupport
import ImageSearchModel

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let format = ImageFormat(of: Data(bytes))
    let expected = expectedFormat(of: bytes)
    require(
        format == expected,
        "\(String(describing: format)), expected \(String(describing: expected))")
    let slice = Data([0xFF, 0xD8] + bytes).dropFirst(2)
    require(ImageFormat(of: slice) == format, "a Data slice is read differently from a copy")
    return 0
}

/// The format by the signatures listed in `ImageFormat`'s documentation, checked one byte at
/// a time (a second reading, deliberately unlike the implementation's).
private func expectedFormat(of bytes: [UInt8]) -> ImageFormat? {
    func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
    func matches(_ signature: String, at offset: Int = 0) -> Bool {
        signature.utf8.enumerated().allSatisfy { byte(offset + $0.offset) == $0.element }
    }
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    if png.indices.allSatisfy({ byte($0) == png[$0] }) { return .png }
    if byte(0) == 0xFF, byte(1) == 0xD8, byte(2) == 0xFF { return .jpeg }
    if matches("GIF87a") || matches("GIF89a") { return .gif }
    if matches("RIFF"), byte(4) != nil, byte(7) != nil, matches("WEBP", at: 8) { return .webP }
    return nil
}
