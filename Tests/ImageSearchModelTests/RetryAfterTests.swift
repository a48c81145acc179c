import Foundation
import ImageSearchModel
import Testing

@Suite("Retry-After parsing and the waits it allows")
struct RetryAfterTests {
    /// Wed, 21 Oct 2015 07:28:00 GMT.
    static let now = Date(timeIntervalSince1970: 1_445_412_480)

    private func parse(_ value: String) -> TimeInterval? {
        NetworkError.retryAfter(headerValue: value, now: Self.now)
    }

    @Test(
        "delta-seconds: ASCII digits only, clamped to one hour",
        arguments: [
            ("0", 0), ("30", 30), (" 7 ", 7), ("\t12\t", 12), ("0000120", 120),
            ("3600", 3600), ("3601", 3600), ("1000000000000", 3600),
            (String(repeating: "9", count: 10_000), 3600),
            ("99999999999999999999999999999999", 3600),
        ] as [(String, TimeInterval?)])
    func deltaSeconds(value: String, expected: TimeInterval?) {
        #expect(parse(value) == expected)
    }

    @Test(
        "anything that is not 1*DIGIT or an HTTP-date is nil",
        arguments: [
            "", "   ", "-1", "+5", "1.5", "1e19", "1e3", "inf", "Infinity", "-inf", "nan", "NaN",
            "0x10", "30s", "3 0", "soon", "３０", "٣٠", "W\u{301}", "Ẃ", "e\u{301}",
            String(repeating: "x", count: 10_000), "30\u{0}", "\u{FEFF}30",
            "Wed, 21 Oct 2015 07:28:00 GMT\u{301}",
        ])
    func garbage(value: String) {
        #expect(parse(value) == nil)
    }

    @Test("an IMF-fixdate is the time until then; a past date is 0")
    func imfFixdate() {
        #expect(parse("Wed, 21 Oct 2015 07:29:00 GMT") == 60)
        #expect(parse("Wed, 21 Oct 2015 07:28:00 GMT") == 0)
        #expect(parse("Wed, 21 Oct 2015 07:00:00 GMT") == 0)
        #expect(parse("Thu, 01 Jan 1970 00:00:00 GMT") == 0)
        #expect(parse("Wed, 21 Oct 2015 08:27:59 GMT") == 3599)
        #expect(parse("Wed, 21 Oct 2015 09:28:00 GMT") == 3600, "two hours → one hour")
        #expect(parse("Fri, 31 Dec 9999 23:59:59 GMT") == 3600)
        #expect(parse("Thu, 29 Feb 2024 00:00:00 GMT") == 3600, "a leap day exists")
        #expect(parse(" Wed, 21 Oct 2015 07:28:30 GMT ") == 30)
    }

    @Test("the obsolete RFC 850 and asctime forms are read too")
    func obsoleteForms() {
        #expect(parse("Wednesday, 21-Oct-15 07:29:00 GMT") == 60)
        #expect(parse("Wednesday, 21-Oct-15 07:00:00 GMT") == 0)
        #expect(parse("Wed Oct 21 07:29:00 2015") == 60)
        #expect(parse("Wed Oct 21 07:28:10 2015") == 10)
        #expect(parse("Thu Jan  1 00:00:00 1970") == 0)
        // Two-digit years more than 50 years ahead are in the past century: 2070 → 1970.
        #expect(parse("Thursday, 01-Jan-70 00:00:00 GMT") == 0)
        #expect(parse("Friday, 01-Jan-16 00:00:00 GMT") == 3600)
    }

    @Test(
        "malformed dates are nil",
        arguments: [
            "Wed, 21 Oct 2015 07:28:00 UTC", "Wed, 21 oct 2015 07:29:00 GMT",
            "Xyz, 21 Oct 2015 07:29:00 GMT", "Wed, 32 Oct 2015 07:29:00 GMT",
            "Wed, 31 Nov 2015 07:29:00 GMT", "Thu, 29 Feb 2023 00:00:00 GMT",
            "Wed, 21 Oct 2015 24:00:00 GMT", "Wed, 21 Oct 2015 07:60:00 GMT",
            "Wed, 21 Oct 2015 07:29:61 GMT", "Wed, 00 Oct 2015 07:29:00 GMT",
            "Wed, 21 Oct 0000 07:29:00 GMT", "Wed, 21 Oct 2015 7:29:00 GMT",
            "Wed,21 Oct 2015 07:29:00 GMT", "Wed, 21 Oct 2015 07:29:00 GMT GMT",
            "Wed, 2a Oct 2015 07:29:00 GMT", "Wed, 21 Oct -015 07:29:00 GMT",
            "Wednesday, 21-Oct-2015 07:29:00 GMT", "Wed, 21-Oct-15 07:29:00 GMT",
            "Wed Oct 21 07:29:00 15", "Wed Oct 21 07:29:00 2015 GMT", "Wed Oct 2x 07:29:00 2015",
            "Wed, 21 Oct 2015 07:29:00 GMT\u{301}", "Ẃed, 21 Oct 2015 07:29:00 GMT",
        ])
    func malformedDates(value: String) {
        #expect(parse(value) == nil)
    }

