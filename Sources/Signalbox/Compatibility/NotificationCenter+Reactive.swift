import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NotificationCenter: ReactiveExtensionsProvider {}

extension Reactive where Base: NotificationCenter {
    /// A signal of the notifications named `name` (any name if `nil`) posted by `object`
    /// (any sender if `nil`).
    ///
    /// Each notification is sent on the thread that posts it. The signal registers with
    /// the notification center at once and unregisters when it ends: when its last observer
    /// detaches after nothing else refers to it, or when it is released. It never
    /// completes or fails on its own.
    ///
    /// - Parameters:
    ///   - name: The notification name to observe, or `nil` for all.
    ///   - object: The sender to observe, or `nil` for any.
    /// - Returns: The signal of notifications.
    public func notifications(forName name: Notification.Name?, object: AnyObject? = nil)
        -> Signal<Notification, Never>
    {
        let center = base
        return Signal { observer, lifetime in
            let registration = center.addObserver(forName: name, object: object, queue: nil) {
                observer.send(value: $0)
            }
            let token = NotificationRegistration(registration)
            lifetime.observeEnded { center.removeObserver(token.value) }
        }
    }
}

/// The opaque registration `addObserver(forName:object:queue:using:)` returns, carried to
/// the thread that ends the signal.
private final class NotificationRegistration: @unchecked Sendable {
    // Safety: immutable after `init`; only passed back to `removeObserver`, which is
    // thread-safe.
    let value: NSObjectProtocol

    init(_ value: NSObjectProtocol) {
        self.value = value
    }
}

extension URLSession: ReactiveExtensionsProvider {}

extension Reactive where Base: URLSession {
    /// A producer that performs `request` with a data task on each start, sending the
    /// response body and the response, then completing, or failing with the session's
    /// error.
    ///
    /// Events are sent on the session's delegate queue. Disposing the run cancels the task
    /// (its cancellation error is not sent: the run has ended).
    ///
    /// - Parameter request: The request to perform.
    /// - Returns: A producer of one `(Data, URLResponse)` pair.
    public func data(with request: URLRequest) -> SignalProducer<(Data, URLResponse), Swift.Error> {
        let session = base
        return SignalProducer { observer, lifetime in
            let task = session.dataTask(with: request) { data, response, error in
                if let data, let response {
                    observer.send(value: (data, response))
                    observer.sendCompleted()
                } else {
                    observer.send(error: error ?? URLError(.badServerResponse))
                }
            }
            lifetime.observeEnded { task.cancel() }
            task.resume()
        }
    }
}
