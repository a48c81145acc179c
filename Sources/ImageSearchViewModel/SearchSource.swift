import Foundation

/// Where a search screen's results come from, as its status line names it.
///
/// A front end knows which service it configured (a server address, or the offline catalog
/// standing in for one) and gives it to ``ImageSearchTableViewModel``, which shows it in
/// ``ImageSearchStatus``: "Searching “fox” on 127.0.0.1:8080…", not "on Pixabay" for a server
/// that is not Pixabay.
public enum SearchSource: Equatable, Sendable {
    /// A server reached at this address (a base URL such as `https://pixabay.com/api/`).
    case server(address: String)
    /// The offline catalog bundled with the package, answering without a network.
    case offlineCatalog
    /// Not said: the status names no source.
    case unspecified

    /// The source as a status line names it: the host (and port) of a server's address
    /// (the whole address if it has no host), `"the offline catalog"`, or `nil`. Not
    /// sanitised for a terminal: the address is whatever the front end was given.
    public var name: String? {
        switch self {
        case .server(let address):
            guard let components = URLComponents(string: address), let host = components.host,
                !host.isEmpty
            else { return address }
            return components.port.map { "\(host):\($0)" } ?? host
        case .offlineCatalog:
            return "the offline catalog"
        case .unspecified:
            return nil
        }
    }
}
