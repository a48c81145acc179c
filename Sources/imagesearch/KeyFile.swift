import Foundation
import SignalboxLocks

/// Reads a small secret file (`--api-key-file`) without ever blocking on it.
enum KeyFile {
    /// Why a file cannot be read as a key file.
    enum Failure: Error, Equatable {
        /// A FIFO, a device, a directory, a socket: not a regular file.
        case notRegular
        /// Larger than the bound.
        case tooLarge
        /// Missing, or not readable.
        case unreadable
    }

    /// The contents of the regular file at `path`, of at most `maximumSize` bytes.
    ///
    /// Opened without blocking (opening a FIFO with no writer blocks), then checked to be a
    /// regular file before anything is read.
    static func read(_ path: String, maximumSize: Int) -> Result<Data, Failure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(.unreadable) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }
        guard info.st_size <= maximumSize else { return .failure(.tooLarge) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while data.count <= maximumSize {
            let count = Foundation.read(descriptor, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .failure(.unreadable) }
            if count == 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        return data.count <= maximumSize ? .success(data) : .failure(.tooLarge)
    }
}
