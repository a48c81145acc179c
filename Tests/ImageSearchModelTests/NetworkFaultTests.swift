import Foundation
import ImageSearchModel
import LoopbackHTTPServer
import Signalbox
import TestThreads
import Testing

/// One request of `Network` against a loopback server giving one hostile reply.
struct FaultProbe {
    static let key = "SECRET-fault-key-42"

    let outcome: Outcome<Data, NetworkError>
    /// Seconds from the start of the producer to its terminal event.
    let elapsed: TimeInterval
    let requests: [LoopbackHTTPServer.Request]
    let clientClosed: Bool

    /// Runs one request with the API key as a parameter; the server is stopped after.
    ///
    /// - Parameter waitForClose: Also waits (up to 5 s) for the client to close a held or
    ///   streamed connection, and records whether it did.
    init(
        timeout: TimeInterval = 10, maximumBodySize: Int = Network.defaultMaximumBodySize,
        waitForClose: Bool = false, path: String = "/api/",
        reply: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Reply
    ) throws {
        let server = try LoopbackHTTPServer(handler: reply)
        defer { server.stop() }
        let network = Network(timeout: timeout, maximumBodySize: maximumBodySize)
        let start = DispatchTime.now().uptimeNanoseconds
        outcome = network.requestJSON(
            url: server.baseURL + path, parameters: ["key": Self.key, "q": "fox"]
        )
        .outcome(timeout: 30)
        elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        clientClosed = waitForClose ? server.waitForClientToClose(timeout: 5) : false
        requests = server.requests
    }

    /// Expects a failure with `expected` whose texts hold no trace of the key.
    func expectFailure(
        _ expected: NetworkError, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(outcome.values.isEmpty, sourceLocation: sourceLocation)
        #expect(
            outcome.error == expected, "got \(String(describing: outcome.terminal))",
            sourceLocation: sourceLocation)
        guard let error = outcome.error else { return }
        for text in [error.description, error.debugDescription, "\(error)"] {
            #expect(
                !text.contains(Self.key), "leaks the key: \(text)", sourceLocation: sourceLocation)
        }
    }
}

