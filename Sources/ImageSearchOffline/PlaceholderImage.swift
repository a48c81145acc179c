import Foundation
import ImageSearchModel

/// Tiny valid PNG images, drawn in code: what the ``OfflineCatalog`` serves as previews.
///
/// Each image is a vertical gradient between two colours (say, sky above and meadow below),
/// encoded as an 8-bit RGB PNG with an uncompressed ("stored") deflate stream, so no
/// compression library is needed and any PNG decoder reads it.
enum PlaceholderImage {
    /// An RGB colour.
    struct Color: Equatable, Sendable {
        let red: UInt8
        let green: UInt8
        let blue: UInt8
    }

    /// A PNG of `width` × `height` pixels (each clamped to 1…256) fading from `top` to
    /// `bottom`.
    static func png(width: Int, height: Int, top: Color, bottom: Color) -> Data {
        let width = min(max(width, 1), 256)
        let height = min(max(height, 1), 256)
        var pixels = [UInt8]()
        pixels.reserveCapacity((width * 3 + 1) * height)
        for row in 0..<height {
            let t = height > 1 ? Double(row) / Double(height - 1) : 0
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
                UInt8((Double(a) * (1 - t) + Double(b) * t).rounded())
            }
            let color = [
                mix(top.red, bottom.red), mix(top.green, bottom.green), mix(top.blue, bottom.blue),
            ]
            pixels.append(0)  // filter type: none
            for _ in 0..<width { pixels.append(contentsOf: color) }
        }
        var header = [UInt8]()
        header += bigEndian(UInt32(width))
        header += bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, no filter set, no interlace
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", header)
        png += chunk("IDAT", zlibStored(pixels))
        png += chunk("IEND", [])
        return Data(png)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
            UInt8(value & 0xFF),
        ]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var output: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isFinal: UInt8 = offset + length >= data.count ? 1 : 0
            output.append(isFinal)
            output += [UInt8(length & 0xFF), UInt8(length >> 8)]
            output += [UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            output += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        return output + bigEndian(adler32(data))
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return (b << 16) | a
    }
}
