import Foundation
import SignalboxLocks

/// `imagesearch` running on a pseudo-terminal, as a person's terminal would run it: the
/// test types into the master side and reads what the program draws.
///
/// Every wait is bounded: reads go through `poll` with a deadline, and a program still
/// running when the test ends is killed.
final class PseudoTerminal {
    enum Failure: Error {
        case openpty
        case executableNotFound
    }

    let process = Process()
    private let master: Int32
    private let slave: Int32
    private let cacheDirectory: URL
    /// Everything the program wrote so far.
    private(set) var output = Data()
    /// What the terminal shows now (see ``VirtualScreen``).
    private(set) var screen: VirtualScreen

    /// Starts `imagesearch arguments` on a new terminal of `columns` × `rows`, with the
    /// environment of ``CommandRunner`` plus `TERM=xterm-256color` and `environment`.
    init(
        _ arguments: [String], environment: [String: String] = [:], columns: Int = 100,
        rows: Int = 30
    ) throws {
        guard let executable = CommandRunner.executable else { throw Failure.executableNotFound }
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(
            ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw Failure.openpty }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        self.master = master
        self.slave = slave
        screen = VirtualScreen(columns: columns, rows: rows)
        cacheDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("imagesearch-pty-\(UUID().uuidString)")
        var base = ProcessInfo.processInfo.environment
        for name in ["PIXABAY_API_KEY", "NO_COLOR", "TMUX", "TERM_PROGRAM", "KITTY_WINDOW_ID"] {
            base[name] = nil
        }
        base["TERM"] = "xterm-256color"
        base["LANG"] = "en_US.UTF-8"
        base["LC_ALL"] = "en_US.UTF-8"
        base["XDG_CACHE_HOME"] = cacheDirectory.path
        process.executableURL = executable
        process.arguments = arguments
        process.environment = base.merging(environment) { _, new in new }
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        close(master)
        close(slave)
        try? FileManager.default.removeItem(at: cacheDirectory)
    }

    /// The output as text (invalid UTF-8 replaced).
    var text: String { String(decoding: output, as: UTF8.self) }

    /// The terminal's settings, as the program sees them.
    var settings: termios {
        var settings = termios()
        _ = tcgetattr(slave, &settings)
        return settings
    }

    /// Types `text`.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(master, base + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Reads what is available within `milliseconds`; returns whether anything came.
    @discardableResult
    private func read(waiting milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = Glibc.read(master, &buffer, buffer.count)
        guard count > 0 else { return false }
        output.append(contentsOf: buffer[0..<count])
        screen.feed(buffer[0..<count])
        return true
    }

    /// Reads until the output from byte `offset` on satisfies `condition`, or `timeout`
    /// seconds pass; returns whether it did.
    @discardableResult
    func wait(
        from offset: Int = 0, timeout: TimeInterval = 10, until condition: (String) -> Bool
    ) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let start = min(offset, output.count)
            if condition(String(decoding: output[start...], as: UTF8.self)) { return true }
            guard Date() < deadline else { return false }
            read(waiting: 50)
        }
    }

    /// Reads until the screen satisfies `condition`, or `timeout` seconds pass; returns
    /// whether it did.
    @discardableResult
    func waitForScreen(
        timeout: TimeInterval = 10, until condition: (VirtualScreen) -> Bool
    ) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if condition(screen) { return true }
            guard Date() < deadline else { return false }
            read(waiting: 50)
        }
    }

    /// Reads until the screen shows `text` somewhere.
    @discardableResult
    func waitForScreen(showing text: String, timeout: TimeInterval = 10) -> Bool {
        waitForScreen(timeout: timeout) { $0.text.contains(text) }
    }

    /// The output from byte `offset` on, as text.
    func text(from offset: Int) -> String {
        String(decoding: output[min(offset, output.count)...], as: UTF8.self)
    }

    /// Reads until the output from `offset` on contains `text`.
    @discardableResult
    func wait(for text: String, from offset: Int = 0, timeout: TimeInterval = 10) -> Bool {
        wait(from: offset, timeout: timeout) { $0.contains(text) }
    }

    /// Resizes the terminal and tells the program, as a terminal emulator does.
    func resize(columns: Int, rows: Int) {
        var size = winsize(
            ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        screen = VirtualScreen(columns: columns, rows: rows)
        kill(process.processIdentifier, SIGWINCH)
    }

    /// Sends `signal` to the program.
    func send(signal number: Int32) {
        kill(process.processIdentifier, number)
    }

    /// Waits up to `timeout` seconds for the program to exit, reading its output meanwhile;
    /// returns its status, or `nil` (after killing it) if it did not exit.
    func waitForExit(timeout: TimeInterval = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            read(waiting: 20)
        }
        while read(waiting: 50) {}
        process.waitUntilExit()
        return process.terminationStatus
    }
}

extension PseudoTerminal {
    /// The signal that ended the program, or `nil` while it runs or when it exited.
    var terminatingSignal: Int32? {
        guard !process.isRunning, process.terminationReason == .uncaughtSignal else {
            return nil
        }
        return process.terminationStatus
    }
}

/// Whether two terminal settings are the same in every field a program changes.
func sameSettings(_ left: termios, _ right: termios) -> Bool {
    var left = left
    var right = right
    let sameControls = withUnsafeBytes(of: &left.c_cc) { a in
        withUnsafeBytes(of: &right.c_cc) { b in a.elementsEqual(b) }
    }
    return left.c_iflag == right.c_iflag && left.c_oflag == right.c_oflag
        && left.c_cflag == right.c_cflag && left.c_lflag == right.c_lflag && sameControls
}
