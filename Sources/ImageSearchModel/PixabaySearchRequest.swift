import Foundation

/// One page of a Pixabay image search, as a request object: `GET` of the configured
/// endpoint with the search's parameters, answered by a ``ResponseEntity``.
///
/// ``ImageSearch`` sends one per page; a front end or a test can send one directly:
///
/// ```swift
/// network.send(PixabaySearchRequest(pixabay: .standard, query: "red fox", page: 1))
///     .startWithResult { print($0) }
/// ```
public struct PixabaySearchRequest: NetworkRequest, Equatable {
    /// The decoded page.
    public typealias Response = ResponseEntity

    /// The API configuration (endpoint, key, page size, filters).
    public let pixabay: Pixabay
    /// The search terms, already validated (see ``Pixabay/validatedQuery(_:)``).
    public let query: String
    /// The page number, from 1.
    public let page: Int

    /// Creates the request for `page` of `query`.
    ///
    /// - Parameters:
    ///   - pixabay: The API configuration.
    ///   - query: The search terms.
    ///   - page: The page number, from 1.
    public init(pixabay: Pixabay, query: String, page: Int) {
        self.pixabay = pixabay
        self.query = query
        self.page = page
    }

    /// The configured endpoint.
    public var url: String { pixabay.baseURL }
    /// The key (when set), the query and the page's parameters.
    public var parameters: [String: String] { pixabay.parameters(query: query, page: page) }

    /// The request's identity for the ``ResponseCache``: its address with the query,
    /// without the API key (so the key is never written to a cache, and a new key still
    /// finds the pages fetched with the old one).
    public var cacheKey: String { ImageSearch.cacheKey(baseURL: url, parameters: parameters) }

    /// Decodes a Pixabay page strictly, keeping at most ``Pixabay/perPage`` hits (see
    /// ``ResponseEntity/decode(from:keepingAtMost:)``).
    ///
    /// - Parameter data: The response body.
    /// - Returns: The page.
    /// - Throws: `.incorrectDataReturned` for anything that is not a well-formed page.
    public func decode(_ data: Data) throws(NetworkError) -> ResponseEntity {
        try ResponseEntity.decode(from: data, keepingAtMost: pixabay.perPage)
    }
}

/// The download of one image, as a request object: `GET` of its address, answered by its
/// bytes once they are checked to be PNG, JPEG, GIF or WebP.
public struct ImageDownloadRequest: NetworkRequest, Equatable {
    /// The image bytes.
    public typealias Response = Data

    /// The image's address.
    public let url: String

    /// Creates the download of the image at `url`.
    ///
    /// - Parameter url: The image's address.
    public init(url: String) {
        self.url = url
    }

    /// An image.
    public var expectedContent: ExpectedContent { .image }
}
