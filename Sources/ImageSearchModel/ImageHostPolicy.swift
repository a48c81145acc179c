import Foundation

/// Which hosts ``Network`` downloads images from.
///
/// Why: the addresses of images (`previewURL`, `webformatURL`) come from the search server.
/// A hostile or compromised server could point them at the user's own machine or network
/// (`http://127.0.0.1:631/`, a router at `192.168.1.1`, a cloud metadata service at
/// `169.254.169.254`), and the client would fetch them. So by default images come from public
/// hosts only: loopback, link-local, private, shared, unspecified, multicast and reserved
/// addresses are refused, whatever their spelling (`127.1`, `0x7f000001`, `[::ffff:127.0.0.1]`),
/// names such as `localhost` and `*.local` too, and a name is resolved first and refused if
/// any of its addresses is not public. Every hop of a redirect is checked.
///
/// A refused image fails with ``NetworkError/invalidRequest(message:)`` before anything is
/// sent to it. The policy applies to every hop of a request expecting an image
/// (``Networking/requestImage(url:)``, ``ImageDownloadRequest``), and to every redirect of
/// any other request sent to a public host (a search): a public server cannot send the
/// client on to the user's own machine or network. A request the caller sends to a private
/// host itself (a test server, a mirror) is not held to it.
///
/// Names are resolved off the shared thread pool, a few at once, and never for a request
/// already cancelled; a resolver that never answers delays only the images on such hosts.
public struct ImageHostPolicy: Equatable, Hashable, Sendable {
    /// Whether private hosts are allowed too.
    let allowsPrivateHosts: Bool
    /// Hosts and ports allowed whatever they are (for tests that stand in a loopback server
    /// for a public host).
    let trusted: Set<String>

    /// Public hosts only (the default).
    public static let publicHostsOnly = ImageHostPolicy(allowsPrivateHosts: false, trusted: [])
    /// Every host.
    public static let anyHost = ImageHostPolicy(allowsPrivateHosts: true, trusted: [])

    private init(allowsPrivateHosts: Bool, trusted: Set<String>) {
        self.allowsPrivateHosts = allowsPrivateHosts
        self.trusted = trusted
    }

    /// The policy for the images a search server at `searchServer` points to: any host when
    /// the server itself is on a loopback, link-local or private address (a test server or a
    /// mirror on the local network, whose images are there too), public hosts only otherwise.
    ///
    /// A server given by name counts as public unless the name is `localhost`, `*.localhost`
    /// or `*.local`: give the address of a mirror on a private network to allow its images.
    ///
    /// - Parameter searchServer: The search endpoint, such as ``Pixabay/baseURL``.
    public init(searchServer: String) {
        let host = URL(string: searchServer)?.host ?? ""
        let isPublic =
            HostAddress.isPublic(numericHost: host) ?? HostAddress.isPublic(specialName: host)
            ?? true
        self.init(allowsPrivateHosts: !isPublic, trusted: [])
    }

    /// This policy, also allowing `host` on `port` (tests only).
    func trusting(host: String, port: UInt16) -> ImageHostPolicy {
        ImageHostPolicy(
            allowsPrivateHosts: allowsPrivateHosts,
            trusted: trusted.union(["\(HostAddress.normalized(host)):\(port)"]))
    }

    /// Whether a hop to `url` may be sent, when that is known without resolving a name;
    /// `nil` when only resolving `url`'s host can tell (see ``HostResolver``).
    func verdict(for url: URL) -> Bool? {
        guard !allowsPrivateHosts else { return true }
        guard let host = url.host else { return false }
        if trusted.contains(Self.key(of: url, host: host)) { return true }
        return HostAddress.isPublic(numericHost: host) ?? HostAddress.isPublic(specialName: host)
    }

    /// Whether the redirects of a request sent to `url` are held to this policy: when this
    /// policy keeps to public hosts and `url` is on one (a name counts as public, as in
    /// ``init(searchServer:)``). A request the caller itself sends to a private host may be
    /// redirected anywhere on that network.
    func holdsRedirects(of url: URL) -> Bool {
        guard !allowsPrivateHosts, let host = url.host else { return false }
        if trusted.contains(Self.key(of: url, host: host)) { return true }
        return HostAddress.isPublic(numericHost: host) ?? HostAddress.isPublic(specialName: host)
            ?? true
    }

    private static func key(of url: URL, host: String) -> String {
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(HostAddress.normalized(host)):\(port)"
    }
}
