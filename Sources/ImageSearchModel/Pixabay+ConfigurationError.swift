extension Pixabay {
    /// Why a ``Pixabay`` configuration was refused.
    public enum ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The page size is outside 3…200.
        case perPageOutOfRange(Int)
        /// The endpoint is not an `http` or `https` URL.
        case invalidBaseURL(String)

        /// A sentence that says what is wrong and what is allowed.
        public var description: String {
            switch self {
            case .perPageOutOfRange(let value):
                return "The page size \(value) is not allowed: Pixabay accepts "
                    + "\(Pixabay.perPageRange.lowerBound) to \(Pixabay.perPageRange.upperBound) "
                    + "images per page."
            case .invalidBaseURL(let value):
                return "\"\(value)\" is not an http or https address; "
                    + "give the API endpoint, such as \(Pixabay.defaultBaseURL)."
            }
        }
    }
}
