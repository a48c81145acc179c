import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a redirect turns the current request into: the rules of the browsers' Fetch standard
/// and of curl, applied by ``NetworkTransfer`` to every hop (FoundationNetworking is never let
/// follow a redirect itself: on Linux it drops the body of a 307 and sends every header to
/// every host).
struct RedirectRule {
    /// The statuses that redirect; any other 3xx is the final answer.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]
    /// Headers that are credentials whatever the request says.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]
    /// Headers that describe a body, dropped with it.
    static let bodyHeaders: Set<String> = [
        "content-type", "content-length", "content-encoding", "content-language",
        "content-location",
    ]

    /// The origin of the first request: secrets are sent there only.
    let origin: Origin
    /// Lowercased names of the headers that are dropped when a hop leaves the origin.
    let secretHeaders: Set<String>
    /// What to do when a hop leaves the origin.
    let crossOrigin: CrossOriginRedirectPolicy
    /// Whether the body holds a secret (a form of parameters with the API key).
    let bodyHoldsSecret: Bool
    /// The secret values the request carries in its address (the API key of a `GET`'s
    /// query): a hop whose address still holds one is refused once it leaves the origin.
    let secretQueryValues: [String]

    /// What a redirect leads to.
    enum Outcome {
        /// Send this request next.
        case follow(URLRequest)
        /// Fail with this error.
        case fail(NetworkError)
    }

    /// Scheme, host and port, compared as browsers compare origins.
    struct Origin: Equatable {
        let scheme: String
        let host: String
        let port: Int
    }

    init(
        firstURL: URL, secretHeaderNames: Set<String>, crossOrigin: CrossOriginRedirectPolicy,
        bodyHoldsSecret: Bool, secretQueryValues: [String] = []
    ) {
        origin = Origin(firstURL) ?? Origin(scheme: "", host: "", port: 0)
        secretHeaders = Self.credentialHeaders.union(secretHeaderNames.map { $0.lowercased() })
        self.crossOrigin = crossOrigin
        self.bodyHoldsSecret = bodyHoldsSecret
        // Very short values would match ordinary text (as in `Redactor`); real keys are long.
        self.secretQueryValues = secretQueryValues.filter { $0.count >= 4 }
    }

    /// Whether `url` carries a secret: a query item named as a secret (`key=`), or one of
    /// the request's secret values anywhere in the address, raw or percent-encoded in
    /// either case.
    func carriesSecret(_ url: URL) -> Bool {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        if items.contains(where: {
            Redactor.secretParameterNames.contains($0.name.lowercased())
                && $0.value?.isEmpty == false
        }) {
            return true
        }
        let address = url.absoluteString.lowercased()
        let decoded = (url.absoluteString.removingPercentEncoding ?? url.absoluteString)
            .lowercased()
        return secretQueryValues.contains { secret in
            let lowered = secret.lowercased()
            return address.contains(lowered) || decoded.contains(lowered)
        }
    }

    /// The request that follows `response` to `current`, or why it must not be followed.
    ///
    /// - Parameters:
    ///   - status: The redirect's status, one of ``statuses``.
    ///   - location: Its `Location` header.
    ///   - current: The request that was answered with the redirect.
    ///   - leftOrigin: Whether an earlier hop already left the origin; set when this one does.
    func next(
        status: Int, location: String, after current: URLRequest, leftOrigin: inout Bool
    ) -> Outcome {
        guard let base = current.url,
            let resolved = URL(string: location, relativeTo: base)?.absoluteURL,
            let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https",
            resolved.host?.isEmpty == false, let target = Self.normalized(resolved)
        else { return .fail(.incorrectDataReturned) }
        var request = current
        request.url = target
        let method = current.httpMethod ?? "GET"
        if (status == 303 && method != "GET" && method != "HEAD")
            || ((status == 301 || status == 302) && method == "POST")
        {
            request.httpMethod = "GET"
            request.httpBody = nil
            for name in Self.bodyHeaders { request.setValue(nil, forHTTPHeaderField: name) }
        }
        guard let next = Origin(target) else { return .fail(.incorrectDataReturned) }
        if next != origin { leftOrigin = true }
        guard leftOrigin else { return .follow(request) }
        let addressHoldsSecret = carriesSecret(target)
        if crossOrigin == .refuse || (bodyHoldsSecret && request.httpBody != nil)
            || addressHoldsSecret
        {
            let reason =
                crossOrigin == .refuse
                ? "this request is not sent across origins"
                : addressHoldsSecret
                    ? "the new address would carry the request's API key"
                        + (origin.scheme == "https" && next.scheme == "http"
                            ? ", in clear text over http" : "")
                    : "its body holds a secret"
            return .fail(
                .invalidRequest(
                    message: "the server redirected the request to another origin "
                        + "(\(next.text)), and \(reason)"))
        }
        for name in request.allHTTPHeaderFields?.keys.map({ $0 }) ?? []
        where secretHeaders.contains(name.lowercased()) {
            request.setValue(nil, forHTTPHeaderField: name)
        }
        return .follow(request)
    }

    /// `url` with its scheme in lower case (schemes are case-insensitive, and
    /// FoundationNetworking refuses `HTTP://`) and without its fragment (never sent).
    private static func normalized(_ url: URL) -> URL? {
        let scheme = url.scheme?.lowercased()
        guard url.fragment != nil || url.scheme != scheme else { return url }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.fragment = nil
        components?.scheme = scheme
        return components?.url
    }
}

extension RedirectRule.Origin {
    /// The origin of `url`, or `nil` when it has no scheme or host.
    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host else { return nil }
        self.init(
            scheme: scheme, host: HostAddress.normalized(host),
            port: url.port ?? (scheme == "https" ? 443 : 80))
    }

    /// `scheme://host:port`, for messages (never userinfo).
    var text: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost):\(port)"
    }
}
