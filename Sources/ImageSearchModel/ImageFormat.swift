import Foundation

/// The image formats `requestImage` accepts, recognised by their leading bytes.
///
/// Why check: a server (or a captive portal) may answer an image URL with an HTML page and a
/// 200 status; a view model must get `.incorrectDataReturned`, not garbage to draw.
public enum ImageFormat: String, Sendable, CaseIterable {
    /// Portable Network Graphics: `89 50 4E 47 0D 0A 1A 0A`.
    case png
    /// JPEG: `FF D8 FF`.
    case jpeg
    /// GIF: `GIF87a` or `GIF89a`.
    case gif
    /// WebP: `RIFF`, four length bytes, `WEBP`.
    case webP

    /// Recognises the format of `data` from its signature.
    ///
    /// - Parameter data: The bytes of a supposed image.
    /// - Returns: The format, or `nil` if the bytes do not start like a supported image.
    public init?(of data: Data) {
        let bytes = [UInt8](data.prefix(12))
        func starts(with signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count
                && Array(bytes[offset..<offset + signature.count]) == signature
        }
        if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) {
            self = .webP
        } else {
            return nil
        }
    }
}
