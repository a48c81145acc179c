import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request in flight: collects the body within the size limit and reports the outcome
/// once.
final class NetworkTransfer: @unchecked Sendable {
    // Safety: `response`, `body` and `finished` are only touched by the session's delegate
    // callbacks, which run one at a time on the network's serial delegate queue; the object
    // is handed to that queue (through `NetworkSessionDelegate`'s lock) before the task is
    // resumed.
    typealias Completion = (Result<(status: Int, body: Data), NetworkError>) -> Void

    private let maximumBodySize: Int
    private let secrets: [String]
    private let isAcceptable: @Sendable (Data) -> Bool
    private let completion: Completion
    private var response: HTTPURLResponse?
    private var body = Data()
    private var finished = false

    init(
        maximumBodySize: Int, secrets: [String], isAcceptable: @escaping @Sendable (Data) -> Bool,
        completion: @escaping Completion
    ) {
        self.maximumBodySize = maximumBodySize
        self.secrets = secrets
        self.isAcceptable = isAcceptable
        self.completion = completion
    }

    /// Returns `false` if the transfer must stop (the announced body is too large).
    func receive(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(.incorrectDataReturned))
            return false
        }
        self.response = http
        if http.expectedContentLength > Int64(maximumBodySize) {
            finish(.failure(.incorrectDataReturned))
            return false
        }
        return true
    }

    /// Returns `false` if the transfer must stop (the body grew too large).
    func receive(_ data: Data) -> Bool {
        guard !finished else { return false }
        if body.count + data.count > maximumBodySize {
            body = Data()
            finish(.failure(.incorrectDataReturned))
            return false
        }
        body.append(data)
        return true
    }

    func complete(with error: (any Error)?) {
        if let error {
            let mapped = NetworkError(sessionError: error)
            // A body cut short of its announced length is a broken connection, whatever
            // code the platform chose (Linux's URLSession reports curl's "partial file" as
            // an unknown error).
            if mapped == .unknown, let response, response.expectedContentLength > 0,
                Int64(body.count) < response.expectedContentLength
            {
                finish(.failure(.connectionLost))
            } else {
                finish(.failure(mapped))
            }
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
    // Safety: the only state is `transfers`, a `Locked` dictionary.
    private let transfers = Locked<[Int: NetworkTransfer]>([:])

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
        guard let transfer = transfer(for: dataTask), transfer.receive(response) else {
            completionHandler(.cancel)
            dataTask.cancel()
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(for: dataTask), transfer.receive(data) else {
            dataTask.cancel()
            return
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
        let transfer = transfers.withValue { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.complete(with: error)
    }
}
