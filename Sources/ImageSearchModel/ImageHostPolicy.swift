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
/// sent to it. The policy applies to requests expecting an image
/// (``Networking/requestImage(url:)``, ``ImageDownloadRequest``); JSON and other requests go
/// wherever their address says.
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

    /// Whether an image at `url` may be fetched (blocking while a name resolves).
    func allows(_ url: URL) -> Bool {
        guard !allowsPrivateHosts else { return true }
        guard let host = url.host else { return false }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        if trusted.contains("\(HostAddress.normalized(host)):\(port)") { return true }
        return HostAddress.isPublic(resolving: host)
    }

    /// Whether checking `url` needs no name resolution (a numeric host or a special name).
    func decidesWithoutResolving(_ url: URL) -> Bool {
        guard !allowsPrivateHosts, let host = url.host else { return true }
        return HostAddress.isPublic(numericHost: host) != nil
            || HostAddress.isPublic(specialName: host) != nil
    }
}
