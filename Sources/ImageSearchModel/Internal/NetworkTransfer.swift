import Foundation
import Signalbox

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A hop in flight: the session's task, or a ``CurlHop``.
protocol NetworkHop: AnyObject, Sendable {
    func resume()
    /// Cancels the hop from any thread without waiting for the transport.
    func cancelWithoutWaiting()
}

extension URLSessionTask: NetworkHop {
    /// Cancels on a global queue: `cancel()` waits for the session's work queue.
    func cancelWithoutWaiting() {
        DispatchQueue.global(qos: .utility).async { self.cancel() }
    }
}

/// One request in flight, over as many hops as its redirects take: collects the body within
/// the size limit, follows redirects itself (``RedirectRule``), checks image hosts
/// (``ImageHostPolicy``), and reports the outcome once.
///
/// Why it follows redirects itself: FoundationNetworking sends every header to every host a
/// redirect names and drops the body of a 307; its own relative-Location handling also loses
/// a trailing slash. So the session is never let follow one: each redirect arrives as the
/// response of its hop, and the transfer starts the next hop as a new task.
///
/// Each hop runs as a ``CurlHop`` (Linux) or as the session's task, both behind
/// ``NetworkHop``, and both report to the transfer in the same way.
///
/// Why nothing here waits for the transport: a `URLSessionTask`'s `cancel()` waits for the
/// session's work queue, which a hostile reply (20,000 header lines) keeps busy for seconds.
/// So the outcome is reported first and hops are cancelled without waiting and started on a
/// thread of their own or a global queue: the deadline fires on time and `dispose()` returns
/// at once.
final class NetworkTransfer: @unchecked Sendable {
    // Safety: `hop`, `response`, `body`, `visited`, `leftOrigin`, `pendingRedirect` and
    // `finished` are only touched on the network's serial delivery queue (the delegate's
    // callbacks, the deadline, and the hops' continuations all run there), except that
    // `begin()` reads `hop` on the starting thread before any of those can run (nothing
    // writes it until a task has answered, and the task is made after the read). `tasks` is an `Atomic` box and may be used from any
    // thread; `environment` and the other `let`s are immutable.
    typealias Completion = (Result<(status: Int, body: Data), NetworkError>) -> Void

    /// What the transfer needs from its network.
    struct Environment {
        /// The network: kept alive while the transfer may start a task, because its `deinit`
        /// invalidates the session, and FoundationNetworking traps when a task is made on an
        /// invalidated session.
        let owner: AnyObject
        /// The session hops run over; `nil` where they run over libcurl.
        let session: URLSession?
        let delegate: NetworkSessionDelegate
        let deliveryQueue: DispatchQueue
        let maximumBodySize: Int
        /// The policy the hops are held to; `nil`: none (a request to a private host).
        let hosts: ImageHostPolicy?
        /// Whether the first hop is checked too (an image), or only the redirects (a request
        /// the caller sent to a public host, such as a search).
        let checksFirstHop: Bool
        /// Resolves the names the checks need, off the shared pool.
        let resolver: HostResolver
        #if canImport(FoundationNetworking)
            /// The handles hops run over libcurl with (``CurlHop``); `nil`: over the session.
            var curlHandles: CurlHandlePool? = nil
        #endif
    }

    private let environment: Environment
    private let secrets: [String]
    private let rule: RedirectRule
    private let isAcceptable: @Sendable (Data) -> Bool
    private let completion: Completion
    private var hop: URLRequest
    private var response: HTTPURLResponse?
    private var body = Data()
    private var visited: [URL]
    private var leftOrigin = false
    /// The redirect the current hop answered with, followed when the hop completes.
    private var pendingRedirect: (status: Int, location: String)?
    private var finished = false
    /// Whether the transfer was cancelled, and the task of the current hop.
    private let tasks = Atomic<(cancelled: Bool, current: (any NetworkHop)?)>((false, nil))

    init(
        request: URLRequest, environment: Environment, secrets: [String], rule: RedirectRule,
        isAcceptable: @escaping @Sendable (Data) -> Bool, completion: @escaping Completion
    ) {
        hop = request
        self.environment = environment
        self.secrets = secrets
        self.rule = rule
        self.isAcceptable = isAcceptable
        self.completion = completion
        visited = request.url.map { [$0] } ?? []
    }

    /// Whether the outcome has been reported. On the delivery queue only.
    var isFinished: Bool { finished }

    /// Starts the first hop, without waiting: the task is made on a global queue (after the
    /// host check, for an image), because making a task waits for the session's work queue,
    /// which another request's hostile reply can keep busy for seconds, and the thread that
    /// starts a request is often a user interface's.
    func begin() {
        guard environment.hosts != nil, environment.checksFirstHop else {
            launch(hop)
            return
        }
        environment.deliveryQueue.async { [self] in start(hop) }
    }

