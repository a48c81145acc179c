import Foundation
import SignalboxLocks

/// Gives the terminal back when the process dies by a signal while in raw mode.
///
/// A trap (a failed precondition, a fault inside Foundation) or a signal such as SIGQUIT
/// ends the process without `atexit` handlers, and would leave the shell raw on the
/// alternate screen. ``install(environment:)`` puts a handler on SIGILL, SIGTRAP, SIGABRT,
/// SIGSEGV, SIGBUS, SIGFPE, SIGQUIT and SIGUSR1 that restores the terminal with
/// async-signal-safe calls only (`write(2)` of precomputed bytes, `tcsetattr`), then lets
/// the signal end the process as it would have: it reinstalls the action that was there
/// before and raises the signal again.
///
/// The Swift backtracer: the runtime reads `SWIFT_BACKTRACE` once, while it loads (before
/// `main`), and installs its own handlers for the crash signals; nothing the program does
/// later changes its settings, and an interactive backtracer would wait for a key on a
/// raw terminal. So unless the user set `SWIFT_BACKTRACE` (then the runtime's handler
/// runs after the terminal is restored, as they asked), the signal's default action ends
/// the process, without a backtrace. SIGPIPE is not among these: the program ignores it
/// (``ProcessStartup``) and reports a closed output itself.
enum CrashHandlers {
    /// The signals handled.
    static let signals: [Int32] = [
        SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGQUIT, SIGUSR1,
    ]

    /// The actions to reinstall before a signal is raised again, by signal number.
    ///
    /// Safety (`nonisolated(unsafe)`): written once by `install`, on the main queue, before
    /// any handler that reads it is installed; the handlers only read.
    nonisolated(unsafe) private static var previous: UnsafeMutablePointer<sigaction>?
    /// The line printed after the terminal is restored, by signal number: what stopped the
    /// program (the runtime's own message, if any, was on the alternate screen). Built before
    /// any handler is installed, so that the handler only calls `write(2)`.
    ///
    /// Safety (`nonisolated(unsafe)`): as `previous`.
    nonisolated(unsafe) private static var reasons: [[UInt8]] = []
    private static let slots = 65

    /// The sentence for `number`, on a line of its own.
    static func reason(for number: Int32) -> String {
        let what: String
        switch number {
        case SIGILL, SIGTRAP:
            what = "an internal check failed (SIGILL/SIGTRAP: a Swift runtime trap)"
        case SIGABRT: what = "it aborted (SIGABRT)"
        case SIGSEGV, SIGBUS: what = "it read or wrote memory it must not (SIGSEGV/SIGBUS)"
        case SIGFPE: what = "an arithmetic fault (SIGFPE)"
        case SIGQUIT: what = "it was asked to quit (SIGQUIT)"
        case SIGUSR1: what = "it received SIGUSR1"
        default: what = "signal \(number)"
        }
        return "\r\nimagesearch stopped: \(what). "
            + "Run with SWIFT_BACKTRACE=enable=yes for a backtrace, and please report it.\r\n"
    }

    /// Installs the handlers (once): after ``RawTerminal/enter()`` in full screen, and at
    /// start while an API key is held (``ProcessStartup/protectSecrets(environment:)``); the
    /// terminal is restored only if raw mode was entered.
    ///
    /// - Parameter environment: Where `SWIFT_BACKTRACE` is read: when set, the runtime's
    ///   own handler (the backtracer) runs after the terminal is restored.
    static func install(environment: [String: String]) {
        guard previous == nil else { return }
        let keepRuntimeHandler = !(environment["SWIFT_BACKTRACE"] ?? "").isEmpty
        let table = UnsafeMutablePointer<sigaction>.allocate(capacity: slots)
        table.initialize(repeating: sigaction(), count: slots)
        var handler = sigaction()
        setHandler(&handler) { number in CrashHandlers.handle(number) }
        sigemptyset(&handler.sa_mask)
        handler.sa_flags = 0
        for number in signals where number < slots {
            var old = sigaction()
            _ = sigaction(number, nil, &old)
            if !keepRuntimeHandler {
                old = sigaction()
                setHandler(&old, SIG_DFL)
            }
            table[Int(number)] = old
        }
        previous = table
        reasons = (0..<slots).map { Array(reason(for: Int32($0)).utf8) }
        for number in signals { _ = sigaction(number, &handler, nil) }
    }

    /// Sets the plain handler of `action` (the field is spelled differently per C library).
    private static func setHandler(
        _ action: inout sigaction, _ handler: (@convention(c) (Int32) -> Void)?
    ) {
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #elseif canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
        #else
            action.__sa_handler.sa_handler = handler
        #endif
    }

    /// The handler: restore the terminal, say what stopped the program, put back the earlier
    /// action, raise again. On return from a fault, the faulting instruction runs again under
    /// that action.
    private static func handle(_ number: Int32) {
        RawTerminal.restoreForCrash()
        if number >= 0, number < reasons.count {
            reasons[Int(number)].withUnsafeBytes { bytes in
                _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count)
            }
        }
        if let previous, number >= 0, number < slots {
            _ = sigaction(number, previous + Int(number), nil)
        }
        raise(number)
    }
}
