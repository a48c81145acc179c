import Foundation

/// The Pixabay API contract: where to send a search and with which parameters.
///
/// A request is a GET of ``baseURL`` with the parameters `key`, `q`, `image_type`,
/// `safesearch`, `per_page` and `page` (see ``parameters(query:page:)``). Pixabay allows 100
/// requests per 60 seconds per key and asks clients to cache results for 24 hours;
/// ``ImageSearch`` honours both with its ``RateLimiter`` and ``ResponseCache``.
///
/// The API key is never shown: ``description``, ``debugDescription`` and the mirror (what
/// `dump` and the debugger print) say whether a key is set, not what it is.
public struct Pixabay: Equatable, Sendable {
    /// The kinds of image Pixabay can be asked for (`image_type`).
    public enum ImageType: String, Equatable, Sendable, CaseIterable {
        /// Every kind.
        case all
        /// Photographs (the default).
        case photo
        /// Drawings and paintings.
        case illustration
        /// Vector graphics.
        case vector
    }

    /// Pixabay's endpoint: `https://pixabay.com/api/`.
    public static let defaultBaseURL = "https://pixabay.com/api/"
    /// The environment variable the key is read from: `PIXABAY_API_KEY`.
    public static let apiKeyEnvironmentVariable = "PIXABAY_API_KEY"
    /// The page sizes Pixabay accepts: 3…200.
    public static let perPageRange: ClosedRange<Int> = 3...200
    /// The page size used unless told otherwise: 50.
    public static let defaultPerPage = 50
    /// The longest query Pixabay accepts, in characters: 100.
    public static let maximumQueryLength = 100

    /// The API key, or `nil` when none is configured (Pixabay then rejects each search with
    /// `.invalidRequest`; the `OfflineCatalog` needs none).
    public let apiKey: String?
    /// The endpoint searches are sent to.
    ///
    /// It may hold a user name and password (`http://user:password@host/`), which are sent
    /// to that server only and never stored or shown: see ``shownBaseURL``.
    public let baseURL: String
    /// How many images a page holds.
    public let perPage: Int
    /// The kind of image searched for.
    public let imageType: ImageType
    /// Whether only images suitable for all ages are returned.
    public let safeSearch: Bool

    /// Creates a configuration, checking every value.
    ///
    /// - Parameters:
    ///   - apiKey: The key; by default the `PIXABAY_API_KEY` environment variable. A blank key
    ///     counts as none.
    ///   - baseURL: The endpoint; override it for a compatible server or a test server.
    ///   - perPage: Images per page, 3…200 (default 50).
    ///   - imageType: The kind of image (default `.photo`).
    ///   - safeSearch: Whether to ask for images suitable for all ages (default `true`).
    /// - Throws: ``ConfigurationError/perPageOutOfRange(_:)`` for a page size outside
    ///   3…200 (it is not silently clamped), ``ConfigurationError/invalidBaseURL(_:)`` for an
    ///   endpoint that is not an `http` or `https` URL.
    public init(
        apiKey: String? = Pixabay.environmentAPIKey(),
        baseURL: String = Pixabay.defaultBaseURL,
        perPage: Int = Pixabay.defaultPerPage,
        imageType: ImageType = .photo,
        safeSearch: Bool = true
    ) throws(ConfigurationError) {
        guard Self.perPageRange.contains(perPage) else {
            throw .perPageOutOfRange(perPage)
        }
        guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host != nil
        else {
            throw .invalidBaseURL(Redactor.removingUserInfo(from: baseURL))
        }
        self.init(
            checkedAPIKey: apiKey, baseURL: baseURL, perPage: perPage, imageType: imageType,
            safeSearch: safeSearch)
    }

    private init(
        checkedAPIKey apiKey: String?, baseURL: String, perPage: Int, imageType: ImageType,
        safeSearch: Bool
    ) {
        let trimmed = apiKey?.trimmingCharacters(in: .whitespacesAndNewlines)
        self.apiKey = trimmed?.isEmpty == false ? trimmed : nil
        self.baseURL = baseURL
        self.perPage = perPage
        self.imageType = imageType
        self.safeSearch = safeSearch
    }

    /// The default configuration: Pixabay's endpoint, the key from `PIXABAY_API_KEY`, 50
    /// photos per page, safe search on. Read from the environment each time it is used.
    public static var standard: Pixabay {
        Pixabay(
            checkedAPIKey: environmentAPIKey(), baseURL: defaultBaseURL, perPage: defaultPerPage,
            imageType: .photo, safeSearch: true)
    }

    /// The key in `environment[PIXABAY_API_KEY]`, trimmed, or `nil` if it is missing or
    /// blank.
    ///
    /// - Parameter environment: The variables to read; by default the process's.
    /// - Returns: The key, or `nil`.
    public static func environmentAPIKey(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String? {
        let key = environment[apiKeyEnvironmentVariable]?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return key?.isEmpty == false ? key : nil
    }

    /// The query parameters of one page of a search.
    ///
    /// - Parameters:
    ///   - query: The search terms, sent as `q` (checked by ``validatedQuery(_:)`` first).
    ///   - page: The page number, from 1.
    /// - Returns: `key` (when set), `q`, `image_type`, `safesearch`, `per_page` and `page`.
    public func parameters(query: String, page: Int) -> [String: String] {
        var parameters = [
            "q": query,
            "image_type": imageType.rawValue,
            "safesearch": safeSearch ? "true" : "false",
            "per_page": String(perPage),
            "page": String(page),
        ]
        if let apiKey { parameters["key"] = apiKey }
        return parameters
    }

    /// The query as it will be sent: trimmed, with runs of blanks made single spaces.
    ///
    /// - Parameter query: What the user typed.
    /// - Returns: The cleaned query.
    /// - Throws: `NetworkError.invalidRequest` for a blank query or one longer than 100
    ///   characters, the limit Pixabay enforces.
    public static func validatedQuery(_ query: String) throws(NetworkError) -> String {
        let words = query.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let cleaned = words.joined(separator: " ")
        guard !cleaned.isEmpty else {
            throw .invalidRequest(message: "the search is empty; type what to look for")
        }
        guard cleaned.count <= maximumQueryLength else {
            throw .invalidRequest(
                message: "the search is longer than \(maximumQueryLength) characters")
        }
        return cleaned
    }
}

extension Pixabay: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// ``baseURL`` without its user name and password, and with the value of a `key=` it
    /// carries hidden, for messages, logs and cache keys.
    public var shownBaseURL: String { Redactor.shownAddress(baseURL) }

    /// The configuration with the key and the base URL's userinfo hidden.
    public var description: String {
        "Pixabay(apiKey: \(apiKey == nil ? "none" : Redactor.placeholder), "
            + "baseURL: \(shownBaseURL), "
            + "perPage: \(perPage), imageType: \(imageType.rawValue), safeSearch: \(safeSearch))"
    }

    /// The same as ``description``: the key is hidden in debug output too.
    public var debugDescription: String { description }

    /// A mirror that hides the key from `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "apiKey": apiKey == nil ? "none" : Redactor.placeholder,
                "baseURL": shownBaseURL, "perPage": perPage, "imageType": imageType,
                "safeSearch": safeSearch,
            ])
    }
}
