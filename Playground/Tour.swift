import Foundation
import Signalbox

// Small helpers shared by the pages: headings, virtual-time stamps and an error type.
// Everything the tour prints goes through `print`, on the main thread, so the output is the
// same on every run and every machine (`.ci/run` compares it with expected-output.txt).

/// Prints the heading of a page.
///
/// - Parameters:
///   - number: The page number.
///   - title: What the page is about.
func pageHeading(_ number: Int, _ title: String) {
    print("")
    print("=== \(number). \(title) ===")
}

/// Prints the heading of one example within a page.
///
/// - Parameter title: What the example shows.
func section(_ title: String) {
    print("")
    print("-- \(title)")
}

/// The virtual time of `scheduler`, as `[0.300 s]`: seconds since its start date.
///
/// - Parameter scheduler: The test scheduler whose clock to read.
/// - Returns: The stamp, with millisecond precision.
func stamp(_ scheduler: TestScheduler) -> String {
    "[" + String(format: "%.3f", scheduler.elapsed()) + " s]"
}

/// The error of the tour's own examples: typed, equatable and printable.
enum TourError: Error, Equatable, CustomStringConvertible {
    /// A text that should have been a number.
    case notANumber(String)
    /// The pretend server could not be reached.
    case offline

    var description: String {
        switch self {
        case .notANumber(let text): return "\"\(text)\" is not a number"
        case .offline: return "offline"
        }
    }
}

/// An error meant for a person: a sentence, as a view model would show it.
struct UserMessage: Error, Equatable, CustomStringConvertible {
    /// The sentence.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
