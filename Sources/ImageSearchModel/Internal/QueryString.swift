import Foundation

/// Builds the percent-encoded query of a GET request.
///
/// Only RFC 3986 unreserved characters (`A–Z a–z 0–9 - . _ ~`) are left as they are;
/// everything else is encoded as UTF-8 bytes, so a space is `%20`, `+` is `%2B`, `&` is `%26`,
/// `=` is `%3D` and "é" is `%C3%A9`. (`URLComponents` leaves `+` alone, which a server
/// reads as a space.) Items are sorted by name, so the same parameters always give the same
/// URL, which the response cache relies on.
enum QueryString {
    /// Percent-encodes one name or value (upper-case hex digits).
    ///
    /// Byte by byte over the UTF-8 rather than Foundation's `addingPercentEncoding`, which
    /// goes through a `CFString` and a character set: that was 80,000 instructions of each
    /// search's cache key (W7v in BENCHMARKS.md). Text that needs no encoding is returned as
    /// it is.
    static func encode(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !isUnreserved($0) }) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count + 16)
        output += utf8[..<first]
        for byte in utf8[first...] {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0x0F))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `byte` is an RFC 3986 unreserved character (`A–Z a–z 0–9 - . _ ~`).
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// The upper-case hex digit of `nibble` (0…15).
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ (nibble &- 10)
    }

    /// The encoded query for `parameters`, without a leading `?`.
    static func make(_ parameters: [String: String]) -> String {
        parameters.sorted { $0.key < $1.key }
            .map { encode($0.key) + "=" + encode($0.value) }
            .joined(separator: "&")
    }

    /// `url` with `parameters` appended as its query (after any query it already has).
    static func append(_ parameters: [String: String], to url: String) -> String {
        guard !parameters.isEmpty else { return url }
        let separator: String
        if !url.contains("?") {
            separator = "?"
        } else if url.hasSuffix("?") || url.hasSuffix("&") {
            separator = ""
        } else {
            separator = "&"
        }
        return url + separator + make(parameters)
    }
}
