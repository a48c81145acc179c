import Foundation

/// Why a marble diagram could not be used, and where in its text.
///
/// Its description quotes the diagram and points at the offending character:
///
/// ```text
/// marble diagram "--a*-|": unexpected '*' at position 3
///   --a*-|
///      ^
/// ```
public struct MarbleDiagramError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Sendable, Equatable {
        /// A character that is not part of the syntax.
        case unexpectedCharacter(Character)
        /// A `(` inside a group.
        case nestedGroup
        /// A `)` without its `(`.
        case unmatchedClosingParenthesis
        /// A `(` that is never closed (the position is the `(`).
        case unclosedGroup
        /// `()`: a group with no event.
        case emptyGroup
        /// A `-` inside a group, where no time passes.
        case dashInGroup
        /// An event after `|`, `#` or `!`.
        case eventAfterTermination(Character)
        /// A letter or digit that the `values` map does not name.
        case missingValue(Character)
        /// A `#` while no error was given.
        case missingError
        /// A frame duration that is not a positive finite number of seconds.
        case invalidFrame(TimeInterval)
    }

    /// The diagram text.
    public let diagram: String
    /// The offset of the offending character in `diagram`, in `Character`s from 0; `nil` when
    /// the problem is not in the text (`invalidFrame`).
    public let position: Int?
    /// What is wrong.
    public let reason: Reason

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - diagram: The diagram text.
    ///   - position: The offset of the offending character, in `Character`s from 0.
    ///   - reason: What is wrong.
    public init(diagram: String, position: Int?, reason: Reason) {
        self.diagram = diagram
        self.position = position
        self.reason = reason
    }

    /// One sentence naming the problem and its position, then the diagram with a caret under
    /// the offending character.
    public var description: String {
        let problem: String
        switch reason {
        case .unexpectedCharacter(let character): problem = "unexpected '\(character)'"
        case .nestedGroup: problem = "a group inside a group"
        case .unmatchedClosingParenthesis: problem = "')' without '('"
        case .unclosedGroup: problem = "'(' never closed"
        case .emptyGroup: problem = "an empty group"
        case .dashInGroup: problem = "'-' inside a group"
        case .eventAfterTermination(let character):
            problem = "'\(character)' after the terminal event"
        case .missingValue(let name): problem = "no value for '\(name)'"
        case .missingError: problem = "'#' but no error given"
        case .invalidFrame(let frame):
            return "marble diagram \"\(diagram)\": the frame must be a positive number of "
                + "seconds, not \(frame)"
        }
        let position = position ?? 0
        let caret = String(repeating: " ", count: position) + "^"
        return "marble diagram \"\(diagram)\": \(problem) at position \(position)\n"
            + "  \(diagram)\n  \(caret)"
    }
}
