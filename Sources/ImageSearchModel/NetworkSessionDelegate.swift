import Foundation
import Signalbox

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request in flight: collects the body within the size limit, follows redirects within
/// their limit, and reports the outcome once.
final class NetworkTransfer: @unchecked Sendable {
    // Safety: `response`, `body`, `visited`, `redirectRefused` and `finished` are only
    // touched by the session's delegate callbacks and the request's deadline, which all run
    // one at a time on the network's serial delivery queue (the underlying queue of the
    // delegate queue); the object is handed to that queue (through
    // `NetworkSessionDelegate`'s lock) before the task is resumed. `cancelled` is a `Protected`
    // and may be used from any thread.
    typealias Completion = (Result<(status: Int, body: Data), NetworkError>) -> Void

    private let maximumBodySize: Int
    private let secrets: [String]
    private let isAcceptable: @Sendable (Data) -> Bool
    private let completion: Completion
    private var response: HTTPURLResponse?
    private var body = Data()
    private var visited: [URL]
    private var redirectRefused = false
    private var finished = false
    /// Whether the task was cancelled; see ``cancel(_:)``.
    private let cancelled = Protected(false)

    init(
        url: URL, maximumBodySize: Int, secrets: [String],
        isAcceptable: @escaping @Sendable (Data) -> Bool, completion: @escaping Completion
    ) {
        self.maximumBodySize = maximumBodySize
        self.secrets = secrets
        self.isAcceptable = isAcceptable
        self.completion = completion
        self.visited = [url]
    }

    /// Whether the outcome has been reported.
    var isFinished: Bool { finished }

    /// Cancels `task` once, from any thread, unless it has finished.
    ///
    /// Cancelling and answering a redirect (``answerRedirect(_:)``) take the same lock:
    /// FoundationNetworking traps ("Received callback for HTTP redirection, but we're not
    /// waiting for it") when a redirect's completion handler is called after the task was
    /// cancelled, so the handler must either come first or not at all. `task.cancel()`
    /// synchronises with the session's internal queue, which never waits for this lock, so
    /// calling it under the lock cannot deadlock.
    func cancel(_ task: URLSessionTask) {
        cancelled.withValue { cancelled in
            guard !cancelled, task.state == .running || task.state == .suspended else { return }
            cancelled = true
            task.cancel()
        }
    }

    /// Runs `answer` (which calls a redirect's completion handler) unless the task was
    /// cancelled; a cancelled task completes without it.
    func answerRedirect(_ answer: () -> Void) {
        cancelled.withValue { cancelled in
            if !cancelled { answer() }
        }
    }

    /// Fails with `.timedOut` unless the outcome is already known.
    func expire() {
        finish(.failure(.timedOut))
    }

    /// Returns `false` if the redirect must not be followed: it leads back to an address
    /// already visited, or it would be one more than `Network.maximumRedirects`. The
    /// transfer then fails with `.tooManyRedirects` when the redirect arrives as the
    /// response (not here: see `NetworkSessionDelegate`).
    func redirect(to url: URL?) -> Bool {
        guard !finished else { return false }
        guard let url, !visited.contains(url), visited.count <= Network.maximumRedirects else {
            redirectRefused = true
            return false
        }
        visited.append(url)
        return true
    }

    /// Returns `false` if the transfer must stop (a refused redirect, or the announced body
    /// is too large).
    func receive(_ response: URLResponse) -> Bool {
        guard !finished else { return false }
        guard !redirectRefused else {
            finish(.failure(.tooManyRedirects))
            return false
        }
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(.incorrectDataReturned))
            return false
        }
        self.response = http
        if http.expectedContentLength > Int64(maximumBodySize) {
            finish(.failure(.responseTooLarge(limit: maximumBodySize)))
            return false
        }
        return true
    }

    /// Returns `false` if the transfer must stop (the body grew too large).
    func receive(_ data: Data) -> Bool {
        guard !finished else { return false }
        // `body.count <= maximumBodySize` holds here, so the subtraction cannot overflow.
        if data.count > maximumBodySize - body.count {
            body = Data()
            finish(.failure(.responseTooLarge(limit: maximumBodySize)))
            return false
        }
        body.append(data)
        return true
    }

    /// Reports the response received so far as the answer to an authentication challenge
    /// that will not be met (the task is then cancelled by the session).
    func completeWithoutCredentials() {
        complete(with: nil)
    }

    func complete(with error: (any Error)?) {
        guard !finished else { return }
        if let error {
            finish(.failure(mapped(error)))
            return
        }
        guard !redirectRefused else {
            finish(.failure(.tooManyRedirects))
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

    /// The session's error as a ``NetworkError``, knowing what this transfer saw.
    private func mapped(_ error: any Error) -> NetworkError {
        // The session's own timeout is a backstop behind the deadline: either way the
        // request ran out of time.
        if (error as? URLError)?.code == .timedOut { return .timedOut }
        let mapped = NetworkError(sessionError: error)
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

    private func finish(_ result: Result<(status: Int, body: Data), NetworkError>) {
        guard !finished else { return }
        finished = true
        completion(result)
    }
}

/// The session's delegate: routes each task's callbacks to its ``NetworkTransfer``.
///
/// One delegate serves every task of a ``Network``'s session; transfers are looked up by task
/// identifier and forgotten when their task completes.
final class NetworkSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Safety: the only state is `transfers`, a `Protected` dictionary.
    private let transfers = Protected<[Int: NetworkTransfer]>([:])

    func register(_ transfer: NetworkTransfer, for task: URLSessionTask) {
        transfers.withValue { $0[task.taskIdentifier] = transfer }
    }

    private func transfer(for task: URLSessionTask) -> NetworkTransfer? {
        transfers.withValue { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let transfer = transfer(for: dataTask) else {
            completionHandler(.cancel)
            return
        }
        guard transfer.receive(response) else {
            completionHandler(.cancel)
            transfer.cancel(dataTask)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(for: dataTask) else { return }
        if !transfer.receive(data) { transfer.cancel(dataTask) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // Certificates and anything else: the platform's own checks.
        let passwordMethods = [
            NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTTPBasic,
            NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodHTMLForm,
            NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
        ]
        guard passwordMethods.contains(challenge.protectionSpace.authenticationMethod) else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        // `Network` never sends credentials. Left to the default handling, FoundationNetworking
        // waits for ever after a 401 with `WWW-Authenticate`; the 401 is the answer instead.
        // The handler first: finishing the transfer cancels the task (as with redirects).
        completionHandler(.cancelAuthenticationChallenge, nil)
        transfer(for: task)?.completeWithoutCredentials()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // No transfer: the task has completed, and nobody waits for this redirect.
        guard let transfer = transfer(for: task) else { return }
        // Not followed: the redirect itself then arrives as the response, and the transfer
        // fails there. Nothing here may end the transfer: that would cancel the task while
        // FoundationNetworking waits for this handler, and it traps when the handler comes.
        let follow = transfer.redirect(to: request.url)
        transfer.answerRedirect { completionHandler(follow ? request : nil) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
        let transfer = transfers.withValue { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.complete(with: error)
    }
}
