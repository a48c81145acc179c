import Dispatch
import Foundation
import SignalboxLocks

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
    /// Safety (`nonisolated(unsafe)`, here and for the other statics): written only on the
    /// main queue (enter, leave, the signal pipe's source), before the signal handlers are
    /// installed where a handler reads them; read by the `atexit` handler, which runs on
    /// the thread that calls `exit` (the main queue's), and by the signal handlers, which
    /// only read.
    nonisolated(unsafe) private static var saved: termios?
    /// The raw settings, to apply again after a stop.
    nonisolated(unsafe) private static var raw: termios?
    nonisolated(unsafe) private static var sources: [any DispatchSourceProtocol] = []
    nonisolated(unsafe) private static var exitHandlerInstalled = false

    /// The bytes that leave the full-screen state: bracketed paste off, cursor shown,
    /// attributes reset, alternate screen left.
    static let leaveSequence = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    /// The bytes that enter it: alternate screen, cleared, bracketed paste on (a paste
    /// arrives as one ``Key/paste(_:)``, its newlines not taken for Enter).
    static let enterSequence = "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?2004h"

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

    /// Handles the signals that end, stop, continue or resize the program.
    ///
    /// Every signal gets a plain handler, installed at once: a dispatch signal source is
    /// armed asynchronously, and a signal that came before would be lost. The handlers make
    /// async-signal-safe calls only; SIGCONT and SIGWINCH write a byte to a pipe, whose
    /// read source calls back on the main queue (bytes wait in the pipe until it is armed).
    ///
    /// - Parameters:
    ///   - resized: Called on the main queue after SIGWINCH.
    ///   - resumed: Called on the main queue after SIGCONT, once raw mode is on again
    ///     (redraw everything).
    static func installSignalHandlers(resized: @escaping () -> Void, resumed: @escaping () -> Void)
    {
        leaveBytes = Array(leaveSequence.utf8)
        enterBytes = Array(enterSequence.utf8)
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            wakeUp = ends[1]
            let source = DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: .main)
            source.setEventHandler {
                var bytes = [UInt8](repeating: 0, count: 64)
                let count = read(ends[0], &bytes, bytes.count)
                guard count > 0 else { return }
                if bytes[0..<count].contains(continuedByte) { resumed() }
                if bytes[0..<count].contains(resizedByte) { resized() }
            }
            source.resume()
            sources.append(source)
        }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { number in RawTerminal.restoreAndExit(signal: number) }
        }
        signal(SIGTSTP) { _ in RawTerminal.suspend() }
        signal(SIGCONT) { _ in RawTerminal.continued() }
        signal(SIGWINCH) { _ in RawTerminal.notify(RawTerminal.resizedByte) }
    }

    private static let continuedByte = UInt8(ascii: "C")
    private static let resizedByte = UInt8(ascii: "W")
    /// The write end of the signal pipe, or -1.
    nonisolated(unsafe) private static var wakeUp: Int32 = -1
    /// The bytes of ``enterSequence``, prepared before a signal handler may need them.
    nonisolated(unsafe) private static var enterBytes: [UInt8] = []

    /// Tells the main queue about a signal (async-signal-safe: one `write`).
    private static func notify(_ byte: UInt8) {
        var byte = byte
        _ = Foundation.write(wakeUp, &byte, 1)
    }

    /// The SIGCONT handler: raw mode and the alternate screen again, then a redraw on the
    /// main queue.
    private static func continued() {
        guard var raw, saved != nil else { return }
        _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &raw)
        enterBytes.withUnsafeBytes { buffer in
            _ = Foundation.write(STDOUT_FILENO, buffer.baseAddress, buffer.count)
        }
        notify(continuedByte)
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

    /// Restores the terminal from a signal handler: async-signal-safe calls only (`write` of
    /// bytes prepared before, `tcsetattr`). For ``CrashHandlers``; the process is about to
    /// die, so raw mode is not marked off.
    static func restoreForCrash() {
        guard var settings = saved else { return }
        leaveBytes.withUnsafeBytes { buffer in
            _ = Foundation.write(STDOUT_FILENO, buffer.baseAddress, buffer.count)
        }
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
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
