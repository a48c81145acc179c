import Foundation
import ImageSearchModel
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("NetworkError mapping and wording")
struct NetworkErrorTests {
    @Test(
        "URLError codes map as in the original design",
        arguments: [
            (URLError.Code.timedOut, NetworkError.notReachedServer),
            (.cannotFindHost, .notReachedServer),
            (.cannotConnectToHost, .notReachedServer),
            (.dnsLookupFailed, .notReachedServer),
            (.networkConnectionLost, .connectionLost),
            (.notConnectedToInternet, .notConnectedToInternet),
            (.internationalRoamingOff, .internationalRoamingOff),
            (.badURL, .incorrectDataReturned),
            (.unsupportedURL, .incorrectDataReturned),
            (.dataLengthExceedsMaximum, .incorrectDataReturned),
            (.resourceUnavailable, .incorrectDataReturned),
            (.redirectToNonExistentLocation, .incorrectDataReturned),
            (.badServerResponse, .incorrectDataReturned),
            (.zeroByteResource, .incorrectDataReturned),
            (.cannotDecodeRawData, .incorrectDataReturned),
            (.cannotDecodeContentData, .incorrectDataReturned),
            (.cannotParseResponse, .incorrectDataReturned),
            (.fileDoesNotExist, .incorrectDataReturned),
            (.fileIsDirectory, .incorrectDataReturned),
            (.cancelled, .unknown),
            (.unknown, .unknown),
            (.userAuthenticationRequired, .unknown),
            (.secureConnectionFailed, .unknown),
            (.httpTooManyRedirects, .tooManyRedirects),
        ])
    func urlErrorCodes(code: URLError.Code, expected: NetworkError) {
        #expect(NetworkError(urlErrorCode: code) == expected)
        #expect(NetworkError(sessionError: URLError(code)) == expected)
    }

    @Test("an error that is not a URL error is unknown")
    func otherErrors() {
        struct Other: Error {}
        #expect(NetworkError(sessionError: Other()) == .unknown)
        let nsError = NSError(domain: NSURLErrorDomain, code: URLError.Code.timedOut.rawValue)
        #expect(NetworkError(sessionError: nsError) == .notReachedServer)
    }

