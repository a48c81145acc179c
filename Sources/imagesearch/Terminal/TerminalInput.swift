import Foundation
import Signalbox
import SignalboxLocks

/// The terminal-input adapter: the bytes a descriptor delivers, as a producer.
///
/// The only place the front end touches its input descriptor: everything after it (decoding
/// keys, telling a lone Escape from a sequence, handling keys) is operators on what it sends.
enum TerminalInput {
    /// The bytes read from `descriptor`, one value per read, on a thread of its own.
    ///
    /// Each run starts one reading thread, which waits with `poll` at most `pollInterval`
    /// milliseconds at a time so that disposal stops it within that bound (a blocked `read`
    /// could not be stopped). The producer completes at the end of input or on a read
    /// error; an interrupted call is retried.
    ///
    /// - Parameters:
    ///   - descriptor: The descriptor to read, such as `STDIN_FILENO`.
    ///   - pollInterval: The longest wait, in milliseconds, before the thread checks
    ///     whether the run was disposed (clamped to 1...1,000).
    /// - Returns: A producer of the chunks read, in order.
    static func bytes(
        from descriptor: Int32, pollInterval: Int32 = 250
    ) -> SignalProducer<[UInt8], Never> {
        let interval = min(max(pollInterval, 1), 1000)
        return SignalProducer { observer, lifetime in
            let thread = Thread {
                var buffer = [UInt8](repeating: 0, count: 1024)
                while !lifetime.hasEnded {
                    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    let ready = poll(&request, 1, interval)
                    if ready < 0 {
                        if errno == EINTR { continue }
                        break
                    }
                    if ready == 0 { continue }
                    let count = read(descriptor, &buffer, buffer.count)
                    if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                    guard count > 0 else { break }
                    observer.send(value: Array(buffer[0..<count]))
                }
                observer.sendCompleted()
            }
            thread.name = "imagesearch.input"
            thread.start()
        }
    }
}
