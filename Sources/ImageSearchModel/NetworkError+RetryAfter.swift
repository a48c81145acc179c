import Foundation

extension NetworkError {
    /// The longest wait, in seconds, that a server can ask for: one hour.
    ///
    /// `Retry-After` and `X-RateLimit-Reset` come from outside the program; a server that
    /// asks for more (a misconfigured `Retry-After: 1000000000000`, a date in the next
    /// century) is answered with this ceiling rather than parking requests for years.
    public static let maximumRetryAfter: TimeInterval = 3600

    /// How long the server asked the client to wait before trying again, in seconds, for
    /// ``rateLimited(retryAfter:)`` and ``serviceUnavailable(retryAfter:)``; `nil` for every
    /// other case or when the server did not say.
    ///
    /// The value is always finite and in `0...maximumRetryAfter`: a larger value stored in
    /// the case is read as ``maximumRetryAfter``, a negative, NaN or infinite one as `nil`.
    public var retryAfter: TimeInterval? {
        switch self {
        case .rateLimited(let seconds), .serviceUnavailable(let seconds):
            return Self.clampedRetryAfter(seconds)
        default:
            return nil
        }
    }

    /// Reads one `Retry-After` header value (RFC 9110, section 10.2.3) as seconds to wait.
    ///
    /// Accepted forms, with optional spaces or tabs around them:
    /// - delta-seconds: ASCII digits only (`120`); no sign, fraction or exponent;
    /// - an HTTP-date: IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), or the obsolete RFC 850
    ///   (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`) forms;
    ///   the wait is the time from `now` to that date, 0 if it has passed.
    ///
    /// Only ASCII is read: the value is never handed to a date formatter.
    ///
    /// - Parameters:
    ///   - value: The header's value as received.
    ///   - now: The current date, to turn an HTTP-date into seconds.
    /// - Returns: The wait in `0...maximumRetryAfter` (longer waits are clamped to
    ///   ``maximumRetryAfter``), or `nil` if the value is none of the forms above.
    public static func retryAfter(headerValue value: String, now: Date) -> TimeInterval? {
        let bytes = trimmedASCII(value)
        guard let bytes, !bytes.isEmpty else { return nil }
        if let seconds = deltaSeconds(bytes) { return seconds }
        guard let date = HTTPDate.parse(bytes, reference: now) else { return nil }
        let wait = date.timeIntervalSince(now)
        return clampedRetryAfter(wait.isNaN ? nil : max(0, wait))
    }

    /// Seconds to wait before retrying, from `Retry-After` (see
    /// ``retryAfter(headerValue:now:)``), else `X-RateLimit-Reset` (delta-seconds, as Pixabay
    /// sends it); `nil` when neither holds a usable value.
    static func retryAfter(headers: [String: String], now: Date) -> TimeInterval? {
        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
        if let value = header("Retry-After"), let seconds = retryAfter(headerValue: value, now: now)
        {
            return seconds
        }
        if let value = header("X-RateLimit-Reset"), let bytes = trimmedASCII(value) {
            return deltaSeconds(bytes)
        }
        return nil
    }

    /// `seconds` if finite and not negative, at most ``maximumRetryAfter``; else `nil`.
    static func clampedRetryAfter(_ seconds: TimeInterval?) -> TimeInterval? {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return nil }
        return min(seconds, maximumRetryAfter)
    }

    /// The value's bytes without leading and trailing spaces and tabs, or `nil` if any byte
    /// is not ASCII.
    private static func trimmedASCII(_ value: String) -> ArraySlice<UInt8>? {
        let bytes = Array(value.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }),
            let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return [] }
        return bytes[first...last]
    }

    /// `1*DIGIT` as seconds, clamped to ``maximumRetryAfter`` without overflowing; `nil` if
    /// any byte is not a digit.
    private static func deltaSeconds(_ bytes: ArraySlice<UInt8>) -> TimeInterval? {
        guard !bytes.isEmpty else { return nil }
        let ceiling = Int(maximumRetryAfter)
        var value = 0
        for byte in bytes {
            guard (0x30...0x39).contains(byte) else { return nil }
            // Stops growing past the ceiling, so any number of digits is safe.
            if value <= ceiling { value = value * 10 + Int(byte - 0x30) }
        }
        return TimeInterval(min(value, ceiling))
    }
}
