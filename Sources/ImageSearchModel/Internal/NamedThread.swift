import Foundation

/// Threads of the model's own (host checks, requests), named where the system shows thread
/// names (`top -H`, a debugger, `/proc/PID/task/*/comm`).
///
/// On Linux, `Thread.name` does not reach the kernel: a new thread shows its creator's name
/// (a dispatch worker's, say). Glibc's `pthread_setname_np` is not imported (a GNU
/// extension), so it is looked up once.
enum NamedThread {
    /// Starts `body` on a new thread named `name` (at most 15 bytes show on Linux).
    static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            nameCurrentThread(name)
            body()
        }
        thread.name = name
        thread.start()
    }

    private static func nameCurrentThread(_ name: String) {
        #if os(Linux)
            typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32
            guard let symbol = setNameSymbol else { return }
            _ = name.withCString { unsafeBitCast(symbol, to: SetName.self)(pthread_self(), $0) }
        #endif
    }

    #if os(Linux)
        /// `pthread_setname_np`, if the C library has it. (`nonisolated(unsafe)`: a raw
        /// pointer is not `Sendable`, but this one is set once, by the lazy initialiser of a
        /// static, and only read after.)
        private nonisolated(unsafe) static let setNameSymbol = dlsym(
            UnsafeMutableRawPointer(bitPattern: 0), "pthread_setname_np")
    #endif
}
