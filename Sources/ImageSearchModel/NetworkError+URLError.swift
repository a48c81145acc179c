import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkError {
    /// Maps a `URLError` code to one of the six connection cases, or to redirect loops.
    ///
    /// - Timed out, cannot find or connect to the host, DNS lookup failed →
    ///   ``notReachedServer`` (a transport that only has a `URLError` cannot tell a slow
    ///   server from an absent one; ``Network`` keeps its own deadline and reports a request
    ///   that ran out of time as ``timedOut``).
    /// - Connection lost → ``connectionLost``; not connected → ``notConnectedToInternet``;
    ///   roaming off → ``internationalRoamingOff``.
    /// - Too many redirects → ``tooManyRedirects``.
    /// - Bad or unsupported URL, data too long, resource unavailable, redirect to a missing
    ///   location, bad server response, zero-byte resource, undecodable raw or content data,
    ///   unparsable response, file missing or a directory → ``incorrectDataReturned``.
    /// - Everything else, cancellation included → ``unknown``.
    ///
    /// - Parameter code: The code of the `URLError`.
    public init(urlErrorCode code: URLError.Code) {
        switch code {
        case .timedOut, .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed:
            self = .notReachedServer
        case .networkConnectionLost:
            self = .connectionLost
        case .notConnectedToInternet:
            self = .notConnectedToInternet
        case .internationalRoamingOff:
            self = .internationalRoamingOff
        case .httpTooManyRedirects:
            self = .tooManyRedirects
        case .badURL, .unsupportedURL, .dataLengthExceedsMaximum, .resourceUnavailable,
            .redirectToNonExistentLocation, .badServerResponse, .zeroByteResource,
            .cannotDecodeRawData, .cannotDecodeContentData, .cannotParseResponse,
            .fileDoesNotExist, .fileIsDirectory:
            self = .incorrectDataReturned
        default:
            self = .unknown
        }
    }

    /// Maps any error thrown or reported by `URLSession`: a `URLError` by its code, anything
    /// else to ``unknown``. The error's own text (which holds the URL, and so the API key)
    /// is not kept.
    ///
    /// FoundationNetworking (Linux) reports most of libcurl's framing errors with the code
    /// `unknown` (or `unsupportedURL`, `badServerResponse`) and libcurl's message as the
    /// localized description. For those codes only, the message is read to tell them apart:
    /// a malformed chunked body, a header line without a colon, an oversized header block,
    /// an invalid status line or `Content-Length`, or an HTTP/0.9 answer →
    /// ``malformedResponse``; a body cut off before its end ("transfer closed with …
    /// remaining") → ``connectionLost``; a content encoding libcurl cannot decode →
    /// ``incorrectDataReturned``.
    ///
    /// - Parameter error: The error from the session.
    public init(sessionError error: any Error) {
        let nsError = error as NSError
        // Failable on some platforms, not on others: the annotation works for both.
        let nsCode: URLError.Code? = URLError.Code(rawValue: nsError.code)
        let code: URLError.Code?
        if let urlError = error as? URLError {
            code = urlError.code
        } else if nsError.domain == NSURLErrorDomain {
            code = nsCode
        } else {
            code = nil
        }
        guard let code else {
            self = .unknown
            return
        }
        let message = nsError.userInfo[NSLocalizedDescriptionKey] as? String
        if let classified = Self.classify(code: code, transportMessage: message) {
            self = classified
        } else {
            self.init(urlErrorCode: code)
        }
    }

    /// Recognises libcurl's messages for a broken answer, when the code does not say.
    private static func classify(code: URLError.Code, transportMessage: String?) -> NetworkError? {
        guard [.unknown, .unsupportedURL, .badServerResponse, .cannotParseResponse].contains(code),
            let transportMessage
        else { return nil }
        return classify(transportMessage: transportMessage)
    }

    /// Recognises libcurl's message for a broken answer: a connection lost before the end,
    /// a content encoding it cannot decode, or a malformed answer; `nil` for anything else.
    static func classify(transportMessage: String) -> NetworkError? {
        let message = transportMessage.lowercased()
        if message.contains("transfer closed") || message.contains("partial file") {
            return .connectionLost
        }
        // "Unrecognized content encoding type", "Reject response due to more than 5 content
        // encodings": an answer the client cannot decode, not a broken connection.
        if message.contains("content encoding") || message.contains("content-encoding") {
            return .incorrectDataReturned
        }
        let malformed = [
            "chunk", "header", "http/0.9", "status line", "http version", "weird server reply",
            "content-length",
        ]
        if malformed.contains(where: { message.contains($0) }) { return .malformedResponse }
        return nil
    }
}
