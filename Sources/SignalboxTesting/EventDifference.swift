/// A readable account of how recorded events differ from the expected ones.
///
/// Produced by `EventRecorder.difference(from:)`, which returns `nil` when there is no
/// difference, so it reads well in both test frameworks without importing either:
///
/// ```swift
/// #expect(recorder.difference(from: expected) == nil)   // Swift Testing
/// XCTAssertNil(recorder.difference(from: expected))      // XCTest
/// ```
///
/// On failure the framework prints the description, a line-by-line diff in which
/// unchanged events are indented, expected events that did not arrive start with `-`, and
/// recorded events that were not expected start with `+`:
///
/// ```text
/// recorded events differ from expected (- expected, + recorded):
///   0.300 s value("cat")
/// - 0.800 s completed
/// + 0.900 s completed
/// ```
public struct EventDifference: Sendable, Equatable, CustomStringConvertible {
    /// One line of the diff.
    public enum Line: Sendable, Equatable {
        /// An element present in both, at the same position of the alignment.
        case same(String)
        /// An expected element that was not recorded.
        case missing(String)
        /// A recorded element that was not expected.
        case unexpected(String)
    }

    /// The aligned lines, in order; empty when the difference is only a problem stated in
    /// `preamble` (a malformed marble diagram).
    public let lines: [Line]

    /// Lines printed before the diff: the expected and recorded marble diagrams of
    /// `difference(fromMarbles:…)`, or a problem found in a diagram. Empty for a plain diff.
    public let preamble: [String]

    /// The line introducing the diff.
    let heading: String

    static let eventsHeading = "recorded events differ from expected (- expected, + recorded):"

    init(lines: [Line], heading: String = eventsHeading, preamble: [String] = []) {
        self.lines = lines
        self.heading = heading
        self.preamble = preamble
    }

    /// Compares `expected` with `recorded`; `nil` when they are equal.
    ///
    /// The alignment is a longest common subsequence, so one missing or extra event shows
    /// as one line rather than shifting everything after it.
    ///
    /// - Parameters:
    ///   - expected: What should have happened.
    ///   - recorded: What happened.
    ///   - describe: How to print an element.
    public init?<Element: Equatable>(
        expected: [Element], recorded: [Element],
        describe: (Element) -> String = { String(describing: $0) }
    ) {
        guard expected != recorded else { return nil }
        self.init(lines: Self.align(expected: expected, recorded: recorded, describe: describe))
    }

    /// The longest-common-subsequence alignment of `expected` and `recorded`, as lines.
    static func align<Element: Equatable>(
        expected: [Element], recorded: [Element], describe: (Element) -> String
    ) -> [Line] {
        let n = expected.count
        let m = recorded.count
        // lengths[i][j]: length of the longest common subsequence of expected[i...] and
        // recorded[j...].
        var lengths = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] =
                    expected[i] == recorded[j]
                    ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var lines: [Line] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == recorded[j] {
                lines.append(.same(describe(expected[i])))
                i += 1
                j += 1
            } else if j < m, i == n || lengths[i][j + 1] > lengths[i + 1][j] {
                lines.append(.unexpected(describe(recorded[j])))
                j += 1
            } else {
                lines.append(.missing(describe(expected[i])))
                i += 1
            }
        }
        return lines
    }

    /// The preamble lines, if any, then a heading line and one line per element (the heading
    /// is left out when a preamble states the whole problem).
    public var description: String {
        var text = preamble.joined(separator: "\n")
        if lines.isEmpty, !preamble.isEmpty { return text }
        if !text.isEmpty { text += "\n" }
        text += heading
        for line in lines {
            switch line {
            case .same(let element): text += "\n  \(element)"
            case .missing(let element): text += "\n- \(element)"
            case .unexpected(let element): text += "\n+ \(element)"
            }
        }
        return text
    }
}
