import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal in raw mode on the alternate screen, and the promise to give it back.
///
/// ``enter()`` saves the terminal's settings, turns off line editing, echo and the signal
/// keys (so Ctrl-C and Ctrl-Z arrive as keys), and switches to the alternate screen.
/// ``leave()`` undoes all of it: the cursor is shown, the alternate screen left (the shell's
/// screen comes back as it was) and the saved settings restored. It runs on every way out:
/// a normal exit and `exit(_:)` from anywhere (an `atexit` handler), SIGINT, SIGTERM and
/// SIGHUP (a signal handler restores, then ends the process with status 128 + signal), and
/// SIGTSTP (restore, stop; on SIGCONT enter again).
enum RawTerminal {
    /// The settings to restore, while raw mode is on.
    ///
    /// Safety (`nonisolated(unsafe)`): written only on the main thread (enter, leave, the
    /// signal sources run on the main queue), and read by the `atexit` handler, which runs
    /// on the thread that calls `exit`: the main queue's.
    nonisolated(unsafe) private static var saved: termios?
    /// The raw settings, to apply again after a stop.
    nonisolated(unsafe) private static var raw: termios?
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var exitHandlerInstalled = false

    /// The bytes that leave the full-screen state: cursor shown, attributes reset,
    /// alternate screen left.
    static let leaveSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    /// The bytes that enter it: alternate screen, cleared.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[H\u{1B}[2J"

    /// Switches standard input to raw mode and standard output to the alternate screen.
    ///
    /// - Returns: `false` (changing nothing) when standard input's settings cannot be read
    ///   or changed.
    @discardableResult
    static func enter() -> Bool {
        guard saved == nil else { return true }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return false }
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSADRAIN, &raw) == 0 else { return false }
        saved = settings
        self.raw = raw
        if !exitHandlerInstalled {
            exitHandlerInstalled = true
            atexit { RawTerminal.leave() }
        }
        write(enterSequence)
        return true
    }

    /// Restores what ``enter()`` changed; does nothing when raw mode is off.
    static func leave() {
        guard var settings = saved else { return }
        saved = nil
        write(leaveSequence)
        _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &settings)
    }

    /// Whether raw mode is on.
    static var isActive: Bool { saved != nil }

    /// Writes `text` to standard output at once, all of it (retrying short writes).
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Foundation.write(
                    STDOUT_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }

    /// Handles the signals that end or stop the program, on the main queue.
    ///
    /// - Parameters:
    ///   - resized: Called after SIGWINCH.
    ///   - resumed: Called after SIGCONT, once raw mode is on again (redraw everything).
    static func installSignalHandlers(resized: @escaping () -> Void, resumed: @escaping () -> Void)
    {
        func observe(_ number: Int32, _ handler: @escaping () -> Void) {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler(handler: handler)
            source.resume()
            sources.append(source)
        }
        // Ending signals get a plain handler, not a dispatch source: a source is armed
        // asynchronously, and a signal ignored until then would be lost.
        leaveBytes = Array(leaveSequence.utf8)
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { number in RawTerminal.restoreAndExit(signal: number) }
        }
        signal(SIGTSTP) { _ in RawTerminal.suspend() }
        observe(SIGCONT) {
            guard var raw = RawTerminal.raw, RawTerminal.saved != nil else { return }
            _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &raw)
            write(enterSequence)
            resumed()
        }
        observe(SIGWINCH, resized)
    }

    /// The bytes of ``leaveSequence``, prepared before a signal handler may need them.
    nonisolated(unsafe) private static var leaveBytes: [UInt8] = []

    /// The handler of SIGINT, SIGTERM and SIGHUP: restores the terminal with
    /// async-signal-safe calls only (`write`, `tcsetattr`), then ends the process with the
    /// conventional status 128 + the signal's number.
    private static func restoreAndExit(signal number: Int32) {
        if var settings = saved {
            leaveBytes.withUnsafeBytes { buffer in
                _ = Foundation.write(STDOUT_FILENO, buffer.baseAddress, buffer.count)
            }
            _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &settings)
        }
        _exit(128 + number)
    }

    /// Gives the terminal back and stops the process, as Ctrl-Z does in a shell; raw mode
    /// and the screen come back on SIGCONT.
    ///
    /// It is also the SIGTSTP handler, so it makes async-signal-safe calls only. It stops
    /// with SIGSTOP: a SIGTSTP sent to ourselves would only run this handler again.
    static func suspend() {
        if var settings = saved {
            leaveBytes.withUnsafeBytes { buffer in
                _ = Foundation.write(STDOUT_FILENO, buffer.baseAddress, buffer.count)
            }
            _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &settings)
        }
        kill(getpid(), SIGSTOP)
    }
}
