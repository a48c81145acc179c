import Foundation
import Signalbox

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``Networking`` over HTTP with `URLSession`: the real transport.
///
/// Contract:
/// - Each start of a returned producer sends one GET request; nothing is sent before.
/// - Events are delivered on the network's private serial queue, never on the thread that
///   started the producer; view models hop to their UI scheduler with `observe(on:)`.
/// - Disposing a running producer cancels its `URLSessionTask` (the connection is closed)
///   and the observer receives `.interrupted`.
/// - A response whose status is not 2xx fails with the matching ``NetworkError``
///   (see ``NetworkError/init(statusCode:headers:body:redacting:now:)``); a transport error
///   is mapped from its `URLError` code; a body larger than ``maximumBodySize`` fails with
///   `.incorrectDataReturned` as soon as the size is known, without reading the rest.
/// - The value of a `key` parameter (the API key) never appears in an error or a log line.
///
/// The producers keep the network (and its session) alive while they exist.
public final class Network: Networking {
    /// The default time, in seconds, a request may wait for data before it fails.
    public static let defaultTimeout: TimeInterval = 15
    /// The default largest body accepted: 10 MB.
    public static let defaultMaximumBodySize = 10_000_000

    /// Seconds a request may wait for data before failing with `.notReachedServer`.
    public let timeout: TimeInterval
    /// The largest body, in bytes, accepted before failing with `.incorrectDataReturned`.
    public let maximumBodySize: Int

    private let session: URLSession
    /// The serial queue of the session's delegate (kept here: `OperationQueue` does not
    /// retain its underlying queue on every platform).
    private let deliveryQueue = DispatchQueue(label: "ImageSearchModel.Network")
    private let delegate: NetworkSessionDelegate
    private let log: (@Sendable (String) -> Void)?

    /// Creates a network with its own `URLSession`.
    ///
    /// - Parameters:
    ///   - timeout: Seconds a request may wait for data (default 15). The whole transfer
    ///     may take at most four times as long, and never less than a minute.
    ///   - maximumBodySize: The largest body accepted, in bytes (default 10 MB).
    ///   - log: Receives one line when a request starts and one when it ends, with the API
    ///     key redacted; `nil` (the default) logs nothing. Called on the network's queue.
    public init(
        timeout: TimeInterval = Network.defaultTimeout,
        maximumBodySize: Int = Network.defaultMaximumBodySize,
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.timeout = timeout > 0 ? timeout : Network.defaultTimeout
        self.maximumBodySize = max(0, maximumBodySize)
        self.log = log
        let configuration = URLSessionConfiguration.ephemeral
        // FoundationNetworking on Linux fails a request at once when its timeout is under a
        // second, so the session gets at least one second and `request` enforces shorter
        // timeouts itself.
        configuration.timeoutIntervalForRequest = max(self.timeout, 1)
        configuration.timeoutIntervalForResource = max(60, self.timeout * 4)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.underlyingQueue = deliveryQueue
        queue.name = "ImageSearchModel.Network"
        delegate = NetworkSessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
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
        request(url: url, parameters: parameters, accept: "application/json") { data in
            Self.looksLikeJSON(data)
        }
    }

    /// Downloads the image at `url`, checking that the bytes are PNG, JPEG, GIF or WebP.
    ///
    /// - Parameter url: An `http` or `https` address.
    /// - Returns: A producer of the image bytes; anything else (an HTML page, say) fails with
    ///   `.incorrectDataReturned`.
    public func requestImage(url: String) -> SignalProducer<Data, NetworkError> {
        request(url: url, parameters: [:], accept: "image/*") { data in
            ImageFormat(of: data) != nil
        }
    }

    private func request(
        url: String, parameters: [String: String], accept: String,
        isAcceptable: @escaping @Sendable (Data) -> Bool
    ) -> SignalProducer<Data, NetworkError> {
        SignalProducer { observer, lifetime in
            let secrets = parameters.filter { Redactor.secretParameterNames.contains($0.key) }
                .map(\.value)
            let redactor = Redactor(secrets: secrets)
            let address = QueryString.append(parameters, to: url)
            let shownAddress = redactor.redact(address)
            guard let target = URL(string: address), let scheme = target.scheme?.lowercased(),
                scheme == "http" || scheme == "https", target.host != nil
            else {
                let error = NetworkError.invalidRequest(
                    message: "\"\(shownAddress)\" is not a valid http or https address")
                self.log?("GET \(shownAddress) failed: \(error.debugDescription)")
                observer.send(error: error)
                return
            }
            var request = URLRequest(
                url: target, cachePolicy: .reloadIgnoringLocalCacheData,
                timeoutInterval: max(self.timeout, 1))
            request.httpMethod = "GET"
            request.setValue(accept, forHTTPHeaderField: "Accept")
            let task = self.session.dataTask(with: request)
            let log = self.log
            let transfer = NetworkTransfer(
                maximumBodySize: self.maximumBodySize, secrets: secrets, isAcceptable: isAcceptable
            ) { result in
                // After a disposal the task reports "cancelled": nobody is listening any more.
                guard !lifetime.hasEnded else { return }
                switch result {
                case .success(let (status, data)):
                    log?("GET \(shownAddress) → \(status), \(data.count) bytes")
                    observer.send(value: data)
                    observer.sendCompleted()
                case .failure(let error):
                    log?("GET \(shownAddress) failed: \(error.debugDescription)")
                    observer.send(error: error)
                }
            }
            self.delegate.register(transfer, for: task)
            lifetime.observeEnded { [weak task] in
                guard let task, task.state == .running || task.state == .suspended else { return }
                log?("GET \(shownAddress) cancelled")
                task.cancel()
            }
            if self.timeout < 1 {
                let deadline = DispatchWorkItem {
                    guard !lifetime.hasEnded else { return }
                    log?("GET \(shownAddress) failed: timed out after \(self.timeout) s")
                    observer.send(error: .notReachedServer)
                }
                self.deliveryQueue.asyncAfter(deadline: .now() + self.timeout, execute: deadline)
                lifetime.observeEnded { deadline.cancel() }
            }
            log?("GET \(shownAddress)")
            task.resume()
        }
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
