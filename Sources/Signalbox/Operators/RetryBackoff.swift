import Foundation

/// How long to wait before each retry: a constant pause or an exponentially growing one.
///
/// The delay before retry number `n` (counting from 1) is
/// `initialDelay × multiplier^(n − 1)`, capped at `maximumDelay`, which is never more than
/// `longestDelay` (one day), so no backoff overflows or waits forever:
///
/// ```swift
/// let backoff = RetryBackoff.exponential(initial: 0.5, multiplier: 2, maximum: 4)
/// // Delays before retries 1, 2, 3, 4, 5: 0.5, 1, 2, 4, 4 seconds.
/// ```
///
/// Why a value type rather than a closure: a backoff is data a view model can hold, print
/// and compare in a test; for full control (for instance honouring a server's Retry-After)
/// use `retry(upTo:on:delayBeforeRetry:)`, which can call `delay(beforeRetry:)` for the
/// errors it does not treat specially.
public struct RetryBackoff: Sendable, Hashable, CustomStringConvertible {
    /// The longest pause before a retry, one day: every delay, initial and maximum
    /// delays included, is clamped to it.
    public static let longestDelay: TimeInterval = 86_400

    /// Seconds before the first retry; never negative, at most `longestDelay`.
    public let initialDelay: TimeInterval
    /// The factor by which each delay exceeds the previous one; at least one.
    public let multiplier: Double
    /// The longest delay; never less than `initialDelay`, never more than `longestDelay`.
    public let maximumDelay: TimeInterval

    /// Creates a backoff.
    ///
    /// Out-of-range arguments are clamped rather than trapped on: a negative or NaN delay
    /// becomes zero, a delay above `longestDelay` (+∞ too) becomes `longestDelay`, a
    /// multiplier below one (or NaN) becomes one, and a maximum below the initial delay
    /// becomes the initial delay.
    ///
    /// - Parameters:
    ///   - initialDelay: Seconds before the first retry.
    ///   - multiplier: The growth factor between consecutive delays.
    ///   - maximumDelay: The cap on any delay; at most `longestDelay`.
    public init(
        initialDelay: TimeInterval, multiplier: Double = 2,
        maximumDelay: TimeInterval = .infinity
    ) {
        let initial = Self.clamped(initialDelay)
        self.initialDelay = initial
        self.multiplier = multiplier.isNaN ? 1 : max(1, multiplier)
        self.maximumDelay = maximumDelay.isNaN ? initial : max(initial, Self.clamped(maximumDelay))
    }

    /// The same pause before every retry.
    ///
    /// - Parameter delay: Seconds to wait before each retry.
    /// - Returns: The backoff.
    public static func constant(_ delay: TimeInterval) -> RetryBackoff {
        RetryBackoff(initialDelay: delay, multiplier: 1)
    }

    /// A pause that grows by `multiplier` after each retry, up to `maximum`.
    ///
    /// - Parameters:
    ///   - initial: Seconds before the first retry.
    ///   - multiplier: The growth factor; 2 doubles the pause each time.
    ///   - maximum: The cap on any pause; at most `longestDelay`.
    /// - Returns: The backoff.
    public static func exponential(
        initial: TimeInterval, multiplier: Double = 2, maximum: TimeInterval = .infinity
    ) -> RetryBackoff {
        RetryBackoff(initialDelay: initial, multiplier: multiplier, maximumDelay: maximum)
    }

    /// Retries at once, without a pause.
    public static let immediate = RetryBackoff.constant(0)

    /// The pause before retry number `attempt`.
    ///
    /// - Parameter attempt: The retry, counting from 1; values below 1 count as 1.
    /// - Returns: Seconds to wait, between zero and `maximumDelay`.
    public func delay(beforeRetry attempt: Int) -> TimeInterval {
        // Zero times an infinite growth would be NaN; zero stays zero.
        if initialDelay == 0 { return 0 }
        let exponent = Double(max(1, attempt) - 1)
        let delay = initialDelay * pow(multiplier, exponent)
        return delay.isFinite ? min(delay, maximumDelay) : maximumDelay
    }

    /// `delay` made a valid pause: NaN or negative becomes zero, longer than `longestDelay`
    /// (+∞ too) becomes `longestDelay`.
    static func clamped(_ delay: TimeInterval) -> TimeInterval {
        guard delay > 0 else { return 0 }  // NaN too
        return min(delay, longestDelay)
    }

    /// A summary such as `exponential(initial: 0.5 s, ×2, max 4.0 s)`.
    public var description: String {
        if multiplier == 1 { return "constant(\(initialDelay) s)" }
        return "exponential(initial: \(initialDelay) s, ×\(multiplier), max \(maximumDelay) s)"
    }
}
