import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkError {
    /// Maps a `URLError` code as the original design did.
    ///
    /// - Timed out, cannot find or connect to the host, DNS lookup failed →
    ///   ``notReachedServer``.
    /// - Connection lost → ``connectionLost``; not connected → ``notConnectedToInternet``;
    ///   roaming off → ``internationalRoamingOff``.
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
    /// - Parameter error: The error from the session.
    public init(sessionError error: any Error) {
        if let urlError = error as? URLError {
            self.init(urlErrorCode: urlError.code)
        } else {
            let nsError = error as NSError
            // Failable on some platforms, not on others: the annotation works for both.
            let code: URLError.Code? = URLError.Code(rawValue: nsError.code)
            if nsError.domain == NSURLErrorDomain, let code {
                self.init(urlErrorCode: code)
            } else {
                self = .unknown
            }
        }
    }
}
