import Foundation
import SignalboxTesting
import TestThreads
import Testing

private struct TestError: Error, Equatable {}

@Suite("MarbleDiagram parsing", .ownThreads)
struct MarbleDiagramTests {
    private typealias Event = MarbleDiagram.Event

    @Test("a dash is one empty frame; a letter or a digit is a value in its own frame")
    func valuesAndDashes() throws {
        let diagram = try MarbleDiagram(parsing: "-a--7b")
        #expect(
            diagram.events == [
                Event(.value("a"), frameIndex: 1, position: 1),
                Event(.value("7"), frameIndex: 4, position: 4),
                Event(.value("b"), frameIndex: 5, position: 5),
            ])
    }

    @Test("| completes, # fails, ! interrupts, each taking a frame")
    func terminals() throws {
        #expect(
            try MarbleDiagram(parsing: "--|").events == [
                Event(.completed, frameIndex: 2, position: 2)
            ])
        #expect(
            try MarbleDiagram(parsing: "a#").events == [
                Event(.value("a"), frameIndex: 0, position: 0),
                Event(.failed, frameIndex: 1, position: 1),
            ])
        #expect(
            try MarbleDiagram(parsing: "!").events == [
                Event(.interrupted, frameIndex: 0, position: 0)
            ])
    }

    @Test("a group puts its events in one frame and takes one frame")
    func groups() throws {
        let diagram = try MarbleDiagram(parsing: "a(bc)d-(e|)")
        #expect(diagram.events.map(\.frameIndex) == [0, 1, 1, 2, 4, 4])
        #expect(diagram.events.map(\.position) == [0, 2, 3, 5, 8, 9])
        #expect(diagram.description == "a(bc)d-(e|)")
    }

    @Test("spaces take no time, and trailing dashes have no effect")
    func spaces() throws {
        let spaced = try MarbleDiagram(parsing: " -a -  ( b c ) |---")
        #expect(spaced.events.map(\.frameIndex) == [1, 3, 3, 4])
        #expect(spaced.description == "-a-(bc)|")
        #expect(try MarbleDiagram(parsing: "").events.isEmpty)
        #expect(try MarbleDiagram(parsing: "----").description == "")
    }

    @Test("a symbol's time is its frame index times the frame")
    func times() throws {
        let diagram = try MarbleDiagram(parsing: "-a-(b#)")
        let timeline: [TimedEvent<Int, TestError>] = try diagram.timeline(
            values: ["a": 1, "b": 2], error: TestError(), frame: 0.1)
        #expect(
            timeline == [.value(1, at: 0.1), .value(2, at: 0.3), .failed(TestError(), at: 0.3)])
        let seconds: [TimedEvent<Int, Never>] = try MarbleDiagram(parsing: "--a|")
            .timeline(values: ["a": 1])
        #expect(seconds == [.value(1, at: 2), .completed(at: 3)])
    }

    @Test(
        "a malformed diagram throws with the position of the offending character",
        arguments: [
            ("--a*-|", 3, MarbleDiagramError.Reason.unexpectedCharacter("*")),
            ("-(a(b))", 3, .nestedGroup),
            ("-a)", 2, .unmatchedClosingParenthesis),
            ("--(ab", 2, .unclosedGroup),
            ("a()", 2, .emptyGroup),
            ("(a-b)", 2, .dashInGroup),
            ("-|-a", 3, .eventAfterTermination("a")),
            ("(#|)", 2, .eventAfterTermination("|")),
        ])
    func malformed(text: String, position: Int, reason: MarbleDiagramError.Reason) {
        #expect(throws: MarbleDiagramError(diagram: text, position: position, reason: reason)) {
            try MarbleDiagram(parsing: text)
        }
    }

    @Test("a value missing from the map, a # without an error and a bad frame are reported")
    func badTimelineArguments() throws {
        let diagram = try MarbleDiagram(parsing: "-a-b#")
        #expect(
            throws: MarbleDiagramError(diagram: "-a-b#", position: 3, reason: .missingValue("b"))
        ) {
            let _: [TimedEvent<Int, Never>] = try diagram.timeline(values: ["a": 1])
        }
        #expect(throws: MarbleDiagramError(diagram: "-a-b#", position: 4, reason: .missingError)) {
            let _: [TimedEvent<Int, TestError>] = try diagram.timeline(values: ["a": 1, "b": 2])
        }
        for frame in [0, -1, Double.infinity] {
            #expect(
                throws: MarbleDiagramError(
                    diagram: "-a-b#", position: nil, reason: .invalidFrame(frame))
            ) {
                let _: [TimedEvent<Int, TestError>] = try diagram.timeline(
                    values: ["a": 1, "b": 2], error: TestError(), frame: frame)
            }
        }
    }

    @Test("the error's description names the problem and points at it")
    func errorDescription() {
        #expect(
            MarbleDiagramError(diagram: "--a*-|", position: 3, reason: .unexpectedCharacter("*"))
                .description == """
                    marble diagram "--a*-|": unexpected '*' at position 3
                      --a*-|
                         ^
                    """)
        #expect(
            MarbleDiagramError(diagram: "a", position: nil, reason: .invalidFrame(0)).description
                == "marble diagram \"a\": the frame must be a positive number of seconds, not 0.0")
    }
}
