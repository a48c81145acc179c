import Foundation
import Signalbox

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``Networking`` over HTTP: the real transport. On Linux each request runs over libcurl (the
/// library FoundationNetworking itself is built on, loaded at run time) on a thread of its
/// own; elsewhere over `URLSession`.
///
/// Why not `URLSession` on Linux: FoundationNetworking reads every session's responses on one
/// shared queue, in time quadratic in a head's lines, so one hostile server (55,000 header
/// lines) held every other request of the process for 13 s or more; and two hostile replies
/// stop the process inside it (see the README's "Known limitations"). If libcurl cannot be
/// loaded, `URLSession` is used there too.
///
/// Contract:
/// - Each start of a returned producer sends one request (a GET for `requestJSON` and
///   `requestImage`; any method with `perform(_:)`/`send(_:)`); nothing is sent before.
/// - Events are delivered on the network's private serial queue, never on the thread that
///   started the producer; view models hop to their UI scheduler with `observe(on:)`.
/// - Disposing a running producer cancels its `URLSessionTask` (the connection is closed)
///   and the observer receives `.interrupted`.
/// - ``timeout`` is a deadline for the whole exchange, enforced by `Network` itself on every
///   platform: from the start of the producer to the last byte of the body. A request still
///   running then is cancelled and fails with ``NetworkError/timedOut``, however steadily
///   the server trickles its headers or body.
/// - A response whose status is not 2xx fails with the matching ``NetworkError``
///   (see ``NetworkError/init(statusCode:headers:body:redacting:now:)``); a transport error
///   is mapped from its `URLError` (see ``NetworkError/init(sessionError:)``); a body larger
///   than ``maximumBodySize`` fails with ``NetworkError/responseTooLarge(limit:)`` as soon
///   as the size is known, without reading the rest.
/// - Redirects (301, 302, 303, 307, 308) are followed up to ``maximumRedirects`` times; a
///   redirect back to an address already visited, or one more, fails with
///   ``NetworkError/tooManyRedirects``. 303, and 301/302 after a `POST`, continue with a `GET`
///   without the body; every other redirect keeps the method and the body.
/// - Credentials never cross origins: when a redirect leads to another scheme, host or port,
///   `Authorization`, `Proxy-Authorization`, `Cookie` and the request's
///   ``PreparedRequest/secretHeaderNames`` are not sent there, nor to any later hop; a request
///   can refuse such redirects altogether (``CrossOriginRedirectPolicy``).
/// - Images are fetched from the hosts ``imageHosts`` allows (public ones by default), every
///   hop checked before anything is sent to it; any other request sent to a public host is
///   held to the same policy on every redirect (a public server cannot redirect a search
///   onto the user's own machine or network). Names are resolved off the shared thread pool,
///   a few at once, never for a cancelled request; on Linux the address then connected to
///   is checked too (a name that rebinds between the two lookups is refused).
/// - The value of a `key` parameter (the API key), of a secret header and the password of an
///   address's userinfo never appear in an error or a log line; nor does the userinfo.
/// - On Linux each request runs on a thread of its own that ends with it, and a network's
///   requests run in two lanes: image downloads (`requestImage`, and requests expecting
///   `.image`) at most six at once, every other request at most sixteen at once. Past that,
///   a request waits its turn in its lane, in the order it was started (its deadline runs
///   meanwhile); a search never waits for image downloads, nor they for searches. So however
///   many requests a caller starts, one network runs at most 22 request threads (host
///   names are looked up apart, a few at once).
/// - A response head of more than 1,000 lines or 256 KB fails with
///   ``NetworkError/malformedResponse`` as soon as it goes over; reading one response never
///   holds up another.
/// - Starting a producer, `dispose()` and the deadline never wait for the transport: a
///   request is started on a thread of its own (or a global queue), cancelled without
///   waiting, and its outcome is reported at once.
///
/// The producers keep the network (and its session) alive while they exist.
public final class Network: Networking {
    /// The default deadline of a request, in seconds.
    public static let defaultTimeout: TimeInterval = 15
    /// The timeouts accepted, in seconds: one millisecond to one day.
    public static let timeoutRange: ClosedRange<TimeInterval> = 0.001...86_400
    /// The default largest body accepted: 10 MB.
    public static let defaultMaximumBodySize = 10_000_000
    /// How many redirects one request follows before failing with `.tooManyRedirects`.
    public static let maximumRedirects = 10

    /// Seconds from the start of a request to its last byte before it fails with
    /// `.timedOut`; always within ``timeoutRange``.
    public let timeout: TimeInterval
    /// The largest body, in bytes, accepted before failing with `.responseTooLarge`.
    public let maximumBodySize: Int

    /// The session requests run over, where they run over `URLSession` (macOS, or Linux
    /// without libcurl); `nil` where they run over libcurl.
    private let session: URLSession?
    #if canImport(FoundationNetworking)
        /// The libcurl handles kept between requests; `nil` where requests run over the
        /// session.
        let curlHandles: CurlHandlePool?
    #endif
    /// The serial queue of the session's delegate (kept here: `OperationQueue` does not
    /// retain its underlying queue on every platform).
    private let deliveryQueue = DispatchQueue(label: "ImageSearchModel.Network")
    private let delegate: NetworkSessionDelegate
    private let log: (@Sendable (String) -> Void)?
    /// The `User-Agent` sent with every request that does not set its own, if any.
    public let userAgent: String?
    /// The hosts images are downloaded from (requests expecting `.image`); see
    /// ``ImageHostPolicy``.
    public let imageHosts: ImageHostPolicy
    /// Resolves the names host checks need, a few at once, off the shared pool.
    let hostResolver: HostResolver

    /// Creates a network with its own `URLSession`, correcting a timeout out of range.
    ///
    /// Use ``init(validatingTimeout:maximumBodySize:log:userAgent:imageHosts:)`` to have a bad
    /// value refused instead.
    ///
    /// - Parameters:
    ///   - timeout: The deadline of each request, in seconds (default 15). A value that is
    ///     NaN, zero or negative means the default; one below ``timeoutRange`` is raised to
    ///     its lower bound, one above (infinity included) lowered to its upper bound.
    ///   - maximumBodySize: The largest body accepted, in bytes (default 10 MB); a negative
    ///     value counts as 0.
    ///   - log: Receives one line when a request starts and one when it ends, with the API
    ///     key redacted; `nil` (the default) logs nothing. Called on the network's queue.
    ///   - userAgent: The `User-Agent` header of every request (a request's own header
    ///     wins); `nil` (the default) leaves the platform's. Line breaks and NUL are removed.
    ///   - imageHosts: Which hosts images may come from (default: public hosts only; see
    ///     ``ImageHostPolicy``, and ``ImageHostPolicy/init(searchServer:)`` for a search server
    ///     on a private network).
    public convenience init(
        timeout: TimeInterval = Network.defaultTimeout,
        maximumBodySize: Int = Network.defaultMaximumBodySize,
        log: (@Sendable (String) -> Void)? = nil, userAgent: String? = nil,
        imageHosts: ImageHostPolicy = .publicHostsOnly
    ) {
        let range = Network.timeoutRange
        let corrected =
            timeout > 0
            ? min(max(timeout, range.lowerBound), range.upperBound)
            : Network.defaultTimeout
        self.init(
            checkedTimeout: corrected, maximumBodySize: max(0, maximumBodySize), log: log,
            userAgent: userAgent, imageHosts: imageHosts)
    }

    /// Creates a network with its own `URLSession`, refusing a timeout or size out of range.
    ///
    /// - Parameters:
    ///   - timeout: The deadline of each request, in seconds, within ``timeoutRange``.
    ///   - maximumBodySize: The largest body accepted, in bytes (default 10 MB), not negative.
    ///   - log: Receives one line when a request starts and one when it ends, with the API
    ///     key redacted; `nil` (the default) logs nothing. Called on the network's queue.
    ///   - userAgent: The `User-Agent` header of every request (a request's own header
    ///     wins); `nil` (the default) leaves the platform's. Line breaks and NUL are removed.
    ///   - imageHosts: Which hosts images may come from (default: public hosts only; see
    ///     ``ImageHostPolicy``, and ``ImageHostPolicy/init(searchServer:)`` for a search server
    ///     on a private network).
    /// - Throws: ``ConfigurationError/timeoutOutOfRange(_:)`` for a timeout that is NaN,
    ///   infinite or outside ``timeoutRange``;
    ///   ``ConfigurationError/negativeMaximumBodySize(_:)`` for a negative size.
    public convenience init(
        validatingTimeout timeout: TimeInterval,
        maximumBodySize: Int = Network.defaultMaximumBodySize,
        log: (@Sendable (String) -> Void)? = nil, userAgent: String? = nil,
        imageHosts: ImageHostPolicy = .publicHostsOnly
    ) throws(ConfigurationError) {
        guard Network.timeoutRange.contains(timeout) else {
            throw .timeoutOutOfRange(timeout)
        }
        guard maximumBodySize >= 0 else { throw .negativeMaximumBodySize(maximumBodySize) }
        self.init(
            checkedTimeout: timeout, maximumBodySize: maximumBodySize, log: log,
            userAgent: userAgent, imageHosts: imageHosts)
    }

    /// `timeout` is within ``timeoutRange`` and `maximumBodySize` not negative.
    private init(
        checkedTimeout timeout: TimeInterval, maximumBodySize: Int,
        log: (@Sendable (String) -> Void)?, userAgent: String?, imageHosts: ImageHostPolicy,
        resolveHost: @escaping @Sendable (String) -> Bool = HostAddress.isPublic(resolving:),
        isPublicAddress: @escaping @Sendable (UnsafeMutablePointer<sockaddr>) -> Bool =
            HostAddress.isPublic(socketAddress:)
    ) {
        self.imageHosts = imageHosts
        hostResolver = HostResolver(resolve: resolveHost, isPublicAddress: isPublicAddress)
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
        self.log = log
        self.userAgent = userAgent.map {
            String($0.unicodeScalars.filter { !["\r", "\n", "\0"].contains($0) })
        }
        delegate = NetworkSessionDelegate()
        #if canImport(FoundationNetworking)
            // Linux: requests run over libcurl, a thread each (see `CurlHop`), and no
            // session is made.
            curlHandles = LibCurl.shared.map(CurlHandlePool.init(curl:))
            guard curlHandles == nil else {
                session = nil
                return
            }
        #endif
        // Not `.ephemeral`: on Linux it makes a `URLCache` of its own, which creates a folder
        // under the user's cache directory. The session stores nothing: no URL cache (the
        // model has its own), no cookies, no credentials.
        let configuration = URLSessionConfiguration.default
        // The session's own timers are only a backstop, later than the deadline `request`
        // enforces: FoundationNetworking converts them to whole seconds (a timeout under a
        // second fails at once, an infinite one traps) and restarts them whenever a byte
        // arrives.
        configuration.timeoutIntervalForRequest = Self.backstop(for: timeout)
        configuration.timeoutIntervalForResource = Self.backstop(for: timeout)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.underlyingQueue = deliveryQueue
        queue.name = "ImageSearchModel.Network"
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    /// A network whose host checks resolve names with `resolveHost` (tests: a resolver that
    /// never answers) and judge the addresses connected to with `isPublicAddress`.
    convenience init(
        timeout: TimeInterval, imageHosts: ImageHostPolicy,
        resolveHost: @escaping @Sendable (String) -> Bool,
        isPublicAddress: @escaping @Sendable (UnsafeMutablePointer<sockaddr>) -> Bool =
            HostAddress.isPublic(socketAddress:)
    ) {
        self.init(
            checkedTimeout: timeout, maximumBodySize: Network.defaultMaximumBodySize, log: nil,
            userAgent: nil, imageHosts: imageHosts, resolveHost: resolveHost,
            isPublicAddress: isPublicAddress)
    }

    /// Whole seconds, two more than `timeout` (at most 86,402 for a checked timeout).
    private static func backstop(for timeout: TimeInterval) -> TimeInterval {
        timeout.rounded(.up) + 2
    }

    deinit {
        session?.finishTasksAndInvalidate()
    }

    /// Sends a GET of `url` with `parameters` as a percent-encoded query and delivers the
    /// JSON body.
    ///
    /// Besides the status, the body is checked to look like JSON (an object or an array):
    /// an empty body or an HTML page fails with `.incorrectDataReturned`.
    ///
    /// - Parameters:
    ///   - url: An `http` or `https` address; a malformed one fails with `.invalidRequest`.
    ///   - parameters: Query items, percent-encoded (space → `%20`, `+` → `%2B`, UTF-8).
    /// - Returns: A producer of the response body; see the type's contract.
    public func requestJSON(url: String, parameters: [String: String]) -> SignalProducer<
        Data, NetworkError
    > {
        perform(PreparedRequest(url: url, parameters: parameters, expectedContent: .json))
    }

    /// Downloads the image at `url`, checking that the bytes are PNG, JPEG, GIF or WebP.
    ///
    /// - Parameter url: An `http` or `https` address.
    /// - Returns: A producer of the image bytes; anything else (an HTML page, say) fails with
    ///   `.incorrectDataReturned`.
    public func requestImage(url: String) -> SignalProducer<Data, NetworkError> {
        perform(PreparedRequest(url: url, expectedContent: .image))
    }

    /// Performs any request: its method, headers and body, with everything the type's
    /// contract promises (deadline, size limit, error mapping, key redaction, cancellation).
    ///
    /// Parameters go in the query for `GET`, `DELETE` and `HEAD`, and for `POST`, `PUT` and
    /// `PATCH` in an `application/x-www-form-urlencoded` body, unless the request has a body
    /// of its own (then they go in the query). `Accept` is set from the expected content
    /// unless the request sets it. A header name or value holding a line break or NUL fails
    /// with `.invalidRequest` before anything is sent. The body of a 2xx response is checked
    /// against ``PreparedRequest/expectedContent``: JSON must open an object or an array, an
    /// image must be PNG, JPEG, GIF or WebP; `.any` accepts every body, an empty one too.
    ///
    /// - Parameter request: The request.
    /// - Returns: A producer of the response body; see the type's contract.
    public func perform(_ request: PreparedRequest) -> SignalProducer<Data, NetworkError> {
        switch request.expectedContent {
        case .json:
            return transfer(request, accept: "application/json", isAcceptable: Self.looksLikeJSON)
        case .image:
            return transfer(request, accept: "image/*") { ImageFormat(of: $0) != nil }
        case .any: return transfer(request, accept: "*/*") { _ in true }
        }
    }

    /// Whether a header name or value could split the request (CR, LF or NUL).
    private static func isSafeHeaderText(_ text: String) -> Bool {
        !text.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    }

    private func transfer(
        _ prepared: PreparedRequest, accept: String,
        isAcceptable: @escaping @Sendable (Data) -> Bool
    ) -> SignalProducer<Data, NetworkError> {
        SignalProducer { observer, lifetime in
            let method = prepared.method.rawValue
            let formBody =
                !prepared.method.sendsParametersInQuery && prepared.body == nil
                && !prepared.parameters.isEmpty
            let address =
                formBody ? prepared.url : QueryString.append(prepared.parameters, to: prepared.url)
            let secrets = Self.secrets(of: prepared, address: address)
            let redactor = Redactor(secrets: secrets)
            let shownAddress = redactor.redact(Redactor.removingUserInfo(from: address))
            guard let target = URL(string: address), let scheme = target.scheme?.lowercased(),
                scheme == "http" || scheme == "https", target.host != nil
            else {
                let error = NetworkError.invalidRequest(
                    message: "\"\(shownAddress)\" is not a valid http or https address")
                self.log?("\(method) \(shownAddress) failed: \(error.debugDescription)")
                observer.send(error: error)
                return
            }
            guard
                prepared.headers.allSatisfy({
                    Self.isSafeHeaderText($0.key) && Self.isSafeHeaderText($0.value)
                })
            else {
                observer.send(
                    error: .invalidRequest(
                        message: "a header name or value holds a line break or NUL"))
                return
            }
            var request = URLRequest(
                url: target, cachePolicy: .reloadIgnoringLocalCacheData,
                timeoutInterval: Self.backstop(for: self.timeout))
            request.httpMethod = method
            request.setValue(accept, forHTTPHeaderField: "Accept")
            if let userAgent = self.userAgent {
                request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
            }
            for (name, value) in prepared.headers {
                request.setValue(value, forHTTPHeaderField: name)
            }
            if formBody {
                request.httpBody = Data(QueryString.make(prepared.parameters).utf8)
                if request.value(forHTTPHeaderField: "Content-Type") == nil {
                    request.setValue(
                        "application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
                }
            } else {
                request.httpBody = prepared.body
            }
            let log = self.log
            let rule = RedirectRule(
                firstURL: target, secretHeaderNames: prepared.secretHeaderNames,
                crossOrigin: prepared.crossOriginRedirects,
                bodyHoldsSecret: formBody
                    && prepared.parameters.keys.contains {
                        Redactor.secretParameterNames.contains($0)
                    },
                secretQueryValues: prepared.parameters.compactMap { name, value in
                    Redactor.secretParameterNames.contains(name.lowercased()) ? value : nil
                } + Redactor.secretQueryValues(of: prepared.url))
            let isImage = prepared.expectedContent == .image
            var environment = NetworkTransfer.Environment(
                owner: self, session: self.session, delegate: self.delegate,
                deliveryQueue: self.deliveryQueue,
                maximumBodySize: self.maximumBodySize,
                hosts: isImage || self.imageHosts.holdsRedirects(of: target)
                    ? self.imageHosts : nil,
                checksFirstHop: isImage, resolver: self.hostResolver)
            #if canImport(FoundationNetworking)
                environment.curlHandles = self.curlHandles
            #endif
            let transfer = NetworkTransfer(
                request: request, environment: environment, secrets: secrets, rule: rule,
                isAcceptable: isAcceptable
            ) { result in
                // After a disposal the task reports "cancelled": nobody is listening any more.
                guard !lifetime.hasEnded else { return }
                switch result {
                case .success(let (status, data)):
                    log?("\(method) \(shownAddress) → \(status), \(data.count) bytes")
                    observer.send(value: data)
                    observer.sendCompleted()
                case .failure(let error):
                    log?("\(method) \(shownAddress) failed: \(error.debugDescription)")
                    observer.send(error: error)
                }
            }
            // Runs on the delivery queue, like every other step of the transfer. Weak: a
            // finished transfer is not kept until its deadline.
            let deadline = DispatchWorkItem { [weak transfer] in transfer?.expire() }
            let queue = self.deliveryQueue
            // Never waits, whatever FoundationNetworking is doing: the task is cancelled on
            // a global queue (see `NetworkTransfer.cancel()`).
            lifetime.observeEnded {
                deadline.cancel()
                transfer.cancel()
                queue.async {
                    if !transfer.isFinished { log?("\(method) \(shownAddress) cancelled") }
                }
            }
            log?("\(method) \(shownAddress)")
            queue.asyncAfter(deadline: .now() + self.timeout, execute: deadline)
            transfer.begin()
        }
    }

    /// What must never show in an error or a log line: the values of secret parameters and
    /// headers (and of the credential headers), and the password of the address's userinfo.
    private static func secrets(of prepared: PreparedRequest, address: String) -> [String] {
        let secretHeaders = RedirectRule.credentialHeaders.union(
            prepared.secretHeaderNames.map { $0.lowercased() })
        var secrets = prepared.parameters
            .filter { Redactor.secretParameterNames.contains($0.key) }.map(\.value)
        secrets += prepared.headers.filter { secretHeaders.contains($0.key.lowercased()) }
            .map(\.value)
        if let password = URLComponents(string: address)?.password { secrets.append(password) }
        // A secret the endpoint's own address carries (a base URL given with `key=`).
        secrets += Redactor.secretQueryValues(of: prepared.url)
        return secrets
    }

    /// Whether the first non-blank byte opens a JSON object or array.
    static func looksLikeJSON(_ data: Data) -> Bool {
        for byte in data {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): return true
            case 0xEF: continue  // part of a UTF-8 byte-order mark
            case 0xBB, 0xBF: continue
            default: return false
            }
        }
        return false
    }
}
