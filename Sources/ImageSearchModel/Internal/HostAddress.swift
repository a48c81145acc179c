import Foundation
import SignalboxLocks

/// Whether a host is on the public internet or on the user's own machine or network
/// (loopback, link-local, private, shared, unspecified, multicast or reserved addresses).
///
/// Numeric hosts are read the way the resolver reads them (so `127.1`, `0x7f.1` and
/// `2130706433` are all 127.0.0.1); `localhost`, `*.localhost` and `*.local` names are
/// private by definition; any other name is resolved, and is public only if every address
/// it resolves to is.
enum HostAddress {
    /// `host` without IPv6 brackets or a trailing dot, lowercased.
    static func normalized(_ host: String) -> String {
        var text = host.lowercased()
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Whether a numeric host is public, or `nil` when `host` is not numeric.
    static func isPublic(numericHost host: String) -> Bool? {
        let text = normalized(host)
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return isPublic(v6: withUnsafeBytes(of: v6) { Array($0) })
        }
        // `inet_aton` accepts the shorthand forms (`127.1`, hex, one 32-bit number) that
        // the resolver, and so the transport, accept.
        var v4 = in_addr()
        guard !text.isEmpty, text.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == "x" }),
            inet_aton(text, &v4) == 1
        else { return nil }
        return isPublic(v4: withUnsafeBytes(of: v4.s_addr) { Array($0) })
    }

    /// Whether a name is private by definition (`localhost`, `*.localhost`, `*.local`), or
    /// `nil` when only resolving it can tell.
    static func isPublic(specialName host: String) -> Bool? {
        let name = normalized(host)
        if name == "localhost" || name.hasSuffix(".localhost") || name.hasSuffix(".local") {
            return false
        }
        return nil
    }

    /// Whether `host` is public, resolving a name (blocking: call it off any thread that
    /// must not wait). A name that does not resolve counts as public: the request then fails
    /// as it would have anyway.
    static func isPublic(resolving host: String) -> Bool {
        if let known = isPublic(numericHost: host) ?? isPublic(specialName: host) {
            return known
        }
        var hints = addrinfo()
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(normalized(host), nil, &hints, &list) == 0 else { return true }
        defer { freeaddrinfo(list) }
        var entry = list
        while let current = entry {
            if let address = current.pointee.ai_addr, !isPublic(socketAddress: address) {
                return false
            }
            entry = current.pointee.ai_next
        }
        return true
    }

    /// Whether a socket address (IPv4 or IPv6) is public; any other family is not.
    static func isPublic(socketAddress address: UnsafeMutablePointer<sockaddr>) -> Bool {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                isPublic(v4: withUnsafeBytes(of: $0.pointee.sin_addr.s_addr) { Array($0) })
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                isPublic(v6: withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) })
            }
        default:
            return false
        }
    }

    /// `bytes` are the four bytes of an IPv4 address in network order.
    static func isPublic(v4 bytes: [UInt8]) -> Bool {
        guard bytes.count == 4 else { return false }
        let (a, b) = (bytes[0], bytes[1])
        switch a {
        case 0, 10, 127: return false  // this network, private, loopback
        case 100 where (64...127).contains(b): return false  // shared (carrier-grade NAT)
        case 169 where b == 254: return false  // link-local
        case 172 where (16...31).contains(b): return false  // private
        case 192 where b == 168: return false  // private
        case 192 where b == 0 && bytes[2] == 0: return false  // IETF protocol assignments
        case 198 where b == 18 || b == 19: return false  // benchmarking
        case 224...255: return false  // multicast, reserved, broadcast
        default: return true
        }
    }

    /// `bytes` are the sixteen bytes of an IPv6 address in network order.
    static func isPublic(v6 bytes: [UInt8]) -> Bool {
        guard bytes.count == 16 else { return false }
        let prefix = bytes[0..<10].allSatisfy { $0 == 0 }
        // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible, deprecated).
        if prefix, (bytes[10] == 0xFF && bytes[11] == 0xFF) || (bytes[10] == 0 && bytes[11] == 0) {
            if bytes[10] == 0, bytes[12..<15].allSatisfy({ $0 == 0 }), bytes[15] <= 1 {
                return false  // :: and ::1
            }
            return isPublic(v4: Array(bytes[12..<16]))
        }
        // 64:ff9b::/96, NAT64: the IPv4 address it stands for decides.
        if bytes[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] {
            return isPublic(v4: Array(bytes[12..<16]))
        }
        switch bytes[0] {
        case 0xFC, 0xFD: return false  // unique local
        case 0xFE where bytes[1] & 0xC0 == 0x80 || bytes[1] & 0xC0 == 0xC0:
            return false  // link-local, site-local
        case 0xFF: return false  // multicast
        default: return true
        }
    }
}
