import Foundation

/// Runs `body` on a new thread and tells whether it returned within `seconds`.
///
/// For scenarios that deadlock when broken: a hang fails the test instead of hanging the
/// suite. (A thread that deadlocked stays blocked; the objects it holds are the test's own.)
func finishes(within seconds: Double = 3, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    return done.wait(timeout: .now() + seconds) == .success
}
