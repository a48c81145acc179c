import Foundation

/// Why a request failed, in terms a person can act on.
///
/// The first six cases say what the connection did (no network, no roaming, server not
/// reached, connection lost, unusable data, or anything else), mapped from `URLError` codes
/// (see ``init(urlErrorCode:)``). The HTTP cases come from the status of the
/// response (see ``init(statusCode:headers:body:redacting:now:)``), because a real web API
/// answers with 429 when a client sends too much, 503 when it is overloaded or down for
/// maintenance, other 5xx when it is in trouble and 4xx with a short text when the request
/// is wrong (for instance a bad API key). The transport cases (``timedOut``,
/// ``tooManyRedirects``, ``responseTooLarge(limit:)``, ``malformedResponse``) say what went
/// wrong on the wire, as ``Network`` observes it.
///
/// ``description`` is a sentence to show to the user. No case, description or debug
/// description ever holds the API key: texts that come from a server are redacted when the
/// error is made. A wait a server asks for is exposed as ``retryAfter``, never more than
/// ``maximumRetryAfter``.
public enum NetworkError: Error, Equatable, Sendable {
    /// Something failed for a reason that is not one of the other cases (including a
    /// cancelled request).
    case unknown
    /// The device is offline.
    case notConnectedToInternet
    /// The device would need data roaming, which is turned off.
    case internationalRoamingOff
    /// The server could not be reached: the host is unknown or refused the connection.
    ///
    /// A request that reaches a server which then does not answer in time is ``timedOut``
    /// when ``Network`` reports it.
    case notReachedServer
    /// The connection broke while the request was running.
    case connectionLost
    /// The server answered with something that is not what was asked for: not JSON, not an
    /// image, or truncated.
    case incorrectDataReturned
    /// The server refused because too many requests were sent (HTTP 429).
    ///
    /// `retryAfter` is how many seconds to wait, when the server said so (from
    /// `Retry-After` or `X-RateLimit-Reset`), in `0...maximumRetryAfter` when made by
    /// ``init(statusCode:headers:body:redacting:now:)``.
    case rateLimited(retryAfter: TimeInterval?)
    /// The server failed (HTTP 5xx other than 503).
    case serverError(statusCode: Int)
    /// The server (or the client, before sending) rejected the request as wrong, with a
    /// short explanation, for instance Pixabay's answer to a bad API key (HTTP 4xx).
    case invalidRequest(message: String)
    /// The server is temporarily unable to answer, overloaded or down for maintenance
    /// (HTTP 503).
    ///
    /// `retryAfter` is how many seconds to wait, when the server said so, with the same
    /// rules as ``rateLimited(retryAfter:)``. Before this case existed a 503 was
    /// ``serverError(statusCode:)``; it is the only status that moved.
    case serviceUnavailable(retryAfter: TimeInterval?)
    /// The request did not finish within its deadline (``Network/timeout``): the server
    /// accepted the connection but did not send the whole answer in time.
    case timedOut
    /// The server redirected the request in a loop or too many times.
    case tooManyRedirects
    /// The body was larger than the limit, in bytes, that the receiver accepts; it was not
    /// read to the end.
    case responseTooLarge(limit: Int)
    /// The answer was not valid HTTP: a broken or oversized header block, or a body whose
    /// transfer encoding (chunked) is malformed.
    case malformedResponse
}

