/// How `flatMap` and `flatten` combine the inner streams created from the outer values.
///
/// | Strategy | When an outer value arrives while an inner stream is running |
/// |---|---|
/// | `.merge` | starts the new inner at once; values of all inners interleave |
/// | `.concat` | queues the new inner; it starts when the previous one completed |
/// | `.latest` | disposes (interrupts) the running inner, then starts the new one |
/// | `.race` | starts it; the first inner to send any event wins, the others are disposed |
/// | `.concurrent(limit:)` | starts it if fewer than `limit` run, otherwise queues it |
///
/// `.latest` is the strategy of a search box: typing a new query cancels the request for
/// the stale one. With every strategy, an inner failure fails the result, an inner
/// interruption counts as that inner's completion (as in ReactiveSwift), and the result
/// completes once the outer stream and every inner stream it started have completed.
public struct FlattenStrategy: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Kind: Hashable, Sendable {
        case concurrent(limit: Int)
        case latest
        case race
    }

    @usableFromInline let kind: Kind

    /// Runs every inner stream as soon as its outer value arrives; values interleave.
    public static let merge = FlattenStrategy(kind: .concurrent(limit: .max))

    /// Runs one inner stream at a time, in the order of the outer values.
    public static let concat = FlattenStrategy(kind: .concurrent(limit: 1))

    /// Runs only the inner stream of the newest outer value, disposing the previous one.
    public static let latest = FlattenStrategy(kind: .latest)

    /// Forwards only the first inner stream to send an event and disposes the others; outer
    /// values arriving after a winner was chosen are ignored.
    public static let race = FlattenStrategy(kind: .race)

    /// Runs at most `limit` inner streams at once; the others wait in order.
    ///
    /// - Parameter limit: The number of inner streams allowed to run at once; values below
    ///   one are treated as one.
    /// - Returns: The strategy.
    public static func concurrent(limit: Int) -> FlattenStrategy {
        FlattenStrategy(kind: .concurrent(limit: max(1, limit)))
    }

    /// The strategy's name, such as `merge` or `concurrent(limit: 4)`.
    public var description: String {
        switch kind {
        case .concurrent(limit: .max): return "merge"
        case .concurrent(limit: 1): return "concat"
        case .concurrent(let limit): return "concurrent(limit: \(limit))"
        case .latest: return "latest"
        case .race: return "race"
        }
    }
}
