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

/// What a request does when a redirect leads to another origin: another scheme, host or port
/// than the request's own address.
///
/// Whatever the policy, credentials never cross origins: `Authorization`,
/// `Proxy-Authorization`, `Cookie` and the headers a request names in
/// ``NetworkRequest/secretHeaderNames`` are sent to the request's own origin only, and once a
/// redirect has left that origin they are not sent again, even to a later hop that comes back
/// to it (the rule of curl and of the browsers' Fetch standard).
public enum CrossOriginRedirectPolicy: Equatable, Hashable, Sendable {
    /// Follow the redirect without the credentials (the default). A 307 or 308 re-sends the
    /// method and the body, as browsers do, unless the body is a form made of the request's
    /// parameters and holds a secret one (the API key): that redirect fails instead.
    case followWithoutSecrets
    /// Do not follow it: the request fails with ``NetworkError/invalidRequest(message:)``
    /// naming the other origin, and nothing is sent there. For a request whose body must not
    /// leave its origin.
    case refuse
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
///
/// Secrets: a header that carries a credential of your own (an `X-Api-Key`, say) is named in
/// ``secretHeaderNames``, so that it is never sent to another origin by a redirect and its
/// value never appears in an error or a log line; see ``CrossOriginRedirectPolicy`` for what
/// crosses a redirect.
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
    /// Names of headers (matched case-insensitively) whose values are secrets (default
    /// none): they are dropped when a redirect leaves the request's origin, like
    /// `Authorization`, `Proxy-Authorization` and `Cookie` always are, and their values are
    /// redacted from errors and log lines.
    var secretHeaderNames: Set<String> { get }
    /// What to do when a redirect leads to another origin (default
    /// ``CrossOriginRedirectPolicy/followWithoutSecrets``).
    var crossOriginRedirects: CrossOriginRedirectPolicy { get }

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
    /// No header beyond `Authorization`, `Proxy-Authorization` and `Cookie` is secret.
    public var secretHeaderNames: Set<String> { [] }
    /// Cross-origin redirects are followed without the credentials.
    public var crossOriginRedirects: CrossOriginRedirectPolicy { .followWithoutSecrets }
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
    /// Names of headers whose values are secrets, besides `Authorization`,
    /// `Proxy-Authorization` and `Cookie` (see ``NetworkRequest/secretHeaderNames``).
    public var secretHeaderNames: Set<String>
    /// What to do when a redirect leads to another origin.
    public var crossOriginRedirects: CrossOriginRedirectPolicy

    /// Creates a prepared request.
    ///
    /// - Parameters:
    ///   - url: The endpoint.
    ///   - method: The method (default `.get`).
    ///   - parameters: The parameters (default none).
    ///   - headers: The header fields (default none).
    ///   - body: The body (default none).
    ///   - expectedContent: What the response body must look like (default `.json`).
    ///   - secretHeaderNames: Headers whose values are secrets (default none).
    ///   - crossOriginRedirects: What a redirect to another origin does (default: followed
    ///     without the credentials).
    public init(
        url: String, method: HTTPMethod = .get, parameters: [String: String] = [:],
        headers: [String: String] = [:], body: Data? = nil,
        expectedContent: ExpectedContent = .json, secretHeaderNames: Set<String> = [],
        crossOriginRedirects: CrossOriginRedirectPolicy = .followWithoutSecrets
    ) {
        self.url = url
        self.method = method
        self.parameters = parameters
        self.headers = headers
        self.body = body
        self.expectedContent = expectedContent
        self.secretHeaderNames = secretHeaderNames
        self.crossOriginRedirects = crossOriginRedirects
    }

    /// The parts of `request`.
    ///
    /// - Parameter request: A request object.
    public init<Request: NetworkRequest>(_ request: Request) {
        self.init(
            url: request.url, method: request.method, parameters: request.parameters,
            headers: request.headers, body: request.body,
            expectedContent: request.expectedContent,
            secretHeaderNames: request.secretHeaderNames,
            crossOriginRedirects: request.crossOriginRedirects)
    }

    /// Whether a transport written for 0.1.0 (``Networking/requestJSON(url:parameters:)``
    /// and ``Networking/requestImage(url:)`` only) can perform it: a `GET` with no headers
    /// and no body.
    public var isPlainGet: Bool { method == .get && headers.isEmpty && body == nil }
}