extension NetworkError: CustomStringConvertible {
    /// A sentence that tells the user what happened and what to do.
    public var description: String {
        switch self {
        case .unknown:
            return "Something went wrong while talking to the server. Please try again."
        case .notConnectedToInternet:
            return "You are not connected to the internet. Check your connection and try again."
        case .internationalRoamingOff:
            return "International roaming is turned off. Turn it on or join a Wi-Fi network, "
                + "then try again."
        case .notReachedServer:
            return "The server could not be reached. Check your connection, or try again later."
        case .connectionLost:
            return "The connection to the server was lost. Please try again."
        case .incorrectDataReturned:
            return "The server sent data that could not be read. Please try again later."
        case .rateLimited:
            return "Too many requests were sent. \(Self.waitSentence(retryAfter))"
        case .serverError(let statusCode):
            return "The server had a problem (HTTP \(statusCode)). Try again later."
        case .invalidRequest(let message):
            let reason = message.hasSuffix(".") ? String(message.dropLast()) : message
            return "The request was rejected: \(reason). "
                + "Check the search and the API key, then try again."
        case .serviceUnavailable:
            guard retryAfter != nil else {
                return "The service is temporarily unavailable (HTTP 503). Try again later."
            }
            return "The service is temporarily unavailable (HTTP 503). "
                + Self.waitSentence(retryAfter)
        case .timedOut:
            return "The server did not answer in time. Check your connection, "
                + "or try again later."
        case .tooManyRedirects:
            return "The server redirected the request in a loop. Try again later; if it keeps "
                + "happening, check the server address."
        case .responseTooLarge(let limit):
            return "The server sent more than the \(Self.byteCount(limit)) that are accepted, "
                + "so the answer was not read. Try again later."
        case .malformedResponse:
            return "The server sent a broken answer (malformed or oversized headers, or a "
                + "corrupt body encoding). Try again later."
        }
    }

    /// "Wait 45 seconds, then try again." for a sanitised wait (`nil` → a minute).
    private static func waitSentence(_ seconds: TimeInterval?) -> String {
        guard let seconds else { return "Wait a minute, then try again." }
        return "Wait \(duration(seconds)), then try again."
    }

    /// "a moment", "1 second", "45 seconds", "2 minutes", "1 hour" for a wait in
    /// `0...maximumRetryAfter` (anything else is read as the nearest bound).
    static func duration(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite, seconds > 0 else { return "a moment" }
        let bounded = min(seconds, maximumRetryAfter)
        // In 1...3600, so the conversion cannot trap.
        let whole = Int(bounded.rounded(.up))
        if whole < 60 { return whole == 1 ? "1 second" : "\(whole) seconds" }
        let minutes = (whole + 59) / 60
        if minutes < 60 { return minutes == 1 ? "1 minute" : "\(minutes) minutes" }
        return "1 hour"
    }

    /// "512 bytes", "64 kB", "10 MB", "1.5 MB": decimal units, at most one decimal.
    static func byteCount(_ bytes: Int) -> String {
        let count = max(0, bytes)
        func scaled(_ unit: Int, _ name: String) -> String {
            let tenths = count / (unit / 10)
            let (whole, fraction) = (tenths / 10, tenths % 10)
            return fraction == 0 ? "\(whole) \(name)" : "\(whole).\(fraction) \(name)"
        }
        if count < 1000 { return count == 1 ? "1 byte" : "\(count) bytes" }
        if count < 1_000_000 { return scaled(1000, "kB") }
        if count < 1_000_000_000 { return scaled(1_000_000, "MB") }
        return scaled(1_000_000_000, "GB")
    }
}

extension NetworkError: CustomDebugStringConvertible {
    /// The case and its associated values, for logs and test failures (never the API key).
    public var debugDescription: String {
        func seconds(_ value: TimeInterval?) -> String { value.map { "\($0)" } ?? "nil" }
        switch self {
        case .unknown: return "NetworkError.unknown"
        case .notConnectedToInternet: return "NetworkError.notConnectedToInternet"
        case .internationalRoamingOff: return "NetworkError.internationalRoamingOff"
        case .notReachedServer: return "NetworkError.notReachedServer"
        case .connectionLost: return "NetworkError.connectionLost"
        case .incorrectDataReturned: return "NetworkError.incorrectDataReturned"
        case .rateLimited(let retryAfter):
            return "NetworkError.rateLimited(retryAfter: \(seconds(retryAfter)))"
        case .serverError(let statusCode):
            return "NetworkError.serverError(statusCode: \(statusCode))"
        case .invalidRequest(let message):
            return "NetworkError.invalidRequest(message: \(String(reflecting: message)))"
        case .serviceUnavailable(let retryAfter):
            return "NetworkError.serviceUnavailable(retryAfter: \(seconds(retryAfter)))"
        case .timedOut: return "NetworkError.timedOut"
        case .tooManyRedirects: return "NetworkError.tooManyRedirects"
        case .responseTooLarge(let limit):
            return "NetworkError.responseTooLarge(limit: \(limit))"
        case .malformedResponse: return "NetworkError.malformedResponse"
        }
    }
}
