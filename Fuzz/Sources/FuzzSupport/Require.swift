/// Stops the fuzzer with `message` when an invariant does not hold.
///
/// A trap is how a libFuzzer target reports a failure: libFuzzer catches the signal, saves
/// the input that caused it and exits non-zero. `precondition` would do the same in a debug
/// build but is dropped with `-Ounchecked`; this never is.
///
/// - Parameters:
///   - condition: The invariant.
///   - message: What broke, with the values involved, printed before the trap.
public func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #file, line: UInt = #line
) {
    guard condition() else {
        fatalError("invariant broken: \(message())", file: file, line: line)
    }
}
