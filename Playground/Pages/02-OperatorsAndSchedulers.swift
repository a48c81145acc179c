import Foundation
import Signalbox

/// Page 2: operators and schedulers.
///
/// Operators build a new stream from an old one: `map` transforms values, `filter` drops
/// some, `attemptMap` transforms with a function that can fail (its error type is the
/// stream's error type, so failures stay typed). `observe(on:)` moves delivery onto a
/// scheduler, which is how a pipeline hops to the UI thread.
///
/// Every time-based operator takes its scheduler as a parameter. Pass a `TestScheduler` and
/// time becomes virtual: nothing happens until the code says "0.3 seconds pass", and then
/// everything due by then runs at once, in order. The debounced search pipeline below runs
/// in a few microseconds of real time and prints the same timeline on every run.
func operatorsAndSchedulers() {
    pageHeading(2, "Operators and schedulers")

    section("map, filter and attemptMap: a typed failure ends the stream")
    SignalProducer<String, TourError>(values: "3", "14", "15", "x", "92")
        .attemptMap { text throws(TourError) -> Int in
            guard let number = Int(text) else { throw .notANumber(text) }
            return number
        }
        .filter { $0 > 3 }
        .map { $0 * 2 }
        .start { event in print("  \(event)") }

    section("promoteError and mapError change the error type, not the values")
    SignalProducer<Int, Never>(values: 1, 2)
        .promoteError(TourError.self)  // cannot fail, but now composes with streams that can
        .concat(SignalProducer(error: .offline))
        .mapError { error in UserMessage("The search failed (\(error)). Try again.") }
        .start { event in print("  \(event)") }

    section("observe(on:) delivers on a scheduler; a TestScheduler waits to be advanced")
    let scheduler = TestScheduler()
    SignalProducer<String, Never>(values: "a", "b")
        .observe(on: scheduler)
        .startWithValues { print("  \(stamp(scheduler)) received \($0)") }
    print("  started; actions waiting on the scheduler: \(scheduler.pendingActionCount)")
    scheduler.advance()
    print("  advanced; actions waiting: \(scheduler.pendingActionCount)")

    section("A debounced search pipeline in virtual time")
    debouncedSearch()
}

/// `keystrokes → debounce → trim → skip blanks and repeats → flatMap(.latest) → results`.
///
/// The user types; a query is searched only once typing pauses for 0.3 s; the same query is
/// not searched twice in a row; and a newer query cancels the request of the previous one
/// (that is what `.latest` does), so a slow answer can never overwrite a newer one.
private func debouncedSearch() {
    let scheduler = TestScheduler()
    let animals = ["cat", "caterpillar", "dog", "dove", "duck"]

    /// A pretend server: answers after 0.5 s of virtual time.
    func search(_ query: String) -> SignalProducer<[String], TourError> {
        SignalProducer(value: animals.filter { $0.hasPrefix(query) })
            .delay(0.5, on: scheduler)
            .on(
                started: { print("  \(stamp(scheduler)) request \"\(query)\" starts") },
                interrupted: { print("  \(stamp(scheduler)) request \"\(query)\" cancelled") })
    }

    let (keystrokes, keyboard) = Signal<String, Never>.pipe()
    keystrokes
        .debounce(0.3, on: scheduler)
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
        .skipRepeats()
        .flatMap(.latest) { query in search(query) }
        .observe { event in print("  \(stamp(scheduler)) results: \(event)") }

    /// Schedules the search box to read `text` at `time` seconds.
    func type(_ text: String, at time: TimeInterval) {
        scheduler.schedule(afterDelay: time) {
            print("  \(stamp(scheduler)) search box: \"\(text)\"")
            keyboard.send(value: text)
        }
    }
    type("c", at: 0.0)
    type("ca", at: 0.1)
    type("cat", at: 0.2)  // settles at 0.5: one request for "cat", not three
    type("cat ", at: 1.2)  // trims to "cat" again: skipped as a repeat
    type("d", at: 1.8)  // settles at 2.1: request "d" starts
    type("do", at: 2.3)  // settles at 2.6: "do" replaces "d", whose request is cancelled
    // The clock stays at the last action's time (`run()` alone moves it to `latestDate`).
    scheduler.run(leavingClockAtLastAction: true)
    print("  virtual time elapsed: \(stamp(scheduler))")
    // Close the search box rather than just let `keyboard` go: a signal whose input is
    // released can never send again, so it is interrupted.
    keyboard.sendCompleted()
}