@Suite("Network against hostile servers", .serialized, .ownThreads)
struct NetworkFaultTests {
    static let json = Data(#"{"totalHits": 0, "hits": []}"#.utf8)

    /// An IMF-fixdate `offset` seconds from now (formatting is safe; only parsing was not).
    static func httpDate(secondsFromNow offset: TimeInterval) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date().addingTimeInterval(offset))
    }

    /// Header, value, and the wait the error must carry (a range, for dates near now).
    static let hostileHeaders: [(String, String, ClosedRange<TimeInterval>?)] = [
        ("Retry-After", "1e19", nil),
        ("Retry-After", "inf", nil),
        ("Retry-After", "-1", nil),
        ("Retry-After", "nan", nil),
        ("Retry-After", "1000000000000", 3600...3600),
        ("Retry-After", "３０", nil),
        ("Retry-After", "W\u{301}", nil),
        ("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT\u{301}", nil),
        ("Retry-After", String(repeating: "9", count: 10_000), 3600...3600),
        ("Retry-After", String(repeating: "W\u{301}", count: 5_000), nil),
        ("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT", 0...0),
        // Turned into the date 120 s after the reply is made (arguments are made early).
        ("Retry-After", "<now + 120 s>", 110...121),
        ("Retry-After", "Fri, 31 Dec 9999 23:59:59 GMT", 3600...3600),
        ("Retry-After", "45", 45...45),
        ("X-RateLimit-Reset", "garbage", nil),
        ("X-RateLimit-Reset", "1e19", nil),
        ("X-RateLimit-Reset", "-5", nil),
        ("X-RateLimit-Reset", "99999999999999999999999", 3600...3600),
        ("X-RateLimit-Reset", "12", 12...12),
    ]

    @Test(
        "429 and 503 with hostile Retry-After / X-RateLimit-Reset: no trap, wait clamped",
        arguments: [429, 503], hostileHeaders)
    func hostileRetryHeaders(
        status: Int, header: (name: String, value: String, wait: ClosedRange<TimeInterval>?)
    ) throws {
        let probe = try FaultProbe { _ in
            let value =
                header.value == "<now + 120 s>" ? Self.httpDate(secondsFromNow: 120) : header.value
            return .text("slow down", status: status, headers: [header.name: value])
        }
        let error = try #require(probe.outcome.error)
        switch (status, error) {
        case (429, .rateLimited), (503, .serviceUnavailable): break
        default: Issue.record("HTTP \(status) gave \(error.debugDescription)")
        }
        if let wait = header.wait {
            let seconds = try #require(error.retryAfter)
            #expect(wait.contains(seconds), "waits \(seconds) s")
        } else {
            #expect(error.retryAfter == nil)
        }
        #expect(error.description.hasSuffix("."))
        #expect(!error.description.contains(FaultProbe.key))
        #expect((error.retryAfter ?? 0) <= NetworkError.maximumRetryAfter)
    }

    @Test(
        "an encoding the client cannot read is said so, not 'connection lost' or 'something went wrong'",
        arguments: ["bogus", Array(repeating: "gzip", count: 50).joined(separator: ", ")])
    func unreadableEncoding(encoding: String) throws {
        let probe = try FaultProbe { _ in
            .raw(
                Data(
                    ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: \(encoding)\r\n"
                        + "Content-Length: 2\r\nConnection: close\r\n\r\n{}").utf8))
        }
        probe.expectFailure(.incorrectDataReturned)
    }

    @Test("a Retry-After value that is not UTF-8 is ignored, not a crash")
    func nonUTF8RetryAfter() throws {
        let bytes =
            Data("HTTP/1.1 429 Too Many Requests\r\nRetry-After: 3".utf8)
            + Data([0xFF, 0xC3, 0x28, 0xE2, 0x82])
            + Data("\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
        let probe = try FaultProbe { _ in .raw(bytes) }
        // FoundationNetworking refuses a header line that is not UTF-8 as a whole.
        let error = try #require(probe.outcome.error)
        #expect([.rateLimited(retryAfter: nil), .malformedResponse].contains(error))
    }

    @Test("a 200 with 10 kB header values is read normally")
    func longHeaderValues() throws {
        let long = String(repeating: "v", count: 10_000)
        let probe = try FaultProbe { _ in
            .respond(
                status: 200, headers: ["X-Long": long, "X-Other": long, "Retry-After": long],
                body: Self.json)
        }
        #expect(probe.outcome.values == [Self.json])
        #expect(probe.outcome.completed)
    }

    @Test("a redirect to itself fails with tooManyRedirects as soon as an address repeats")
    func redirectToSelf() throws {
        let probe = try FaultProbe(path: "/api") { _ in .redirectToSelf }
        probe.expectFailure(.tooManyRedirects)
        #expect(probe.requests.count == 1)
        // FoundationNetworking drops a trailing slash from a relative Location, so a loop on
        // "/api/" shows as such one hop later.
        let slashed = try FaultProbe(path: "/api/") { _ in .redirectToSelf }
        slashed.expectFailure(.tooManyRedirects)
        #expect(slashed.requests.count <= 2)
        #expect(
            NetworkError.tooManyRedirects.description
                == "The server redirected the request in a loop. Try again later; if it keeps "
                + "happening, check the server address.")
    }

    @Test("an endless chain of redirects stops after maximumRedirects")
    func endlessRedirects() throws {
        let probe = try FaultProbe { request in
            let hop = Int(request.target.split(separator: "/").last ?? "") ?? 0
            return .respond(status: 302, headers: ["Location": "/hop/\(hop + 1)"])
        }
        probe.expectFailure(.tooManyRedirects)
        #expect(probe.requests.count == Network.maximumRedirects + 1)
    }

    @Test("a few redirects are followed")
    func fewRedirects() throws {
        let probe = try FaultProbe { request in
            switch request.target {
            // No trailing slashes: FoundationNetworking drops them from a relative Location.
            case let target where target.hasPrefix("/api/"):
                return .respond(status: 301, headers: ["Location": "/moved"])
            case "/moved": return .respond(status: 307, headers: ["Location": "/final"])
            default: return .json(String(decoding: Self.json, as: UTF8.self))
            }
        }
        #expect(probe.outcome.values == [Self.json])
        #expect(probe.requests.map(\.target).suffix(2) == ["/moved", "/final"])
    }

    @Test("a malformed chunked body fails with malformedResponse")
    func malformedChunked() throws {
        let probe = try FaultProbe { _ in .malformedChunked }
        probe.expectFailure(.malformedResponse)
    }

    @Test("a chunked body cut off before its end fails with connectionLost")
    func truncatedChunked() throws {
        let bytes = Data(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n40\r\n{\"a\":"
                .utf8)
        let probe = try FaultProbe { _ in .raw(bytes) }
        probe.expectFailure(.connectionLost)
    }

    #if canImport(FoundationNetworking)
        // The limit of a header block is the platform's (300 kB in libcurl).
        @Test("an oversized header block fails with malformedResponse")
        func oversizedHeaders() throws {
            let probe = try FaultProbe { _ in .oversizedHeaders(size: 400_000) }
            probe.expectFailure(.malformedResponse)
        }

        // What counts as an invalid head is libcurl's call; these three it refuses.
        @Test(
            "an answer that is not HTTP fails with malformedResponse",
            arguments: [
                "hello there\r\n\r\n", "HTTP/1.1 abc OK\r\nContent-Length: 2\r\n\r\n{}",
                "HTTP/1.1 200 OK\r\nbroken header line\r\nContent-Length: 2\r\n\r\n{}",
            ])
        func notHTTP(reply: String) throws {
            let probe = try FaultProbe { _ in .raw(Data(reply.utf8)) }
            probe.expectFailure(.malformedResponse)
        }
    #endif

    @Test("a status outside 100...599 is incorrect data")
    func strangeStatus() throws {
        let probe = try FaultProbe { _ in
            .raw(
                Data(
                    "HTTP/1.1 999 Strange\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}".utf8)
            )
        }
        probe.expectFailure(.incorrectDataReturned)
    }

    @Test("an absurd Content-Length is refused before the body is read")
    func absurdContentLength() throws {
        // Int64.max itself traps inside FoundationNetworking: see NetworkFoundationTrapTests.
        @Sendable func reply(length: String) -> LoopbackHTTPServer.Reply {
            .raw(
                Data(
                    "HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\nConnection: close\r\n\r\n{}"
                        .utf8))
        }
        for length in ["9223372036854775000", "4000000000"] {
            let probe = try FaultProbe(maximumBodySize: 1000) { _ in reply(length: length) }
            probe.expectFailure(.responseTooLarge(limit: 1000))
        }
        // A length libcurl cannot parse is ignored: the body runs to the end of the
        // connection, and the size limit still holds.
        let unparsable = try FaultProbe(maximumBodySize: 1000) { _ in
            reply(length: "99999999999999999999999999")
        }
        #expect(unparsable.outcome.values == [Data("{}".utf8)])
    }

    @Test("a huge body fails with responseTooLarge, declared or not, naming the limit")
    func hugeBodies() throws {
        let chunk = Data(repeating: UInt8(ascii: "["), count: 16_384)
        for declared in [2_000_000_000, nil] as [Int?] {
            let probe = try FaultProbe(maximumBodySize: 100_000) { _ in
                .endless(declaredLength: declared, chunk: chunk, limit: 20_000_000)
            }
            probe.expectFailure(.responseTooLarge(limit: 100_000))
            // The failure comes as soon as the size is known. (FoundationNetworking may go on
            // draining the connection for a while after the cancel; the bytes are dropped.)
            #expect(probe.elapsed < 2, "failed after \(probe.elapsed) s")
        }
        #expect(
            NetworkError.responseTooLarge(limit: 10_000_000).description
                == "The server sent more than the 10 MB that are accepted, so the answer was "
                + "not read. Try again later.")
        #expect(NetworkError.responseTooLarge(limit: 65_536).description.contains("65.5 kB"))
        #expect(NetworkError.responseTooLarge(limit: 1).description.contains("1 byte"))
        #expect(NetworkError.responseTooLarge(limit: -3).description.contains("0 bytes"))
        #expect(NetworkError.responseTooLarge(limit: .max).description.contains("GB"))
    }

    /// 235 bytes of gzip that decode to `[0,0,…,0]`, 200,003 bytes.
    static let gzippedZeros =
        Data(
            base64Encoded: "H4sIAAAAAAACA+3CMQ0AAAgDMEMc80PwbwMN+5t2Mw"
                + String(repeating: "A", count: 256) + "BA7R7IYo7BQw0DAA==") ?? Data()

    @Test("a compressed body is held to the limit as it decodes, and read whole within it")
    func compressionBomb() throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 235\r\n\r\n"
        let reply = LoopbackHTTPServer.Reply.raw(Data(head.utf8) + Self.gzippedZeros)
        #expect(Self.gzippedZeros.count == 235)
        let small = try FaultProbe(maximumBodySize: 10_000) { _ in reply }
        small.expectFailure(.responseTooLarge(limit: 10_000))
        let large = try FaultProbe(maximumBodySize: 300_000) { _ in reply }
        #expect(large.outcome.values.first?.count == 200_003)
    }

    @Test("a body exactly at the limit is accepted")
    func bodyAtLimit() throws {
        let body = Data(("[" + String(repeating: "1,", count: 499) + "1]").utf8)
        let probe = try FaultProbe(maximumBodySize: body.count) { _ in
            .respond(status: 200, body: body)
        }
        #expect(probe.outcome.values == [body])
    }

    /// Odd answers, and what each must give (`nil`: the body `{}`).
    static let oddReplies: [(String, NetworkError?)] = [
        ("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}", nil),
        // Read as curl and browsers read them (FoundationNetworking refused both).
        ("HTTP/1.1 200\r\nContent-Length: 2\r\n\r\n{}", nil),
        ("HTTP/1.1 200 OK\nContent-Length: 2\n\n{}", nil),
        // A folded header line continues the value before it.
        ("HTTP/1.1 200 OK\r\nX-A: one\r\n two\r\nContent-Length: 2\r\n\r\n{}", nil),
        // Closed inside the head: FoundationNetworking stopped the process here.
        ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n", .connectionLost),
        ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}EXTRA", nil),
        ("HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n{}", .malformedResponse),
        ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 7\r\n\r\n{}", .connectionLost),
        ("HTTP/1.1 200 OK\r\nX-A: \u{1}\u{2}\r\nContent-Length: 2\r\n\r\n{}", nil),
        ("HTTP/1.1 200 OK\r\nX-A: \u{0}\r\nContent-Length: 2\r\n\r\n{}", .malformedResponse),
        (
            "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 4\r\n\r\nnope",
            .malformedResponse
        ),
        (
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
            .malformedResponse
        ),
        (
            "HTTP/1.1 302 Found\r\nLocation: http://[::1\r\nContent-Length: 0\r\n\r\n",
            .incorrectDataReturned
        ),
        (
            "HTTP/1.1 302 Found\r\nLocation: ftp://127.0.0.1/x\r\nContent-Length: 0\r\n\r\n",
            .incorrectDataReturned
        ),
        ("HTTP/1.1 204 No Content\r\n\r\n", .incorrectDataReturned),
        ("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", .incorrectDataReturned),
        (
            "HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=x\r\nContent-Length: 0\r\n\r\n",
            .invalidRequest(message: "HTTP 407")
        ),
    ]

    @Test("odd answers map to a sensible error, or are read", arguments: oddReplies)
    func oddAnswers(reply: String, expected: NetworkError?) throws {
        let probe = try FaultProbe { _ in .raw(Data(reply.utf8)) }
        if let expected {
            probe.expectFailure(expected)
        } else {
            #expect(probe.outcome.values == [Data("{}".utf8)])
        }
    }

    @Test("an https address whose server does not speak TLS fails at once, sending nothing")
    func plainServerBehindHTTPS() throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        defer { server.stop() }
        let address = try #require(server.baseURL.range(of: "http://"))
        let secure = server.baseURL.replacingCharacters(in: address, with: "https://")
        let network = Network(timeout: 10)
        let start = DispatchTime.now().uptimeNanoseconds
        let outcome = network.requestJSON(
            url: secure + "/api/", parameters: ["key": FaultProbe.key, "q": "fox"]
        )
        .outcome(timeout: 30)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // The handshake fails: what `DESIGN.md` maps to `unknown` (a `URLError` of
        // `secureConnectionFailed` on `URLSession`); nothing in the clear reached the server.
        #expect(outcome.values.isEmpty)
        #expect(outcome.error == .unknown, "got \(String(describing: outcome.terminal))")
        #expect(elapsed < 5, "failed after \(elapsed) s")
        #expect(server.requests.isEmpty, "the request went out in the clear")
        for text in [outcome.error?.description, outcome.error?.debugDescription] {
            #expect(!(text ?? "").contains(FaultProbe.key))
        }
    }

    @Test("a 401 asking for a password is the answer at once, not a wait for credentials")
    func passwordChallenge() throws {
        let probe = try FaultProbe { _ in
            .respond(
                status: 401, headers: ["WWW-Authenticate": "Basic realm=\"api\""],
                body: Data("Invalid API key".utf8))
        }
        probe.expectFailure(.invalidRequest(message: "Invalid API key"))
        #expect(probe.elapsed < 2, "answered after \(probe.elapsed) s")
    }
}
