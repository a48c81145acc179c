import Foundation

/// Builds the percent-encoded query of a GET request.
///
/// Only RFC 3986 unreserved characters (`A–Z a–z 0–9 - . _ ~`) are left as they are;
/// everything else is encoded as UTF-8 bytes, so a space is `%20`, `+` is `%2B`, `&` is `%26`,
/// `=` is `%3D` and "é" is `%C3%A9`. (`URLComponents` leaves `+` alone, which a server
/// reads as a space.) Items are sorted by name, so the same parameters always give the same
/// URL, which the response cache relies on.
enum QueryString {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Percent-encodes one name or value.
    static func encode(_ text: String) -> String {
        // Only fails for strings that are not valid Unicode, which `String` cannot hold.
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// The encoded query for `parameters`, without a leading `?`.
    static func make(_ parameters: [String: String]) -> String {
        parameters.sorted { $0.key < $1.key }
            .map { encode($0.key) + "=" + encode($0.value) }
            .joined(separator: "&")
    }

    /// `url` with `parameters` appended as its query (after any query it already has).
    static func append(_ parameters: [String: String], to url: String) -> String {
        guard !parameters.isEmpty else { return url }
        let separator: String
        if !url.contains("?") {
            separator = "?"
        } else if url.hasSuffix("?") || url.hasSuffix("&") {
            separator = ""
        } else {
            separator = "&"
        }
        return url + separator + make(parameters)
    }
}
