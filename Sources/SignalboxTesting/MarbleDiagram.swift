import Foundation

/// A timeline drawn as text: `--a--b--|` is "a at frame 2, b at frame 5, completed at frame 8".
///
/// Why: a test that lists `.value(x, at: 0.5)` lines has to be read line by line; a diagram
/// shows the shape of a stream at a glance, and two diagrams one above the other show where
/// they part.
///
/// The syntax, one symbol per frame of virtual time:
///
/// | text    | meaning                                                       |
/// | ------- | ------------------------------------------------------------- |
/// | `-`     | one frame passes with no event                                |
/// | `a`, `7`| a value (any letter or digit), looked up in a `values` map     |
/// | `\|`    | completed                                                     |
/// | `#`     | failed, with the `error` given alongside the diagram          |
/// | `!`     | interrupted (what a recorder shows for a disposed run)        |
/// | `(ab)`  | a group: every event inside happens in the same frame         |
/// | space   | ignored: use it to line diagrams up; it takes no time         |
///
/// Every symbol outside a group takes one frame, and so does a whole group, whatever its
/// length: in `a(bc)d` the value `a` is at frame 0, `b` and `c` at frame 1, `d` at frame 2.
/// An event's time is its frame index × the frame duration (1 second unless told otherwise).
/// Dashes after the last event only say "nothing more happens" and have no effect.
///
/// ```swift
/// let diagram = try MarbleDiagram(parsing: "-a-(b|)")
/// // diagram.events: a at frame 1, b and completed at frame 3
/// ```
///
/// A diagram that breaks these rules throws a `MarbleDiagramError` naming the position of the
/// offending character, so a typo fails the test instead of crashing it. No event may follow
/// a terminal one (`|`, `#`, `!`).
public struct MarbleDiagram: Sendable, Equatable, CustomStringConvertible {
    /// What happens at one point of a diagram.
    public enum Symbol: Sendable, Equatable {
        /// A value, named by its letter or digit.
        case value(Character)
        /// `|`: completed.
        case completed
        /// `#`: failed.
        case failed
        /// `!`: interrupted.
        case interrupted

        /// Whether the symbol ends the stream.
        var isTerminal: Bool {
            if case .value = self { return false }
            return true
        }

        /// The character that draws the symbol.
        var character: Character {
            switch self {
            case .value(let name): name
            case .completed: "|"
            case .failed: "#"
            case .interrupted: "!"
            }
        }
    }

    /// One event of a diagram.
    public struct Event: Sendable, Equatable {
        /// What happens.
        public let symbol: Symbol
        /// The index of the frame it happens in, from 0.
        public let frameIndex: Int
        /// Its offset in the diagram text, in `Character`s from 0.
        public let position: Int

        /// Creates an event.
        ///
        /// - Parameters:
        ///   - symbol: What happens.
        ///   - frameIndex: The frame it happens in, from 0.
        ///   - position: Its offset in the diagram text, in `Character`s from 0.
        public init(_ symbol: Symbol, frameIndex: Int, position: Int) {
            self.symbol = symbol
            self.frameIndex = frameIndex
            self.position = position
        }
    }

    /// The text the diagram was parsed from.
    public let text: String
    /// The events, in order of frame (and of writing within a group).
    public let events: [Event]

    /// Parses `text`.
    ///
    /// - Parameter text: A diagram such as `--a--(bc)--|`.
    /// - Throws: `MarbleDiagramError` with the position of the first character that breaks
    ///   the syntax: an unknown character, a `(` inside a group, a `)` without its `(`, a
    ///   group that is never closed or is empty, a `-` inside a group, or an event after a
    ///   terminal event.
    public init(parsing text: String) throws(MarbleDiagramError) {
        self.text = text
        var events: [Event] = []
        var frameIndex = 0
        var groupStart: Int?
        var groupIsEmpty = true
        var terminated = false
        for (position, character) in text.enumerated() {
            func fail(_ reason: MarbleDiagramError.Reason) -> MarbleDiagramError {
                MarbleDiagramError(diagram: text, position: position, reason: reason)
            }
            let symbol: Symbol
            switch character {
            case " ":
                continue
            case "-":
                guard groupStart == nil else { throw fail(.dashInGroup) }
                frameIndex += 1
                continue
            case "(":
                guard groupStart == nil else { throw fail(.nestedGroup) }
                groupStart = position
                groupIsEmpty = true
                continue
            case ")":
                guard groupStart != nil else { throw fail(.unmatchedClosingParenthesis) }
                guard !groupIsEmpty else { throw fail(.emptyGroup) }
                groupStart = nil
                frameIndex += 1
                continue
            case "|": symbol = .completed
            case "#": symbol = .failed
            case "!": symbol = .interrupted
            case _ where character.isLetter || character.isNumber: symbol = .value(character)
            default: throw fail(.unexpectedCharacter(character))
            }
            guard !terminated else { throw fail(.eventAfterTermination(character)) }
            terminated = symbol.isTerminal
            events.append(Event(symbol, frameIndex: frameIndex, position: position))
            if groupStart == nil {
                frameIndex += 1
            } else {
                groupIsEmpty = false
            }
        }
        if let groupStart {
            throw MarbleDiagramError(diagram: text, position: groupStart, reason: .unclosedGroup)
        }
        self.events = events
    }

    /// The diagram in its canonical form: one character per empty frame, one symbol or group
    /// per busy frame, no spaces, nothing after the last event.
    public var description: String {
        MarbleCells(events.map { ($0.frameIndex, $0.symbol.character) }).text
    }

    /// The timeline the diagram draws, with each value looked up in `values`.
    ///
    /// - Parameters:
    ///   - values: The value of each letter or digit used in the diagram.
    ///   - error: The error of `#`; needed only if the diagram contains `#`.
    ///   - frame: Seconds of virtual time per frame; must be positive and finite.
    /// - Returns: The events, each at its frame index × `frame` seconds.
    /// - Throws: `MarbleDiagramError` for a letter or digit missing from `values`, a `#`
    ///   without an `error`, or a `frame` that is not a positive finite number.
    public func timeline<Value, Failure: Error>(
        values: [Character: Value], error: Failure? = nil, frame: TimeInterval = 1
    ) throws(MarbleDiagramError) -> [TimedEvent<Value, Failure>] {
        guard frame.isFinite, frame > 0 else {
            throw MarbleDiagramError(diagram: text, position: nil, reason: .invalidFrame(frame))
        }
        var timeline: [TimedEvent<Value, Failure>] = []
        for event in events {
            let time = Double(event.frameIndex) * frame
            switch event.symbol {
            case .value(let name):
                guard let value = values[name] else {
                    throw MarbleDiagramError(
                        diagram: text, position: event.position, reason: .missingValue(name))
                }
                timeline.append(.value(value, at: time))
            case .completed:
                timeline.append(.completed(at: time))
            case .failed:
                guard let error else {
                    throw MarbleDiagramError(
                        diagram: text, position: event.position, reason: .missingError)
                }
                timeline.append(.failed(error, at: time))
            case .interrupted:
                timeline.append(.interrupted(at: time))
            }
        }
        return timeline
    }
}
