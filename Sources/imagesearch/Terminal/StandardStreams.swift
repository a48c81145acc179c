import Foundation
import SignalboxLocks

/// The process's standard streams, made safe to use whatever state they were left in.
///
/// Why: `FileHandle.write(_:)` traps when a write fails (a closed descriptor, a full disk),
/// and a descriptor 0, 1 or 2 that the parent closed is taken by the next file or socket the
/// process opens, so results would be written into a network connection.
enum StandardStreams {
    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed, and ignores
    /// SIGPIPE (a reader that went away shows as EPIPE, handled by ``write(_:to:)``). Call
    /// it first thing, before anything opens a file or a socket.
    static func reserveDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // The lowest free descriptor: this one, since the lower ones are open.
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != descriptor {
                _ = dup2(opened, descriptor)
                _ = close(opened)
            }
        }
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes all of `text` to `descriptor`, retrying short and interrupted writes.
    ///
    /// A failure ends the program: quietly with status 1 for EPIPE (whoever read the output
    /// went away); otherwise with a message on standard error (when that is not the stream
    /// that failed, and can be written) and status 1.
    static func write(_ text: String, to descriptor: Int32) {
        guard let error = writeAll(Array(text.utf8), to: descriptor) else { return }
        if error != EPIPE && descriptor != STDERR_FILENO {
            let stream =
                descriptor == STDOUT_FILENO ? "standard output" : "descriptor \(descriptor)"
            let reason = String(cString: strerror(error))
            _ = writeAll(
                Array("imagesearch: cannot write to \(stream): \(reason)\n".utf8),
                to: STDERR_FILENO)
        }
        exit(1)
    }

    /// Writes every byte, or returns the `errno` that stopped it.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Foundation.write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0 {
                let error = errno
                if error == EINTR { continue }
                if error == EAGAIN {
                    // A non-blocking descriptor that is full: wait until it takes more.
                    var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, -1)
                    continue
                }
                return error
            }
            offset += written
        }
        return nil
    }
}
