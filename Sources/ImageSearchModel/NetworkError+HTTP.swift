import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkError {
    /// The longest server text kept in ``invalidRequest(message:)``.
    static let maximumMessageLength = 160

    /// Maps an HTTP response that is not a success to an error, or returns `nil` for 2xx.
    ///
    /// - 429 → ``rateLimited(retryAfter:)`` and 503 → ``serviceUnavailable(retryAfter:)``,
    ///   reading `Retry-After` (delta-seconds or an HTTP-date, see
    ///   ``retryAfter(headerValue:now:)``), else `X-RateLimit-Reset` (delta-seconds until the
    ///   window resets, as Pixabay sends it); the wait is at most ``maximumRetryAfter``, and
    ///   `nil` when neither header holds a usable value.
    /// - Other 5xx → ``serverError(statusCode:)``.
    /// - Other 4xx → ``invalidRequest(message:)`` with the server's short plain text (HTML
    ///   pages and long or binary bodies are replaced by the status), with every secret
    ///   redacted.
    /// - 1xx, unresolved 3xx and anything outside 100...599 → ``incorrectDataReturned``.
    ///
    /// - Parameters:
    ///   - statusCode: The HTTP status code.
    ///   - headers: The response headers; names are matched case-insensitively.
    ///   - body: The response body, read for the message of a 4xx.
    ///   - secrets: Strings (such as the API key) that must not appear in the message.
    ///   - now: The current date, to turn an HTTP-date `Retry-After` into seconds.
    public init?(
        statusCode: Int, headers: [String: String], body: Data, redacting secrets: [String] = [],
        now: Date = Date()
    ) {
        switch statusCode {
        case 200...299:
            return nil
        case 429:
            self = .rateLimited(retryAfter: Self.retryAfter(headers: headers, now: now))
        case 503:
            self = .serviceUnavailable(retryAfter: Self.retryAfter(headers: headers, now: now))
        case 500...599:
            self = .serverError(statusCode: statusCode)
        case 400...499:
            let message = Self.shortText(of: body, redactor: Redactor(secrets: secrets))
            self = .invalidRequest(message: message ?? Self.statusText(statusCode))
        default:
            self = .incorrectDataReturned
        }
    }

    /// The body as one short line of plain text with every secret redacted, or `nil` if it
    /// is empty, not UTF-8, HTML, or too long to be a message.
    ///
    /// Redacted first, then cut to ``maximumMessageLength``: cut first, a secret across the
    /// cut would lose its end and escape redaction. A secret cut short at either end of the
    /// text (by the server, or by the cut) is redacted too.
    static func shortText(of body: Data, redactor: Redactor) -> String? {
        guard !body.isEmpty, body.count <= 4096, let text = String(data: body, encoding: .utf8)
        else { return nil }
        let lowercased = text.lowercased()
        if lowercased.contains("<html") || lowercased.contains("<!doctype")
            || lowercased.contains("<body")
        {
            return nil
        }
        let words = text.unicodeScalars
            .map { CharacterSet.controlCharacters.contains($0) ? " " : Character($0) }
        let line = String(words).split(separator: " ", omittingEmptySubsequences: true)
            .joined(separator: " ")
        guard !line.isEmpty else { return nil }
        let redacted = redactor.redactingCutSecrets(redactor.redact(line))
        guard redacted.count > maximumMessageLength else { return redacted }
        // The placeholder may stand in for fewer characters than it has: cut again (a cut
        // placeholder shows nothing).
        let cut = redactor.redactingCutSecrets(String(redacted.prefix(maximumMessageLength - 1)))
        return String(cut.prefix(maximumMessageLength - 1)) + "…"
    }

    /// "HTTP 404 (Not Found)": the same words on every platform (`HTTPURLResponse`'s
    /// localized strings differ in case between them).
    private static func statusText(_ statusCode: Int) -> String {
        let reasons = [
            400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout",
            410: "Gone", 413: "Content Too Large", 414: "URI Too Long",
            415: "Unsupported Media Type", 422: "Unprocessable Content",
        ]
        guard let reason = reasons[statusCode] else { return "HTTP \(statusCode)" }
        return "HTTP \(statusCode) (\(reason))"
    }
}
