import Foundation
import Signalbox

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The session's delegate: routes each task's callbacks to its ``NetworkTransfer``.
///
/// One delegate serves every task of a ``Network``'s session; transfers are looked up by task
/// identifier and forgotten when their task completes.
final class NetworkSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // Safety: the only state is `transfers`, an `Atomic` dictionary.
    private let transfers = Atomic<[Int: NetworkTransfer]>([:])

    func register(_ transfer: NetworkTransfer, for task: URLSessionTask) {
        transfers.modify { $0[task.taskIdentifier] = transfer }
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
            transfer.cancel()
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(for: dataTask) else { return }
        if !transfer.receive(data) { transfer.cancel() }
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
        // Never followed by the session: the redirect arrives as the hop's response, and
        // the transfer starts the next hop itself (see `NetworkTransfer`).
        transfer.answerRedirect { completionHandler(nil) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
        let transfer = transfers.modify { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.complete(with: error)
    }
}