    @Test("429 and 503 read Retry-After, else X-RateLimit-Reset, with the same rules")
    func statuses() {
        for status in [429, 503] {
            func wait(_ headers: [String: String]) -> TimeInterval? {
                NetworkError(statusCode: status, headers: headers, body: Data(), now: Self.now)?
                    .retryAfter
            }
            #expect(wait(["Retry-After": "30"]) == 30)
            #expect(wait(["retry-after": "Wed, 21 Oct 2015 07:30:00 GMT"]) == 120)
            #expect(wait(["X-RateLimit-Reset": "12"]) == 12)
            #expect(wait(["Retry-After": "soon", "X-RateLimit-Reset": "5"]) == 5)
            #expect(wait(["Retry-After": "1e19", "X-RateLimit-Reset": "1e19"]) == nil)
            #expect(wait(["X-RateLimit-Reset": "99999999999999999999"]) == 3600)
            #expect(wait(["X-RateLimit-Reset": "-3"]) == nil)
            #expect(wait(["X-RateLimit-Reset": "garbage"]) == nil)
            #expect(wait([:]) == nil)
        }
        #expect(
            NetworkError(statusCode: 503, headers: ["Retry-After": "9"], body: Data())
                == .serviceUnavailable(retryAfter: 9))
    }

    @Test("retryAfter is sanitised whatever value a case holds, and nil for other cases")
    func retryAfterProperty() {
        #expect(NetworkError.rateLimited(retryAfter: 12).retryAfter == 12)
        #expect(NetworkError.serviceUnavailable(retryAfter: 12).retryAfter == 12)
        #expect(NetworkError.rateLimited(retryAfter: 1e19).retryAfter == 3600)
        #expect(NetworkError.serviceUnavailable(retryAfter: 1e12).retryAfter == 3600)
        for bad in [-1, .nan, .infinity, -.infinity, -.ulpOfOne] as [TimeInterval] {
            #expect(NetworkError.rateLimited(retryAfter: bad).retryAfter == nil)
            #expect(NetworkError.serviceUnavailable(retryAfter: bad).retryAfter == nil)
        }
        #expect(NetworkError.rateLimited(retryAfter: nil).retryAfter == nil)
        #expect(NetworkError.serverError(statusCode: 500).retryAfter == nil)
        #expect(NetworkError.timedOut.retryAfter == nil)
        #expect(NetworkError.maximumRetryAfter == 3600)
    }

    @Test("the description says how long to wait, and never traps")
    func descriptions() {
        func text(_ seconds: TimeInterval?) -> String {
            NetworkError.rateLimited(retryAfter: seconds).description
        }
        #expect(text(45) == "Too many requests were sent. Wait 45 seconds, then try again.")
        #expect(text(1) == "Too many requests were sent. Wait 1 second, then try again.")
        #expect(text(0.2) == "Too many requests were sent. Wait 1 second, then try again.")
        #expect(text(59.5) == "Too many requests were sent. Wait 1 minute, then try again.")
        #expect(text(120) == "Too many requests were sent. Wait 2 minutes, then try again.")
        #expect(text(121) == "Too many requests were sent. Wait 3 minutes, then try again.")
        #expect(text(3540) == "Too many requests were sent. Wait 59 minutes, then try again.")
        #expect(text(3599) == "Too many requests were sent. Wait 1 hour, then try again.")
        #expect(text(3600) == "Too many requests were sent. Wait 1 hour, then try again.")
        #expect(text(1e19) == "Too many requests were sent. Wait 1 hour, then try again.")
        #expect(text(.greatestFiniteMagnitude).contains("Wait 1 hour"))
        #expect(text(0) == "Too many requests were sent. Wait a moment, then try again.")
        #expect(text(nil) == "Too many requests were sent. Wait a minute, then try again.")
        for bad in [-1, .nan, .infinity, -.infinity] as [TimeInterval] {
            #expect(text(bad) == text(nil))
            #expect(!NetworkError.serviceUnavailable(retryAfter: bad).description.isEmpty)
            #expect(!NetworkError.rateLimited(retryAfter: bad).debugDescription.isEmpty)
        }
        #expect(
            NetworkError.serviceUnavailable(retryAfter: 120).description
                == "The service is temporarily unavailable (HTTP 503). "
                + "Wait 2 minutes, then try again.")
        #expect(
            NetworkError.serviceUnavailable(retryAfter: nil).description
                == "The service is temporarily unavailable (HTTP 503). Try again later.")
    }
}
