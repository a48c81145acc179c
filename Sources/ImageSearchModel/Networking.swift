import Foundation
import Signalbox

/// The transport the model layer talks through: any HTTP request (``send(_:)`` with a
/// ``NetworkRequest``), and the JSON requests and image downloads of 0.1.0.
///
/// Why a protocol: `ImageSearch` and the view models depend on this, not on `URLSession`,
/// so tests pass a stub that answers in virtual time, and a front end can pass the
/// `OfflineCatalog` (from `ImageSearchOffline`) to work with no network at all. ``Network``
/// is the real thing.
///
/// A conformer written against 0.1.0 implements only ``requestJSON(url:parameters:)`` and
/// ``requestImage(url:)``; it still works with ``send(_:)`` for plain `GET` requests (the
/// default ``perform(_:)`` routes them through those two). ``Network`` implements
/// ``perform(_:)`` for every method, with headers and a body.
///
/// Contract for implementations:
/// - Nothing happens until a returned producer is started; each start is one request.
/// - A successful request sends exactly one `Data` value, then completes.
/// - A failure is a ``NetworkError`` whose text never contains the API key.
/// - Disposing a running producer cancels its request.
public protocol Networking: Sendable {
    /// Requests JSON with a GET of `url` and `parameters` as a percent-encoded query.
    ///
    /// - Parameters:
    ///   - url: The endpoint, without the query (it may already hold fixed query items).
    ///   - parameters: Query items; names and values are percent-encoded by the transport.
    /// - Returns: A producer that sends the body of a 2xx response, then completes, or fails.
    func requestJSON(url: String, parameters: [String: String]) -> SignalProducer<
        Data, NetworkError
    >

    /// Downloads the image at `url`.
    ///
    /// - Parameter url: The address of the image.
    /// - Returns: A producer that sends the image bytes (checked to be PNG, JPEG, GIF or WebP)
    ///   and completes, or fails with `.incorrectDataReturned` for anything else.
    func requestImage(url: String) -> SignalProducer<Data, NetworkError>

    /// Performs one HTTP exchange and sends the body of a 2xx response, checked against
    /// the request's ``PreparedRequest/expectedContent``.
    ///
    /// The default implementation serves plain `GET` requests through
    /// ``requestJSON(url:parameters:)`` (`.json` and `.any`) or ``requestImage(url:)``
    /// (`.image`, with the parameters appended to the address), and fails any other request
    /// with `.invalidRequest`, saying the transport cannot send it.
    ///
    /// - Parameter request: The request.
    /// - Returns: A producer that sends the body, then completes, or fails.
    func perform(_ request: PreparedRequest) -> SignalProducer<Data, NetworkError>

    /// Performs `request` and decodes its response; see ``NetworkRequest``.
    ///
    /// The default implementation is ``perform(_:)`` followed by the request's
    /// ``NetworkRequest/decode(_:)``; a stub can answer typed requests directly.
    ///
    /// - Parameter request: The request object.
    /// - Returns: A producer that sends the decoded response, then completes, or fails.
    func send<Request: NetworkRequest>(_ request: Request) -> SignalProducer<
        Request.Response, NetworkError
    >
}

extension Networking {
    /// Serves plain `GET` requests through ``requestJSON(url:parameters:)`` or
    /// ``requestImage(url:)``; see the requirement.
    ///
    /// - Parameter request: The request.
    /// - Returns: A producer of the response body.
    public func perform(_ request: PreparedRequest) -> SignalProducer<Data, NetworkError> {
        guard request.isPlainGet else {
            return SignalProducer(
                error: .invalidRequest(
                    message: "this transport sends plain GET requests only, not "
                        + "\(request.method.rawValue) with headers or a body"))
        }
        switch request.expectedContent {
        case .json, .any:
            return requestJSON(url: request.url, parameters: request.parameters)
        case .image:
            return requestImage(url: QueryString.append(request.parameters, to: request.url))
        }
    }

    /// ``perform(_:)``, then the request's ``NetworkRequest/decode(_:)``.
    ///
    /// - Parameter request: The request object.
    /// - Returns: A producer of the decoded response.
    public func send<Request: NetworkRequest>(_ request: Request) -> SignalProducer<
        Request.Response, NetworkError
    > {
        perform(PreparedRequest(request)).attemptMap { data throws(NetworkError) in
            try request.decode(data)
        }
    }
}