    /// Cancels the task in flight, if any, from any thread, without waiting: the task is
    /// cancelled on a global queue. No hop starts after this.
    ///
    /// Cancelling and answering a redirect (``answerRedirect(_:)``) share a lock:
    /// FoundationNetworking traps ("Received callback for HTTP redirection, but we're not
    /// waiting for it") when a redirect's completion handler comes after the task was
    /// cancelled. The handler only enqueues work on the session's queue, and the flag is set
    /// before `cancel()` is enqueued, so the handler either comes first or not at all.
    func cancel() {
        let task = tasks.modify { state -> (any NetworkHop)? in
            guard !state.cancelled else { return nil }
            state.cancelled = true
            return state.current
        }
        task?.cancelWithoutWaiting()
    }

    /// Runs `answer` (which calls a redirect's completion handler) unless the transfer was
    /// cancelled; a cancelled task completes without it.
    func answerRedirect(_ answer: () -> Void) {
        tasks.withValue { state in
            if !state.cancelled { answer() }
        }
    }

    /// Fails with `.timedOut` unless the outcome is already known, and cancels the task.
    func expire() {
        guard !finished else { return }
        finish(.failure(.timedOut))
        cancel()
    }

    /// Returns `false` if the transfer must stop (the announced body is too large).
    func receive(_ response: URLResponse) -> Bool {
        guard !finished else { return false }
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(.incorrectDataReturned))
            return false
        }
        self.response = http
        if RedirectRule.statuses.contains(http.statusCode),
            let location = Self.header("Location", of: http)
        {
            pendingRedirect = (http.statusCode, location)
        }
        if http.expectedContentLength > Int64(environment.maximumBodySize) {
            finish(.failure(.responseTooLarge(limit: environment.maximumBodySize)))
            return false
        }
        return true
    }

    /// Returns `false` if the transfer must stop (the body grew too large).
    func receive(_ data: Data) -> Bool {
        guard !finished else { return false }
        let limit = environment.maximumBodySize
        // `body.count <= limit` holds here, so the subtraction cannot overflow.
        if data.count > limit - body.count {
            body = Data()
            finish(.failure(.responseTooLarge(limit: limit)))
            return false
        }
        // A redirect's own body is not kept.
        if pendingRedirect == nil { body.append(data) }
        return true
    }

    /// Reports the response received so far as the answer to an authentication challenge
    /// that will not be met (the task is then cancelled by the session).
    func completeWithoutCredentials() {
        pendingRedirect = nil
        complete(with: nil)
    }

    /// The current hop's task completed.
    func complete(with error: (any Error)?) {
        guard !finished else { return }
        if let error {
            finish(.failure(mapped(error)))
            return
        }
        if let redirect = pendingRedirect {
            follow(redirect)
            return
        }
        guard let response else {
            finish(.failure(.incorrectDataReturned))
            return
        }
        let headers = response.allHeaderFields.reduce(into: [String: String]()) { result, pair in
            if let name = pair.key as? String { result[name] = "\(pair.value)" }
        }
        if let error = NetworkError(
            statusCode: response.statusCode, headers: headers, body: body, redacting: secrets)
        {
            finish(.failure(error))
        } else if !isAcceptable(body) {
            finish(.failure(.incorrectDataReturned))
        } else {
            finish(.success((response.statusCode, body)))
        }
    }

    /// Starts the hop to `redirect`'s target, or fails with the reason it may not be followed.
    private func follow(_ redirect: (status: Int, location: String)) {
        switch rule.next(
            status: redirect.status, location: redirect.location, after: hop,
            leftOrigin: &leftOrigin)
        {
        case .fail(let error):
            finish(.failure(error))
        case .follow(let request):
            guard let url = request.url, !visited.contains(url),
                visited.count <= Network.maximumRedirects
            else {
                finish(.failure(.tooManyRedirects))
                return
            }
            visited.append(url)
            start(request)
        }
    }

    /// Checks the hop's host (a name is resolved by the ``HostResolver``, never on this
    /// queue nor the shared pool), then starts its task. On the delivery queue.
    private func start(_ request: URLRequest) {
        hop = request
        response = nil
        body = Data()
        pendingRedirect = nil
        guard let policy = environment.hosts, let url = request.url else {
            launch(request)
            return
        }
        let queue = environment.deliveryQueue
        let isImage = environment.checksFirstHop
        // `resolved`: the verdict came from looking the name up, so the address connected to
        // is checked again (a name can answer differently the second time).
        let decide: @Sendable (Bool, Bool) -> Void = { [self] allowed, resolved in
            queue.async { [self] in
                guard !finished else { return }
                guard allowed else {
                    finish(.failure(Self.refusal(of: url, isImage: isImage)))
                    return
                }
                launch(request, connectsToPublicAddressOnly: resolved)
            }
        }
        if let verdict = policy.verdict(for: url) {
            decide(verdict, false)
            return
        }
        let tasks = self.tasks
        environment.resolver.check(
            url.host ?? "", lane: isImage ? .image : .search,
            isCancelled: { tasks.value.cancelled }, decide: { decide($0, true) })
    }

    /// Why a hop to `url`, a private or local address, is not sent.
    static func refusal(of url: URL, isImage: Bool) -> NetworkError {
        let host = url.host.map(HostAddress.normalized) ?? "?"
        return .invalidRequest(
            message: isImage
                ? "the image is on \(host), a private or local address, "
                    + "and images are not fetched from such hosts"
                : "the server redirected the request to \(host), a private or local address, "
                    + "and a request to a public server is not sent on to such hosts")
    }

    /// Starts the hop: on a thread of its own over libcurl, or as the session's task on a
    /// global queue (creating a task may wait for the session's queue, which the delivery
    /// queue must never do).
    ///
    /// `connectsToPublicAddressOnly`: the hop's host was found public by looking its name
    /// up; over libcurl the address actually connected to is held to that too (a name that
    /// rebinds between the two lookups is refused). `URLSession` offers no such hook.
    private func launch(_ request: URLRequest, connectsToPublicAddressOnly: Bool = false) {
        #if canImport(FoundationNetworking)
            if let handles = environment.curlHandles {
                let hop = CurlHop(
                    request: request, transfer: self, queue: environment.deliveryQueue,
                    maximumBodySize: environment.maximumBodySize, handles: handles,
                    isImage: environment.checksFirstHop,
                    addressCheck: connectsToPublicAddressOnly
                        ? environment.resolver.isPublicAddress : nil)
                if register(hop) { hop.resume() }
                return
            }
        #endif
        DispatchQueue.global(qos: .userInitiated).async { [self] in launchNow(request) }
    }

    /// Creates, registers and resumes the hop's task, unless the transfer was cancelled.
    private func launchNow(_ request: URLRequest) {
        guard let session = environment.session else { return }
        let task = session.dataTask(with: request)
        guard register(task) else {
            task.cancel()
            return
        }
        environment.delegate.register(self, for: task)
        task.resume()
    }

    /// Makes `hop` the current one; `false` if the transfer was cancelled.
    private func register(_ hop: any NetworkHop) -> Bool {
        tasks.modify { state -> Bool in
            guard !state.cancelled else { return false }
            state.current = hop
            return true
        }
    }

    /// The session's error as a ``NetworkError``, knowing what this transfer saw.
    private func mapped(_ error: any Error) -> NetworkError {
        // The session's own timeout is a backstop behind the deadline: either way the
        // request ran out of time.
        if (error as? URLError)?.code == .timedOut { return .timedOut }
        // An answer in an encoding libcurl does not decode (an unknown coding, or codings
        // stacked deeper than it goes) fails with whatever code the platform picks ("connection
        // lost", "unknown"): the headers say what it really was.
        if let response, let coding = Self.header("Content-Encoding", of: response),
            !Self.isReadableContentCoding(coding)
        {
            return .incorrectDataReturned
        }
        let mapped = (error as? NetworkError) ?? NetworkError(sessionError: error)
        // A body cut short of its announced length is a broken connection, whatever code
        // the platform chose (Linux's URLSession reports curl's "partial file" as an unknown
        // error).
        if mapped == .unknown, let response, response.expectedContentLength > 0,
            Int64(body.count) < response.expectedContentLength
        {
            return .connectionLost
        }
        return mapped
    }

    /// Whether `value` (a `Content-Encoding` header) names codings the transport decodes:
    /// at most two of `gzip`, `x-gzip`, `deflate`, `br`, `identity`.
    static func isReadableContentCoding(_ value: String) -> Bool {
        let codings = value.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }.filter { !$0.isEmpty && $0 != "identity" }
        let known: Set<String> = ["gzip", "x-gzip", "deflate", "br"]
        return codings.count <= 2 && codings.allSatisfy(known.contains)
    }

    private static func header(_ name: String, of response: HTTPURLResponse) -> String? {
        response.allHeaderFields.first { ($0.key as? String)?.lowercased() == name.lowercased() }
            .map { "\($0.value)" }
    }

    private func finish(_ result: Result<(status: Int, body: Data), NetworkError>) {
        guard !finished else { return }
        finished = true
        completion(result)
    }
}
