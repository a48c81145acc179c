import Foundation
import Signalbox

/// The transport the model layer talks through: JSON requests and image downloads.
///
/// Why a protocol: `ImageSearch` and the view models depend on this, not on `URLSession`,
/// so tests pass a stub that answers in virtual time, and a front end can pass the
/// ``OfflineCatalog`` to work with no network at all. ``Network`` is the real thing.
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
}
