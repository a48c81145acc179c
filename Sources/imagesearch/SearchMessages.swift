import ImageSearchModel

/// The sentences the front ends print for a failed search and for skipped hits.
enum SearchMessages {
    /// The view model's `errorMessage`, sanitised; for an HTTP 404, a sentence that points at
    /// the address rather than the key (a wrong key gets a 400 from Pixabay, a wrong address
    /// a 404).
    static func error(_ message: String, cause: NetworkError?, baseURL: String?) -> String {
        if case .invalidRequest(let text)? = cause, text.hasPrefix("HTTP 404") {
            let address = TerminalText.sanitized(baseURL ?? Pixabay.defaultBaseURL)
            return "Nothing answers searches at \(address) (HTTP 404 Not Found). "
                + "Check --base-url."
        }
        return TerminalText.sanitized(message)
    }

    /// `"1 malformed result was skipped."`, or `nil` for none.
    static func skipped(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        return count == 1
            ? "1 malformed result was skipped."
            : "\(count) malformed results were skipped."
    }
}