    @Test(
        "HTTP statuses map to typed errors",
        arguments: [
            (200, nil), (204, nil), (299, nil),
            (400, NetworkError.invalidRequest(message: "bad query")),
            (401, .invalidRequest(message: "bad query")),
            (403, .invalidRequest(message: "bad query")),
            (404, .invalidRequest(message: "bad query")),
            (429, .rateLimited(retryAfter: nil)),
            (500, .serverError(statusCode: 500)),
            (502, .serverError(statusCode: 502)),
            (503, .serviceUnavailable(retryAfter: nil)),
            (304, .incorrectDataReturned),
            (101, .incorrectDataReturned),
        ] as [(Int, NetworkError?)])
    func statuses(status: Int, expected: NetworkError?) {
        #expect(
            NetworkError(statusCode: status, headers: [:], body: Data("bad query".utf8)) == expected
        )
    }

    @Test("a 4xx message is the server's short text, or the status when there is none")
    func messages() {
        func message(_ body: String, status: Int = 400) -> NetworkError? {
            NetworkError(statusCode: status, headers: [:], body: Data(body.utf8))
        }
        #expect(
            message("  [ERROR 400]\n  Invalid key \t ")
                == .invalidRequest(message: "[ERROR 400] Invalid key"))
        #expect(message("") == .invalidRequest(message: "HTTP 400 (Bad Request)"))
        #expect(
            message("<!DOCTYPE html><p>no</p>", status: 404)
                == .invalidRequest(message: "HTTP 404 (Not Found)"))
        #expect(message("x", status: 418) == .invalidRequest(message: "x"))
        #expect(message("", status: 418) == .invalidRequest(message: "HTTP 418"))
        let long = String(repeating: "word ", count: 100)
        guard case .invalidRequest(let text) = message(long) else {
            Issue.record("expected invalidRequest")
            return
        }
        #expect(text.count == 160)
        #expect(text.hasSuffix("…"))
        let binary = NetworkError(statusCode: 400, headers: [:], body: Data([0xFF, 0xFE, 0x00]))
        #expect(binary == .invalidRequest(message: "HTTP 400 (Bad Request)"))
    }

    @Test("secrets and key= values are redacted from 4xx messages")
    func redaction() {
        let key = "abcd-1234-SECRET"
        let error = NetworkError(
            statusCode: 403, headers: [:],
            body: Data("Invalid key \(key) for https://x/api/?key=other-secret&q=a".utf8),
            redacting: [key])
        #expect(
            error
                == .invalidRequest(
                    message: "Invalid key REDACTED for https://x/api/?key=REDACTED&q=a"))
        #expect(!(error?.description.contains("SECRET") ?? true))
        #expect(!(error?.description.contains("other-secret") ?? true))
    }

    @Test("429 reads Retry-After in seconds or as a date, else X-RateLimit-Reset")
    func retryAfter() {
        let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
        func limited(_ headers: [String: String]) -> NetworkError? {
            NetworkError(statusCode: 429, headers: headers, body: Data(), now: now)
        }
        #expect(limited(["Retry-After": "30"]) == .rateLimited(retryAfter: 30))
        #expect(limited(["retry-after": " 7 "]) == .rateLimited(retryAfter: 7))
        #expect(
            limited(["Retry-After": "Wed, 21 Oct 2015 07:29:00 GMT"])
                == .rateLimited(retryAfter: 60))
        #expect(
            limited(["Retry-After": "Wed, 21 Oct 2015 07:00:00 GMT"]) == .rateLimited(retryAfter: 0)
        )
        #expect(limited(["X-RateLimit-Reset": "12"]) == .rateLimited(retryAfter: 12))
        #expect(
            limited(["Retry-After": "soon", "X-RateLimit-Reset": "5"])
                == .rateLimited(retryAfter: 5))
        #expect(limited(["Retry-After": "-4"]) == .rateLimited(retryAfter: nil))
        #expect(limited([:]) == .rateLimited(retryAfter: nil))
    }

    @Test("every description is a sentence a person can act on")
    func descriptions() {
        let all: [NetworkError] = [
            .unknown, .notConnectedToInternet, .internationalRoamingOff, .notReachedServer,
            .connectionLost, .incorrectDataReturned, .rateLimited(retryAfter: 30),
            .rateLimited(retryAfter: nil), .serverError(statusCode: 503),
            .invalidRequest(message: "[ERROR 400] Invalid API key."),
            .serviceUnavailable(retryAfter: 120), .serviceUnavailable(retryAfter: nil),
            .timedOut, .tooManyRedirects, .responseTooLarge(limit: 10_000_000),
            .malformedResponse,
        ]
        for error in all {
            #expect(error.description.hasSuffix("."))
            #expect(error.description.first?.isUppercase == true)
            #expect(
                error.description.contains("try again") || error.description.contains("Try again"))
        }
        #expect(Set(all.map(\.description)).count == all.count)
        #expect(NetworkError.rateLimited(retryAfter: 29.2).description.contains("Wait 30 seconds"))
        #expect(NetworkError.rateLimited(retryAfter: 1).description.contains("Wait 1 second,"))
        #expect(NetworkError.serverError(statusCode: 503).description.contains("503"))
        #expect(
            NetworkError.invalidRequest(message: "[ERROR 400] Invalid API key.").description
                == "The request was rejected: [ERROR 400] Invalid API key. "
                + "Check the search and the API key, then try again.")
        #expect(
            NetworkError.invalidRequest(message: "a \"b\"").debugDescription
                == #"NetworkError.invalidRequest(message: "a \"b\"")"#)
    }
}
