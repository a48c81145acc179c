import Foundation
import SignalboxLocks

/// A tiny HTTP/1.1 server on 127.0.0.1 for integration tests of `Network` and of the
/// `imagesearch` command.
///
/// It listens on an ephemeral port, answers each connection on its own thread with the
/// reply its handler chooses (a status with headers and body, a truncated body, an endless
/// body, no answer at all, a dropped connection, and the faults of a hostile server: raw
/// bytes, trickled headers or body, a close inside the headers, a redirect loop, malformed
/// chunked encoding, an oversized header block, a delay), after an optional seeded latency,
/// closes the connection after one exchange, and records what it saw. A connection that does
/// not speak HTTP (a TLS handshake) gets a 400 and is closed, as a real server does. It never
/// connects anywhere; every loop and wait is bounded and ends when the server stops.
public final class LoopbackHTTPServer: @unchecked Sendable {
    // Safety: `requests`, `closedByClient`, `streamedBytes`, `generator` and `threads` are guarded
    // by `lock`; the file
    // descriptors are immutable after `init` (closed once, in `stop()`, after every thread
    // that uses them has finished).

    /// A request as received.
    public struct Request: Sendable {
        public let method: String
        /// The request target: path and raw (still encoded) query.
        public let target: String
        /// The header fields, names lowercased.
        public let headers: [String: String]
        /// The body, as announced by `Content-Length` (at most 1 MB is read).
        public var body = Data()

        /// The raw, still percent-encoded query (after `?`), or "".
        public var rawQuery: String {
            guard let index = target.firstIndex(of: "?") else { return "" }
            return String(target[target.index(after: index)...])
        }

