import Foundation

/// An HTTP method.
public enum HTTPMethod: String, Equatable, Hashable, Sendable, CaseIterable {
    /// Reads a resource; parameters go in the query.
    case get = "GET"
    /// Creates something; parameters go in a form body unless the request has a body.
    case post = "POST"
    /// Replaces a resource; parameters as for `post`.
    case put = "PUT"
    /// Changes part of a resource; parameters as for `post`.
    case patch = "PATCH"
    /// Deletes a resource; parameters go in the query.
    case delete = "DELETE"
    /// Reads a resource's headers only; parameters go in the query.
    case head = "HEAD"

    /// Whether parameters travel in the query string (rather than a form body).
    public var sendsParametersInQuery: Bool {
        switch self {
        case .get, .delete, .head: return true
        case .post, .put, .patch: return false
        }
    }
}

/// What a response body must look like to be accepted, checked by the transport before it
/// is decoded.
public enum ExpectedContent: Equatable, Hashable, Sendable {
    /// JSON: the body starts with an object or an array (an HTML error page is refused).
    case json
    /// An image: PNG, JPEG, GIF or WebP bytes.
    case image
    /// Anything, even an empty body.
    case any
}

/// One endpoint of an HTTP API: where it is, how to call it, and what it answers.
///
/// Why: a model layer that builds URLs and decodes bodies inline repeats the same steps for
/// every endpoint and mixes them with its logic. A request type names its response type and
/// how to decode it; one client (any ``Networking``) performs every request with
/// ``Networking/send(_:)``, which returns a `SignalProducer` of the decoded response.
///
/// Everything but `url` has a default: `GET`, no parameters, no headers, no body, and — for
/// a `Decodable` response — JSON decoding.
///
/// ```swift
/// struct CreateTodo: NetworkRequest {
///     typealias Response = Todo          // Decodable: decoded as JSON
///     let title: String
///     var url: String { "https://todo.example/api/todos" }
///     var method: HTTPMethod { .post }
///     var headers: [String: String] { ["Content-Type": "application/json"] }
///     var body: Data? { try? JSONEncoder().encode(["title": title]) }
/// }
/// network.send(CreateTodo(title: "Buy milk")).startWithResult { print($0) }
/// ```
///
/// Where the parameters go: in the query string for `GET`, `DELETE` and `HEAD`; for `POST`,
/// `PUT` and `PATCH` in an `application/x-www-form-urlencoded` body — unless the request has
/// a `body` of its own, in which case they go in the query.
public protocol NetworkRequest: Sendable {
    /// What a successful response decodes to.
    associatedtype Response: Sendable

    /// The endpoint, an `http` or `https` address (it may already hold fixed query items).
    var url: String { get }
    /// The method (default `.get`).
    var method: HTTPMethod { get }
    /// Parameters, percent-encoded by the transport (default none); see the type's
    /// documentation for where they go.
    var parameters: [String: String] { get }
    /// Header fields to send (default none).
    var headers: [String: String] { get }
    /// The body to send (default none).
    var body: Data? { get }
    /// What the response body must look like (default `.json` for a `Decodable` response,
    /// `.any` for `Data` and any other response).
    var expectedContent: ExpectedContent { get }

    /// Turns the body of a 2xx response into the response.
    ///
    /// - Parameter data: The response body.
    /// - Returns: The decoded response.
    /// - Throws: A ``NetworkError``, `.incorrectDataReturned` for a body that is not what
    ///   was expected (the default JSON decoding throws that).
    func decode(_ data: Data) throws(NetworkError) -> Response
}

extension NetworkRequest {
    /// `GET`.
    public var method: HTTPMethod { .get }
    /// No parameters.
    public var parameters: [String: String] { [:] }
    /// No headers.
    public var headers: [String: String] { [:] }
    /// No body.
    public var body: Data? { nil }
    /// Any body is accepted.
    public var expectedContent: ExpectedContent { .any }
}

extension NetworkRequest where Response: Decodable {
    /// A JSON body.
    public var expectedContent: ExpectedContent { .json }

    /// Decodes the body as JSON; anything undecodable is `.incorrectDataReturned`.
    ///
    /// - Parameter data: The response body.
    /// - Returns: The decoded response.
    /// - Throws: `NetworkError.incorrectDataReturned` when the body does not decode.
    public func decode(_ data: Data) throws(NetworkError) -> Response {
        do {
            return try JSONDecoder().decode(Response.self, from: data)
        } catch {
            throw .incorrectDataReturned
        }
    }
}

extension NetworkRequest where Response == Data {
    /// Any body (raw bytes are not JSON, even though `Data` is `Decodable`).
    public var expectedContent: ExpectedContent { .any }

    /// The body as it came.
    ///
    /// - Parameter data: The response body.
    /// - Returns: `data`.
    /// - Throws: Nothing: every body is accepted (the transport already checked it against
    ///   ``NetworkRequest/expectedContent``).
    public func decode(_ data: Data) throws(NetworkError) -> Data { data }
}

/// A request reduced to what a transport needs: method, address, parameters, headers, body
/// and the expected content. ``Networking/perform(_:)`` takes one; ``Networking/send(_:)``
/// makes it from a ``NetworkRequest``.
public struct PreparedRequest: Equatable, Hashable, Sendable {
    /// The endpoint.
    public var url: String
    /// The method.
    public var method: HTTPMethod
    /// The parameters (query or form body; see ``NetworkRequest``).
    public var parameters: [String: String]
    /// The header fields.
    public var headers: [String: String]
    /// The body, if any.
    public var body: Data?
    /// What the response body must look like.
    public var expectedContent: ExpectedContent

    /// Creates a prepared request.
    ///
    /// - Parameters:
    ///   - url: The endpoint.
    ///   - method: The method (default `.get`).
    ///   - parameters: The parameters (default none).
    ///   - headers: The header fields (default none).
    ///   - body: The body (default none).
    ///   - expectedContent: What the response body must look like (default `.json`).
    public init(
        url: String, method: HTTPMethod = .get, parameters: [String: String] = [:],
        headers: [String: String] = [:], body: Data? = nil,
        expectedContent: ExpectedContent = .json
    ) {
        self.url = url
        self.method = method
        self.parameters = parameters
        self.headers = headers
        self.body = body
        self.expectedContent = expectedContent
    }

    /// The parts of `request`.
    ///
    /// - Parameter request: A request object.
    public init<Request: NetworkRequest>(_ request: Request) {
        self.init(
            url: request.url, method: request.method, parameters: request.parameters,
            headers: request.headers, body: request.body,
            expectedContent: request.expectedContent)
    }

    /// Whether a transport written for 0.1.0 (``Networking/requestJSON(url:parameters:)``
    /// and ``Networking/requestImage(url:)`` only) can perform it: a `GET` with no headers
    /// and no body.
    public var isPlainGet: Bool { method == .get && headers.isEmpty && body == nil }
}
