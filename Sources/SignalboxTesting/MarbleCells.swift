import Foundation

/// A diagram as one cell per frame, for drawing: `-` for an empty frame, the symbol of a
/// frame with one event, `(ab)` for a frame with several.
struct MarbleCells {
    /// The most frames drawn; a timeline reaching further is cut, so that an event at a huge
    /// time cannot make a huge string.
    static let maximumFrames = 10_000

    private(set) var cells: [String]
    /// Whether an event lay beyond `maximumFrames` and was left out.
    private(set) var isCut = false
    /// Whether an event fell between two frames and was drawn in the earlier one.
    private(set) var hasEventsBetweenFrames = false

    /// Cells for events given by frame index, in order.
    init(_ events: [(frameIndex: Int, symbol: Character)]) {
        var symbols: [[Character]] = []
        for (frameIndex, symbol) in events {
            guard frameIndex >= 0, frameIndex < Self.maximumFrames else {
                isCut = true
                continue
            }
            while symbols.count <= frameIndex { symbols.append([]) }
            symbols[frameIndex].append(symbol)
        }
        cells = symbols.map { frame in
            switch frame.count {
            case 0: "-"
            case 1: String(frame)
            default: "(" + String(frame) + ")"
            }
        }
    }

    /// Cells for a recorded timeline: each event goes to the frame its time falls in.
    ///
    /// - Parameters:
    ///   - timeline: The events.
    ///   - frame: Seconds per frame; positive and finite (checked by the caller).
    ///   - symbol: The character of a value; `?` when it returns `nil`.
    init<Value, Failure>(
        _ timeline: [TimedEvent<Value, Failure>], frame: TimeInterval,
        symbol: (Value) -> Character?
    ) {
        var betweenFrames = false
        var tooFar = false
        var events: [(frameIndex: Int, symbol: Character)] = []
        for timed in timeline {
            let position = max(0, timed.time / frame)
            // Compare before converting: `Int(_:)` traps on a value it cannot represent.
            guard position.isFinite, position < Double(Self.maximumFrames) else {
                tooFar = true
                continue
            }
            let nearest = position.rounded()
            let frameIndex: Int
            if abs(position - nearest) < 1e-6 {
                frameIndex = Int(nearest)
            } else {
                frameIndex = Int(position.rounded(.down))
                betweenFrames = true
            }
            let character: Character =
                switch timed.event {
                case .value(let value): symbol(value) ?? "?"
                case .completed: "|"
                case .failed: "#"
                case .interrupted: "!"
                }
            events.append((frameIndex, character))
        }
        self.init(events)
        isCut = isCut || tooFar
        hasEventsBetweenFrames = betweenFrames
    }

    /// The cells joined: the diagram text.
    var text: String { cells.joined() }

    /// The two diagrams with each frame padded to the wider of its two cells, so that the
    /// same frame stands in the same column (spaces are ignored by the parser). Diagrams of
    /// more than ten frames get a space after every five, to ease counting.
    static func aligned(_ first: MarbleCells, _ second: MarbleCells) -> (String, String) {
        var top = ""
        var bottom = ""
        let count = max(first.cells.count, second.cells.count)
        for index in 0..<count {
            if count > 10, index > 0, index % 5 == 0 {
                top += " "
                bottom += " "
            }
            let upper = index < first.cells.count ? first.cells[index] : ""
            let lower = index < second.cells.count ? second.cells[index] : ""
            let width = max(upper.count, lower.count)
            top += upper + String(repeating: " ", count: width - upper.count)
            bottom += lower + String(repeating: " ", count: width - lower.count)
        }
        return (trimmingTrailingSpaces(top), trimmingTrailingSpaces(bottom))
    }

    private static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
