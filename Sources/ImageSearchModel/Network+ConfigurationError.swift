extension Network {
    /// Why ``Network/init(validatingTimeout:maximumBodySize:log:userAgent:imageHosts:)`` refused its arguments.
    public enum ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The timeout is NaN, infinite, or outside ``Network/timeoutRange``.
        case timeoutOutOfRange(Double)
        /// The largest body size is negative.
        case negativeMaximumBodySize(Int)

        /// A sentence that says what is wrong and what is allowed.
        public var description: String {
            switch self {
            case .timeoutOutOfRange(let value):
                return "The timeout \(value) is not allowed: give a number of seconds from "
                    + "\(Network.timeoutRange.lowerBound) to "
                    + "\(Int(Network.timeoutRange.upperBound)) (one day)."
            case .negativeMaximumBodySize(let value):
                return "The largest body size \(value) is not allowed: give a number of bytes, "
                    + "0 or more."
            }
        }

        /// Equal when the cases and values are equal; two NaN timeouts count as equal.
        ///
        /// - Parameters:
        ///   - lhs: An error.
        ///   - rhs: Another error.
        /// - Returns: Whether they name the same problem with the same value.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            switch (lhs, rhs) {
            case (.timeoutOutOfRange(let left), .timeoutOutOfRange(let right)):
                return left == right || (left.isNaN && right.isNaN)
            case (.negativeMaximumBodySize(let left), .negativeMaximumBodySize(let right)):
                return left == right
            default:
                return false
            }
        }
    }
}