        /// The query items, percent-decoded (a `+` stays a `+`).
        public var query: [String: String] {
            var items: [String: String] = [:]
            for pair in rawQuery.split(separator: "&") {
                let parts = pair.split(
                    separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0]).removingPercentEncoding ?? String(parts[0])
                let value = parts.count > 1 ? String(parts[1]).removingPercentEncoding ?? "" : ""
                items[name] = value
            }
            return items
        }
    }

    /// What the server does with a request.
    public enum Reply: Sendable {
        /// A complete response; `Content-Length` and `Connection: close` are added.
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// Announces `declaredLength` bytes, sends `body` (shorter), then closes.
        case truncated(status: Int, declaredLength: Int, body: Data)
        /// Announces `declaredLength` bytes (or none, if `nil`) and sends `chunk` again and
        /// again until the client hangs up or `limit` bytes were sent.
        case endless(declaredLength: Int?, chunk: Data, limit: Int)
        /// Sends nothing and keeps the connection open until the client closes it.
        case hold
        /// Closes the connection without answering.
        case drop
        /// Sends `bytes` exactly as given (no status line or header is added), then closes.
        case raw(Data)
        /// Sends the status line at once, then one header line every `interval` seconds, then
        /// the blank line and `body` (with `Content-Length`).
        case trickledHeaders(
            status: Int, headers: [String: String], body: Data, interval: TimeInterval)
        /// Sends the head at once (with `Content-Length`), then `body` in pieces of
        /// `pieceSize` bytes, one every `interval` seconds.
        case trickledBody(status: Int, body: Data, pieceSize: Int, interval: TimeInterval)
        /// Sends the status line and `headers` but not the blank line that ends them, then
        /// closes: the connection dies in the middle of the header block.
        case closeDuringHeaders(status: Int, headers: [String: String])
        /// A `302 Found` whose `Location` is the request's own target: a redirect loop.
        case redirectToSelf
        /// A 200 with `Transfer-Encoding: chunked` whose first chunk size is not hexadecimal.
        case malformedChunked
        /// A 200 whose header block is `size` bytes long (padded with `X-Padding-N` headers
        /// of 8 kB each), then a small JSON body.
        case oversizedHeaders(size: Int)
        /// Waits `delay` seconds (or until the server stops), then replies with `reply`.
        indirect case delayed(by: TimeInterval, then: Reply)
        /// A complete response announced as keep-alive, then reads whatever else the client
        /// sends on the connection until it closes it (at most 10 s); see ``trailingBytes``.
        case respondAndListen(status: Int, headers: [String: String], body: Data)

        /// A 200 whose head holds `lines` header lines, each `line(index)` (default `a:b`, five
        /// bytes with its line break: the most lines a head of a given size can hold), then
        /// `body` with its `Content-Length`, all in one write: a header storm.
        public static func headerStorm(
            lines: Int, body: String = "{}", line: (Int) -> String = { _ in "a:b" }
        ) -> Reply {
            var head = "HTTP/1.1 200 OK\r\nConnection: close\r\n"
            head.reserveCapacity(lines * 16)
            for index in 0..<max(0, lines) { head += line(index) + "\r\n" }
            return .raw(Data((head + "Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8))
        }

        public static func json(_ text: String, status: Int = 200) -> Reply {
            .respond(
                status: status, headers: ["Content-Type": "application/json"],
                body: Data(text.utf8))
        }

        public static func text(_ text: String, status: Int, headers: [String: String] = [:])
            -> Reply
        {
            var all = headers
            all["Content-Type"] = all["Content-Type"] ?? "text/plain; charset=utf-8"
            return .respond(status: status, headers: all, body: Data(text.utf8))
        }
    }

    public enum SetUpError: Error { case socket(String) }

    public let port: UInt16
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let handler: @Sendable (Request) -> Reply
    private let latency: ClosedRange<TimeInterval>
    private let recordsRequests: Bool
    private var generator: SeededGenerator
    private let lock = Lock()
    private var receivedRequests: [Request] = []
    private var clientClosures = 0
    private var streamedBytes = 0
    private var trailing = Data()
    private var stopped = false
    private let threads = DispatchGroup()
    private let requestArrived = DispatchSemaphore(value: 0)
    private let clientClosed = DispatchSemaphore(value: 0)

    /// The address of the server's root, such as `http://127.0.0.1:49152`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request received so far, in order.
    public var requests: [Request] { lock.withLock { receivedRequests } }

    /// How many connections the client closed while the server was holding or streaming.
    public var closedByClientCount: Int { lock.withLock { clientClosures } }

    /// What clients sent after a `.respondAndListen` reply, over all connections.
    public var trailingBytes: Data { lock.withLock { trailing } }

    /// How many body bytes `.endless` replies have sent so far, over all connections.
    public var streamedByteCount: Int { lock.withLock { streamedBytes } }

    /// Starts listening on 127.0.0.1 at an ephemeral port.
    ///
    /// - Parameters:
    ///   - latency: Seconds each reply waits before it starts, drawn uniformly from this
    ///     range for every request (a network's latency and jitter); `0...0` (the default)
    ///     replies at once. Negative, NaN or infinite bounds count as 0; waits are capped
    ///     at 10 s and end early when the server stops.
    ///   - seed: Seeds the generator of the latencies, so a run can be repeated.
    ///   - recordsRequests: Whether ``requests`` keeps every request (the default); a soak
    ///     of many thousands turns it off, so the server's memory stays flat.
    ///   - handler: Chooses the reply to each request; called on the connection's thread.
    public init(
        latency: ClosedRange<TimeInterval> = 0...0, seed: UInt64 = 0x5EED,
        recordsRequests: Bool = true, handler: @escaping @Sendable (Request) -> Reply
    ) throws {
        self.handler = handler
        self.latency = latency
        self.recordsRequests = recordsRequests
        self.generator = SeededGenerator(seed: seed)
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw SetUpError.socket("pipe") }
        wakeRead = pipeEnds[0]
        wakeWrite = pipeEnds[1]
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SetUpError.socket("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 32) == 0 else {
            close(fd)
            throw SetUpError.socket("bind/listen")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(fd, $0, &length)
            }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        threads.enter()
        Thread { [self] in
            acceptLoop()
            threads.leave()
        }.start()
    }

    deinit {
        stop()
    }

    /// Stops accepting, wakes every connection thread, waits for them, closes the sockets.
    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        _ = threads.wait(timeout: .now() + 10)
        close(listener)
        close(wakeRead)
        close(wakeWrite)
    }

    /// Blocks until a request has arrived (counting from the start), or the timeout passes.
    public func waitForRequest(timeout: TimeInterval = 10) -> Bool {
        requestArrived.wait(timeout: .now() + timeout) == .success
    }

    /// Blocks until the client has closed a held or streamed connection.
    public func waitForClientToClose(timeout: TimeInterval = 10) -> Bool {
        clientClosed.wait(timeout: .now() + timeout) == .success
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Waits until `fd` is readable or the server stops; returns false when stopping.
    private func waitReadable(_ fd: Int32, timeoutMilliseconds: Int32 = 10_000) -> Bool {
        var fds = [
            pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, 2, timeoutMilliseconds)
        return ready > 0 && fds[1].revents == 0 && fds[0].revents != 0
    }

    private func acceptLoop() {
        while !isStopped {
            guard waitReadable(listener, timeoutMilliseconds: 60_000) else { return }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            threads.enter()
            Thread { [self] in
                serve(connection)
                close(connection)
                threads.leave()
            }.start()
        }
    }

    private func serve(_ connection: Int32) {
        guard let request = readRequest(connection) else { return }
        if recordsRequests { lock.withLock { receivedRequests.append(request) } }
        requestArrived.signal()
        let reply = handler(request)
        guard pause(nextLatency()) else { return }
        answer(request, with: reply, on: connection)
    }

    /// A latency drawn from `latency`, in 0...10 s.
    private func nextLatency() -> TimeInterval {
        let low = Self.sanitized(latency.lowerBound)
        let high = max(low, Self.sanitized(latency.upperBound))
        guard high > low else { return low }
        let fraction = lock.withLock { Double(generator.next() >> 11) / Double(1 << 53) }
        return low + (high - low) * fraction
    }

    /// `seconds` if it is a finite number in 0...10, else the nearest of those bounds.
    private static func sanitized(_ seconds: TimeInterval) -> TimeInterval {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return min(seconds, 10)
    }

    /// Waits `seconds` (at most 10); returns false at once if the server stops meanwhile.
    private func pause(_ seconds: TimeInterval) -> Bool {
        let milliseconds = Int32((Self.sanitized(seconds) * 1000).rounded(.up))
        guard milliseconds > 0 else { return !isStopped }
        var wake = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        return poll(&wake, 1, milliseconds) == 0 && !isStopped
    }

    private func answer(_ request: Request, with reply: Reply, on connection: Int32) {
        switch reply {
        case .respond(let status, let headers, let body):
            var all = headers
            all["Content-Length"] = all["Content-Length"] ?? "\(body.count)"
            _ = send(connection, head(status: status, headers: all) + body)
        case .truncated(let status, let declaredLength, let body):
            let headers = [
                "Content-Length": "\(declaredLength)", "Content-Type": "application/json",
            ]
            _ = send(connection, head(status: status, headers: headers) + body)
        case .endless(let declaredLength, let chunk, let limit):
            var headers = ["Content-Type": "application/octet-stream"]
            if let declaredLength { headers["Content-Length"] = "\(declaredLength)" }
            guard send(connection, head(status: 200, headers: headers)) else { return }
            var sent = 0
            while sent < limit, !isStopped, send(connection, chunk) {
                sent += chunk.count
                lock.withLock { streamedBytes += chunk.count }
            }
            if sent < limit { noteClientClosed() }
        case .hold:
            var buffer = [UInt8](repeating: 0, count: 512)
            while waitReadable(connection) {
                if recv(connection, &buffer, buffer.count, 0) <= 0 {
                    noteClientClosed()
                    return
                }
            }
        case .drop:
            return
        case .raw(let bytes):
            _ = send(connection, bytes)
        case .trickledHeaders(let status, let headers, let body, let interval):
            var all = headers
            all["Content-Length"] = all["Content-Length"] ?? "\(body.count)"
            guard send(connection, statusLine(status)) else { return noteClientClosed() }
            for line in headerLines(all) {
                guard pause(interval) else { return }
                guard send(connection, Data(line.utf8)) else { return noteClientClosed() }
            }
            guard pause(interval) else { return }
            guard send(connection, Data("\r\n".utf8) + body) else { return noteClientClosed() }
        case .trickledBody(let status, let body, let pieceSize, let interval):
            let headers = [
                "Content-Length": "\(body.count)", "Content-Type": "application/json",
            ]
            guard send(connection, head(status: status, headers: headers)) else { return }
            var offset = 0
            let size = max(1, pieceSize)
            while offset < body.count {
                guard pause(interval) else { return }
                let end = offset + min(size, body.count - offset)
                guard send(connection, body.subdata(in: offset..<end)) else {
                    return noteClientClosed()
                }
                offset = end
            }
        case .closeDuringHeaders(let status, let headers):
            var text = String(decoding: statusLine(status), as: UTF8.self)
            text += headerLines(headers).joined()
            _ = send(connection, Data(text.utf8))
        case .redirectToSelf:
            let headers = ["Location": request.target, "Content-Length": "0"]
            _ = send(connection, head(status: 302, headers: headers))
        case .malformedChunked:
            let headers = ["Transfer-Encoding": "chunked", "Content-Type": "application/json"]
            _ = send(
                connection, head(status: 200, headers: headers) + Data("zz\r\n{}\r\n0\r\n\r\n".utf8)
            )
        case .oversizedHeaders(let size):
            var headers = ["Content-Type": "application/json", "Content-Length": "2"]
            let padding = String(repeating: "p", count: 8192)
            let count = min(max(0, size), 16_000_000) / 8192 + 1
            for index in 0..<count { headers["X-Padding-\(index)"] = padding }
            _ = send(connection, head(status: 200, headers: headers) + Data("{}".utf8))
        case .delayed(let delay, let then):
            guard pause(delay) else { return }
            answer(request, with: then, on: connection)
        case .respondAndListen(let status, let headers, let body):
            var all = headers
            all["Content-Length"] = "\(body.count)"
            let line = "HTTP/1.1 \(status) \(reason(status))\r\nConnection: keep-alive\r\n"
            guard
                send(
                    connection,
                    Data(line.utf8) + Data((headerLines(all).joined() + "\r\n").utf8) + body)
            else { return }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while waitReadable(connection) {
                let count = recv(connection, &buffer, buffer.count, 0)
                if count <= 0 { return }
                lock.withLock { trailing.append(contentsOf: buffer[0..<count]) }
            }
        }
    }

    private func noteClientClosed() {
        lock.withLock { clientClosures += 1 }
        clientClosed.signal()
    }

    private func head(status: Int, headers: [String: String]) -> Data {
        statusLine(status) + Data((headerLines(headers).joined() + "\r\n").utf8)
    }

    private func statusLine(_ status: Int) -> Data {
        Data("HTTP/1.1 \(status) \(reason(status))\r\nConnection: close\r\n".utf8)
    }

    /// One `Name: value\r\n` line per header, sorted by name.
    private func headerLines(_ headers: [String: String]) -> [String] {
        headers.sorted(by: { $0.key < $1.key }).map { "\($0.key): \($0.value)\r\n" }
    }

    private func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 302: return "Found"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }

    /// Sends all of `data`; returns false when the peer is gone.
    private func send(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                // The C library's `send`, through the platform shim (this type has a `send`).
                #if canImport(Darwin)
                    let flags: Int32 = 0  // Darwin has no MSG_NOSIGNAL.
                #else
                    let flags = Int32(MSG_NOSIGNAL)
                #endif
                let written = SignalboxLocks.send(
                    connection, base + offset, buffer.count - offset, flags)
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }

    /// The bytes a request's method starts with (`GET`, `POST`…).
    private static let methodLetters = UInt8(ascii: "A")...UInt8(ascii: "Z")
    /// The answer to a connection that does not speak HTTP.
    private static let badRequest = Data(
        "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)

    private func readRequest(_ connection: Int32) -> Request? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let terminator = Data("\r\n\r\n".utf8)
        while received.range(of: terminator) == nil, received.count < 65_536 {
            guard waitReadable(connection) else { return nil }
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            received.append(contentsOf: buffer[0..<count])
            // Not HTTP (a TLS handshake, say: it starts with 0x16): answered 400 and closed,
            // as a real server does, instead of waiting for a head that never comes.
            if let first = received.first, !Self.methodLetters.contains(first) {
                _ = send(connection, Self.badRequest)
                return nil
            }
        }
        guard let end = received.range(of: terminator),
            let text = String(data: received[..<end.lowerBound], encoding: .utf8)
        else { return nil }
        let lines = text.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            headers[name.lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        var request = Request(
            method: String(parts[0]), target: String(parts[1]), headers: headers)
        var body = Data(received[end.upperBound...])
        let declared = min(Int(headers["content-length"] ?? "") ?? 0, 1_000_000)
        while body.count < declared {
            guard waitReadable(connection) else { break }
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { break }
            body.append(contentsOf: buffer[0..<count])
        }
        request.body = body
        return request
    }
}

/// SplitMix64: a small seeded generator, so a server's latencies (or a test's random
/// choices) can be repeated.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    /// Starts the sequence at `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next pseudo-random number.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
