#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
    internal import CCurlCalls
    import Signalbox

    /// One hop of a ``NetworkTransfer`` over libcurl, on a thread of its own (Linux).
    ///
    /// Why not `URLSession` there: FoundationNetworking parses every session's responses on
    /// one shared queue, and its header parsing is quadratic in the number of lines. A head of
    /// 55,000 short lines (about 300 KB, within libcurl's own bound) kept that queue busy for
    /// 13 s, and every other request of the process, the next search included, waited for it.
    /// Here each hop runs `curl_easy_perform` on its own thread, headers are collected in
    /// linear time and bounded (``maximumHeaderLines``, ``maximumHeaderBytes``), and nothing
    /// one hop receives can delay another. FoundationNetworking's two traps on hostile replies
    /// (a connection closed inside the head; a `Content-Length` near `Int64.max`) do not exist
    /// on this path.
    ///
    /// The hop reports to its transfer exactly as the session's delegate does, on the
    /// transfer's delivery queue and in order: the response head (``NetworkTransfer/receive(_:)-(URLResponse)``),
    /// each piece of the body, then the completion. libcurl never follows a redirect here:
    /// the transfer follows them itself, as with `URLSession`.
    final class CurlHop: NetworkHop, @unchecked Sendable {
        // Safety: `cancelled` is an `Atomic`. Every other `var` is touched only by the hop's
        // thread: in `run()` and in the libcurl callbacks, which `curl_easy_perform` calls on that
        // thread. The `let`s are immutable.

        /// The most header lines one response head may have (every hop, 1xx heads included).
        static let maximumHeaderLines = 1_000
        /// The most bytes one response's header lines may take (browsers accept 256 KB).
        static let maximumHeaderBytes = 256 * 1024

        /// The certificate bundle FoundationNetworking uses too: the first that exists of the
        /// places Linux distributions keep it; `nil`: libcurl's own default.
        static let certificateBundle = [
            "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt",
            "/usr/share/ssl/certs/ca-bundle.crt", "/usr/local/share/certs/ca-root-nss.crt",
        ].first { FileManager.default.fileExists(atPath: $0) }

        private let request: URLRequest
        /// The transfer reported to; let go of when the hop's thread returns, which breaks
        /// the cycle with the transfer's reference to its current hop.
        private var transfer: NetworkTransfer?
        private let queue: DispatchQueue
        private let maximumBodySize: Int
        private let handles: CurlHandlePool
        /// Whether the hop downloads an image: those run in a lane of their own
        /// (``CurlHandlePool``).
        let isImage: Bool
        /// Whether an address may be connected to, when the host passed its check by a
        /// lookup of its name (`nil`: any); not applied through a proxy, whose own address
        /// it would be.
        private let addressCheck: (@Sendable (UnsafeMutablePointer<sockaddr>) -> Bool)?
        /// Set when the address to connect to was refused.
        private var refusedAddress = false
        private let cancelled = Atomic(false)

        private var status = 0
        private var httpVersion = "HTTP/1.1"
        private var fields: [(name: String, value: String)] = []
        private var headerLines = 0
        private var headerBytes = 0
        private var headComplete = false
        private var headerOverflow = false
        private var bodyBytes = 0

        init(
            request: URLRequest, transfer: NetworkTransfer, queue: DispatchQueue,
            maximumBodySize: Int, handles: CurlHandlePool, isImage: Bool,
            addressCheck: (@Sendable (UnsafeMutablePointer<sockaddr>) -> Bool)? = nil
        ) {
            self.handles = handles
            self.isImage = isImage
            self.addressCheck = Self.proxyConfigured ? nil : addressCheck
            self.request = request
            self.transfer = transfer
            self.queue = queue
            self.maximumBodySize = maximumBodySize
        }

        /// Starts the hop: at once if its lane has room (``CurlHandlePool``), else when an
        /// earlier hop of its lane ends.
        func resume() {
            handles.start(self)
        }

        /// Runs the hop on a thread of its own, named `NetworkHop` where the system shows
        /// thread names.
        func startThread() {
            NamedThread.start("NetworkHop") { [self] in run() }
        }

        /// Stops the transfer at libcurl's next callback (within a second while it waits for
        /// the network); never waits.
        func cancelWithoutWaiting() {
            cancelled.value = true
        }

        private func run() {
            let error = cancelled.value ? URLError(.cancelled) : perform()
            if let transfer {
                queue.async { transfer.complete(with: error) }
            }
            transfer = nil
            handles.hopEnded(self)
        }

        /// Runs the transfer; returns its error, or `nil` for a complete response.
        private func perform() -> (any Error)? {
            guard let url = request.url else { return NetworkError.unknown }
            let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Option.errorSize)
            errorText.initialize(repeating: 0, count: Option.errorSize)
            defer { errorText.deallocate() }
            let curl = handles.curl
            var headers: UnsafeMutableRawPointer?
            defer { curl.listFreeAll(headers) }
            // Put back (and so reset) first, while the buffer and the list it names exist.
            guard let handle = handles.take() else { return NetworkError.unknown }
            defer { handles.putBack(handle) }
            let context = Unmanaged.passUnretained(self).toOpaque()

            curl.set(handle, Option.noSignal, 1)
            curl.set(handle, Option.followLocation, 0)
            // Only HTTP and HTTPS, whatever the address says (checked before, too).
            curl.set(handle, Option.protocols, Option.httpAndHTTPS)
            // A cancelled hop does not wait for a name lookup in flight (libcurl 7.87 and
            // later; older ones ignore it): its thread ends at once.
            curl.set(handle, Option.quickExit, 1)
            // Every coding libcurl decodes; the transfer names the others in its error.
            curl.set(handle, Option.acceptEncoding, "")
            curl.set(handle, Option.errorBuffer, UnsafeRawPointer(errorText))
            curl.set(handle, Option.url, url.absoluteString)
            if let bundle = Self.certificateBundle { curl.set(handle, Option.caInfo, bundle) }
            // A backstop only: the transfer's deadline comes first.
            let backstop = Self.milliseconds(request.timeoutInterval)
            curl.set(handle, Option.timeoutMilliseconds, backstop)
            curl.set(handle, Option.connectTimeoutMilliseconds, backstop)
            curl.set(handle, Option.headerFunction, curlHeaderCallback)
            curl.set(handle, Option.headerData, UnsafeRawPointer(context))
            curl.set(handle, Option.writeFunction, curlWriteCallback)
            curl.set(handle, Option.writeData, UnsafeRawPointer(context))
            curl.set(handle, Option.noProgress, 0)
            curl.set(handle, Option.progressFunction, curlProgressCallback)
            curl.set(handle, Option.progressData, UnsafeRawPointer(context))
            if addressCheck != nil {
                curl.set(handle, Option.openSocketFunction, curlOpenSocketCallback)
                curl.set(handle, Option.openSocketData, UnsafeRawPointer(context))
            }

            // libcurl's own `Expect: 100-continue` would hold a body back for a second.
            var lines = ["Expect:"]
            for (name, value) in request.allHTTPHeaderFields ?? [:] {
                // libcurl's syntax for a header sent with an empty value.
                lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
            }
            for line in lines {
                guard let appended = line.withCString({ curl.listAppend(headers, $0) }) else {
                    return NetworkError.unknown
                }
                headers = appended
            }
            curl.set(handle, Option.httpHeader, UnsafeRawPointer(headers))

            let method = (request.httpMethod ?? "GET").uppercased()
            let body = request.httpBody
            switch method {
            case "GET": curl.set(handle, Option.httpGet, 1)
            case "HEAD": curl.set(handle, Option.noBody, 1)
            default:
                // A POST always has a body (libcurl would read one from standard input
                // otherwise); other methods have one when the request does.
                if body != nil || method == "POST" {
                    let bytes = body ?? Data()
                    // Copied by libcurl: the size first, so that a NUL does not end it.
                    curl.set(handle, Option.postFieldSizeLarge, offset: Int64(bytes.count))
                    if bytes.isEmpty {
                        curl.set(handle, Option.copyPostFields, "")
                    } else {
                        bytes.withUnsafeBytes {
                            curl.set(handle, Option.copyPostFields, $0.baseAddress)
                        }
                    }
                }
                if method != "POST" {
                    curl.set(handle, Option.customRequest, method)
                }
            }

            let code = Int(curl.perform(handle))
            if cancelled.value { return URLError(.cancelled) }
            if refusedAddress { return NetworkTransfer.refusal(of: url, isImage: isImage) }
            if headerOverflow { return NetworkError.malformedResponse }
            if code == 0 {
                // libcurl 7.88 reports a connection closed inside the head as a success.
                return headComplete ? nil : NetworkError.connectionLost
            }
            if code == Self.operationTimedOut { return URLError(.timedOut) }
            let message =
                errorText.pointee != 0
                ? String(cString: errorText)
                : curl.describe(Int32(truncatingIfNeeded: code)).map { String(cString: $0) } ?? ""
            return NetworkError(curlCode: code, message: message)
        }

        /// `seconds` as whole milliseconds, at least 1 and at most a day and a bit.
        private static func milliseconds(_ seconds: TimeInterval) -> Int {
            guard seconds.isFinite, seconds > 0 else { return 1 }
            return Int(min(seconds, 200_000) * 1_000)
        }

        // MARK: - Callbacks (on the hop's thread)

        /// One line of a response head, with its line break; `false` stops the transfer.
        fileprivate func header(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard !cancelled.value else { return false }
            headerLines += 1
            headerBytes += bytes.count
            guard headerLines <= Self.maximumHeaderLines, headerBytes <= Self.maximumHeaderBytes
            else {
                headerOverflow = true
                return false
            }
            var end = bytes.count
            while end > 0, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
            let line = Substring(String(decoding: bytes[..<end], as: UTF8.self))
            if line.isEmpty {
                endOfHead()
                return true
            }
            // Trailers after a chunked body: not part of the response.
            if headComplete { return true }
            if line.hasPrefix("HTTP/") {
                startHead(statusLine: line)
            } else if let first = line.first, first == " " || first == "\t", !fields.isEmpty {
                // A folded line continues the previous value.
                fields[fields.count - 1].value += " " + line.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                fields.append(
                    (
                        String(line[..<colon]).trimmingCharacters(in: .whitespaces),
                        String(line[line.index(after: colon)...])
                            .trimmingCharacters(in: .whitespaces)
                    ))
            }
            return true
        }

        private func startHead(statusLine: Substring) {
            let parts = statusLine.split(separator: " ", maxSplits: 2)
            httpVersion = parts.first.map(String.init) ?? "HTTP/1.1"
            status = parts.count > 1 ? Int(parts[1].prefix(3)) ?? 0 : 0
            fields = []
        }

        private func endOfHead() {
            guard !headComplete else { return }
            // An informational head (100 Continue and the like): the real one follows.
            if (100..<200).contains(status) {
                status = 0
                fields = []
                return
            }
            headComplete = true
            var headerFields: [String: String] = [:]
            var spelling: [String: String] = [:]
            for (name, value) in fields where !name.isEmpty {
                let key = name.lowercased()
                if let known = spelling[key] {
                    headerFields[known, default: ""] += ", " + value
                } else {
                    spelling[key] = name
                    headerFields[name] = value
                }
            }
            fields = []
            guard let url = request.url,
                let response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: httpVersion,
                    headerFields: headerFields)
            else {
                headerOverflow = true
                return
            }
            guard let transfer else { return }
            queue.async { if !transfer.receive(response) { transfer.cancel() } }
        }

        /// A piece of the (decoded) body; `false` stops the transfer.
        fileprivate func body(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard !cancelled.value else { return false }
            let data = Data(bytes)
            if let transfer {
                queue.async { if !transfer.receive(data) { transfer.cancel() } }
            }
            // Past the limit the transfer fails when it reads this piece: nothing more is read.
            let (total, overflow) = bodyBytes.addingReportingOverflow(bytes.count)
            bodyBytes = total
            return !overflow && total <= maximumBodySize
        }

        fileprivate var isCancelled: Bool { cancelled.value }

        /// Opens the socket of a connection to `address`, or refuses (-1) a private one.
        fileprivate func openSocket(_ address: UnsafeMutablePointer<ccurl_sockaddr>) -> Int32 {
            guard
                let offset = MemoryLayout<ccurl_sockaddr>.offset(of: \ccurl_sockaddr.addr),
                address.pointee.addrlen >= MemoryLayout<sockaddr>.size
            else { return -1 }
            let socketAddress = (UnsafeMutableRawPointer(address) + offset)
                .assumingMemoryBound(to: sockaddr.self)
            let minimum =
                address.pointee.family == AF_INET6
                ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size
            guard address.pointee.addrlen >= minimum, addressCheck?(socketAddress) ?? true else {
                refusedAddress = true
                return -1
            }
            let descriptor = socket(
                address.pointee.family, address.pointee.socktype | Int32(SOCK_CLOEXEC.rawValue),
                address.pointee.protocol)
            return descriptor < 0 ? -1 : descriptor
        }

        /// Whether libcurl sends requests through a proxy named in the environment.
        static let proxyConfigured = [
            "http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
        ].contains { !(ProcessInfo.processInfo.environment[$0] ?? "").isEmpty }

        /// libcurl's result codes and options used here (their values from `curl.h`, stable
        /// since libcurl 7.32).
        private static let operationTimedOut = 28

        private enum Option {
            static let errorSize = 256  // CURL_ERROR_SIZE
            static let writeData: Int32 = 10_001
            static let url: Int32 = 10_002
            static let errorBuffer: Int32 = 10_010
            static let caInfo: Int32 = 10_065
            static let writeFunction: Int32 = 20_011
            static let httpHeader: Int32 = 10_023
            static let headerData: Int32 = 10_029
            static let customRequest: Int32 = 10_036
            static let noProgress: Int32 = 43
            static let noBody: Int32 = 44
            static let followLocation: Int32 = 52
            static let progressData: Int32 = 10_057
            static let headerFunction: Int32 = 20_079
            static let httpGet: Int32 = 80
            static let noSignal: Int32 = 99
            static let acceptEncoding: Int32 = 10_102
            static let postFieldSizeLarge: Int32 = 30_120
            static let timeoutMilliseconds: Int32 = 155
            static let connectTimeoutMilliseconds: Int32 = 156
            static let copyPostFields: Int32 = 10_165
            static let progressFunction: Int32 = 20_219  // CURLOPT_XFERINFOFUNCTION
            static let protocols: Int32 = 181
            static let httpAndHTTPS = 3  // CURLPROTO_HTTP | CURLPROTO_HTTPS
            static let quickExit: Int32 = 322
            static let openSocketFunction: Int32 = 20_163
            static let openSocketData: Int32 = 10_164
        }
    }

    extension NetworkError {
        /// The error for a libcurl result `code` and its `message` (`CURLE_…`, `curl.h`).
        init(curlCode code: Int, message: String) {
            let classified = NetworkError.classify(transportMessage: message)
            switch code {
            case 5, 6, 7: self = .notReachedServer  // proxy, host not found, no connection
            case 18: self = .connectionLost  // partial file
            case 52, 55, 56: self = classified ?? .connectionLost  // nothing, send, receive
            case 8, 16, 92, 100: self = classified ?? .malformedResponse  // weird reply, HTTP/2
            // A content encoding libcurl could not decode; an answer it could not take for
            // HTTP ("Received HTTP/0.9", "Unsupported HTTP version"), or a bad address.
            case 61, 1, 3: self = classified ?? .incorrectDataReturned
            case 47: self = .tooManyRedirects
            default: self = classified ?? .unknown
            }
        }
    }

    /// Size of one libcurl data callback's bytes, or `nil` if it does not fit an `Int`.
    private func byteCount(_ size: Int, _ count: Int) -> Int? {
        let (total, overflow) = size.multipliedReportingOverflow(by: count)
        return overflow || total < 0 ? nil : total
    }

    private let curlHeaderCallback: ccurl_data_callback = { bytes, size, count, context in
        guard let bytes, let context, let total = byteCount(size, count) else { return 0 }
        let hop = Unmanaged<CurlHop>.fromOpaque(context).takeUnretainedValue()
        return hop.header(UnsafeRawBufferPointer(start: bytes, count: total)) ? total : 0
    }

    private let curlWriteCallback: ccurl_data_callback = { bytes, size, count, context in
        guard let bytes, let context, let total = byteCount(size, count) else { return 0 }
        let hop = Unmanaged<CurlHop>.fromOpaque(context).takeUnretainedValue()
        return hop.body(UnsafeRawBufferPointer(start: bytes, count: total)) ? total : 0
    }

    private let curlOpenSocketCallback: ccurl_opensocket_callback = { context, purpose, address in
        // Purpose 0: a connection (CURLSOCKTYPE_IPCXN); anything else is refused.
        guard let context, let address, purpose == 0 else { return -1 }
        return Unmanaged<CurlHop>.fromOpaque(context).takeUnretainedValue().openSocket(address)
    }

    private let curlProgressCallback: ccurl_progress_callback = { context, _, _, _, _ in
        guard let context else { return 1 }
        return Unmanaged<CurlHop>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
    }
#endif
