import Foundation

/// Why a request failed, in terms a person can act on.
///
/// The first six cases are those of the original design, with the same mapping from
/// `URLError` codes (see ``init(urlErrorCode:)``). The last three come from the HTTP status of
/// the response (see ``init(statusCode:headers:body:redacting:)``), because a real web API
/// answers with 429 when a client sends too much, 5xx when it is in trouble and 4xx with a
/// short text when the request is wrong (for instance a bad API key).
///
/// ``description`` is a sentence to show to the user. No case, description or debug
/// description ever holds the API key: texts that come from a server are redacted when the
/// error is made.
public enum NetworkError: Error, Equatable, Sendable {
    /// Something failed for a reason that is not one of the other cases (including a
    /// cancelled request).
    case unknown
    /// The device is offline.
    case notConnectedToInternet
    /// The device would need data roaming, which is turned off.
    case internationalRoamingOff
    /// The server could not be reached: the host is unknown, refused the connection or did
    /// not answer in time.
    case notReachedServer
    /// The connection broke while the request was running.
    case connectionLost
    /// The server answered with something that is not what was asked for: not JSON, not an
    /// image, malformed, truncated or too large.
    case incorrectDataReturned
    /// The server refused because too many requests were sent (HTTP 429).
    ///
    /// `retryAfter` is how many seconds to wait, when the server said so.
    case rateLimited(retryAfter: TimeInterval?)
    /// The server failed (HTTP 5xx).
    case serverError(statusCode: Int)
    /// The server (or the client, before sending) rejected the request as wrong, with a
    /// short explanation, for instance Pixabay's answer to a bad API key (HTTP 4xx).
    case invalidRequest(message: String)
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
        case .rateLimited(let retryAfter):
            guard let retryAfter, retryAfter > 0 else {
                return "Too many requests were sent. Wait a minute, then try again."
            }
            let seconds = Int(retryAfter.rounded(.up))
            return "Too many requests were sent. Wait \(seconds) second\(seconds == 1 ? "" : "s"), "
                + "then try again."
        case .serverError(let statusCode):
            return "The server had a problem (HTTP \(statusCode)). Try again later."
        case .invalidRequest(let message):
            let reason = message.hasSuffix(".") ? String(message.dropLast()) : message
            return "The request was rejected: \(reason). "
                + "Check the search and the API key, then try again."
        }
    }
}

extension NetworkError: CustomDebugStringConvertible {
    /// The case and its associated values, for logs and test failures (never the API key).
    public var debugDescription: String {
        switch self {
        case .unknown: return "NetworkError.unknown"
        case .notConnectedToInternet: return "NetworkError.notConnectedToInternet"
        case .internationalRoamingOff: return "NetworkError.internationalRoamingOff"
        case .notReachedServer: return "NetworkError.notReachedServer"
        case .connectionLost: return "NetworkError.connectionLost"
        case .incorrectDataReturned: return "NetworkError.incorrectDataReturned"
        case .rateLimited(let retryAfter):
            return "NetworkError.rateLimited(retryAfter: \(retryAfter.map { "\($0)" } ?? "nil"))"
        case .serverError(let statusCode):
            return "NetworkError.serverError(statusCode: \(statusCode))"
        case .invalidRequest(let message):
            return "NetworkError.invalidRequest(message: \(String(reflecting: message)))"
        }
    }
}
