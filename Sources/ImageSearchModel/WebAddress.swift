import Foundation

/// How an address that came from a server (an image's `pageURL`) is shown to a person and
/// handed to a browser, so that it cannot pass for another.
///
/// Why: a hostile server can send `https://pіxabay.com/…` (a Cyrillic `і`), which reads as
/// Pixabay's address, or `https://pixabay.com@evil.example/…`, whose host is
/// `evil.example` (`pixabay.com` is a user name). Browsers show the first in punycode and
/// drop the user name from the second; so does ``shown(_:)``, and an address with a user
/// name is never opened (``holdsUserInfo(_:)``).
///
/// Rules for a host label (the parts between dots), after percent-decoding:
/// - ASCII labels are left as they are.
/// - A label is shown in Unicode when its letters are all of one script (Latin, or Han with
///   kana and Hangul counting as one), and, for the scripts with letters that look Latin
///   (Cyrillic, Greek, Armenian, Cherokee), when the top-level label is of that script too.
/// - Any other label (mixed scripts, invisible or unknown characters) is shown in punycode
///   (`xn--…`, RFC 3492), lower-cased as IDNA maps it.
public enum WebAddress {
    /// `address` as a browser's address bar shows it: without userinfo, and with each host
    /// label that could pass for another in punycode. Text that is not an address with
    /// `://` is returned unchanged.
    ///
    /// - Parameter address: An address from a server.
    /// - Returns: The address to show.
    public static func shown(_ address: String) -> String {
        guard let parts = Parts(address) else { return address }
        let host = hostLabels(of: parts.host)
        let topLevel = host.last.map(script(of:)) ?? nil
        let labels = host.map { label -> String in
            guard !label.unicodeScalars.allSatisfy(\.isASCII) else { return label }
            if let script = script(of: label),
                !lookAlikeScripts.contains(script) || topLevel == script
            {
                return label
            }
            return punycodeLabel(label)
        }
        return parts.prefix + labels.joined(separator: ".") + parts.suffix
    }

    /// `address` with every non-ASCII host label in punycode (what a browser is handed), or
    /// `nil` when the address has userinfo, or its host cannot be encoded.
    ///
    /// - Parameter address: An address from a server.
    /// - Returns: The address with an ASCII host.
    public static func withASCIIHost(_ address: String) -> String? {
        guard let parts = Parts(address), parts.userInfo == nil else { return nil }
        let labels = hostLabels(of: parts.host).map { label in
            label.unicodeScalars.allSatisfy(\.isASCII) ? label : punycodeLabel(label)
        }
        return parts.prefix + labels.joined(separator: ".") + parts.suffix
    }

    /// Whether `address` has userinfo (`name@` or `name:password@` before its host, a `\`
    /// ending the host as browsers read it).
    ///
    /// - Parameter address: An address from a server.
    /// - Returns: `true` when a browser would read a user name in it.
    public static func holdsUserInfo(_ address: String) -> Bool {
        Parts(address)?.userInfo != nil
    }

    /// An address split around its host.
    private struct Parts {
        /// The scheme and `://`.
        let prefix: String
        let userInfo: Substring?
        /// The host, without brackets' contents changed (an IPv6 literal stays bracketed).
        let host: String
        /// The port and everything after the host.
        let suffix: String

        init?(_ address: String) {
            guard let schemeEnd = address.range(of: "://") else { return nil }
            let rest = address[schemeEnd.upperBound...]
            // Browsers end the authority at `\` too (for http and https).
            let authorityEnd = rest.firstIndex { "/?#\\".contains($0) } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            var hostStart = authority.startIndex
            if let at = authority.lastIndex(of: "@") {
                userInfo = authority[..<at]
                hostStart = authority.index(after: at)
            } else {
                userInfo = nil
            }
            let hostAndPort = authority[hostStart...]
            var hostEnd = hostAndPort.endIndex
            if hostAndPort.hasPrefix("[") {
                if let close = hostAndPort.firstIndex(of: "]") {
                    hostEnd = hostAndPort.index(after: close)
                }
            } else if let colon = hostAndPort.lastIndex(of: ":") {
                hostEnd = colon
            }
            prefix = String(address[..<schemeEnd.upperBound])
            host = String(hostAndPort[..<hostEnd])
            suffix = String(hostAndPort[hostEnd...]) + String(rest[authorityEnd...])
        }
    }

    /// The labels of `host`, percent-decoded (a browser decodes a host before showing it).
    private static func hostLabels(of host: String) -> [String] {
        guard !host.hasPrefix("[") else { return [host] }
        let decoded = host.contains("%") ? (host.removingPercentEncoding ?? host) : host
        return decoded.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// Scripts with letters that pass for Latin ones.
    private static let lookAlikeScripts: Set<Script> = [.cyrillic, .greek, .armenian, .cherokee]

    enum Script: Hashable {
        case latin, greek, cyrillic, armenian, hebrew, arabic, devanagari, thai, georgian
        case cherokee, eastAsian
    }

    /// The one script of `label`'s letters (digits and `-` belong to none), or `nil` when
    /// it mixes scripts, holds a character of no known script, or has no letter.
    static func script(of label: String) -> Script? {
        var found: Script?
        for scalar in label.unicodeScalars {
            let value = scalar.value
            if (0x30...0x39).contains(value) || value == 0x2D { continue }
            guard let script = script(of: value), found == nil || found == script else {
                return nil
            }
            found = script
        }
        return found
    }

    private static func script(of value: UInt32) -> Script? {
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x24F, 0x1E00...0x1EFF:
            return .latin
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        case 0x531...0x58F: return .armenian
        case 0x591...0x5FF: return .hebrew
        case 0x620...0x64A, 0x660...0x6FF, 0x750...0x77F: return .arabic
        case 0x900...0x97F: return .devanagari
        case 0xE01...0xE7F: return .thai
        case 0x10A0...0x10FF: return .georgian
        case 0x13A0...0x13FF: return .cherokee
        case 0x1100...0x11FF, 0x3041...0x30FF, 0x3105...0x312F, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FFFF:
            return .eastAsian
        default: return nil
        }
    }

    /// `label` as IDNA maps it (composed, lower-cased) in punycode with the `xn--` prefix;
    /// percent-encoded UTF-8 when it is longer than a DNS label may be (63 scalars: no such
    /// host exists, and the encoder's work grows with the square of the length).
    static func punycodeLabel(_ label: String) -> String {
        let mapped = label.precomposedStringWithCanonicalMapping.lowercased()
        if mapped.unicodeScalars.count <= 63,
            let encoded = Punycode.encode(Array(mapped.unicodeScalars.map(\.value)))
        {
            return "xn--" + encoded
        }
        return mapped.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
