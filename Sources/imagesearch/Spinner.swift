import Dispatch
import Foundation

/// A one-line activity indicator on standard error, shown only when it is a terminal.
final class Spinner {
    private let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    private let enabled: Bool
    private var timer: DispatchSourceTimer?
    private var frame = 0

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Shows the spinner with `text` (sanitised: it may hold the user's query); runs on the
    /// main queue.
    func start(_ text: String) {
        guard enabled, timer == nil else { return }
        let text = TerminalText.sanitized(text)
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now(), repeating: .milliseconds(80))
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            self.frame = (self.frame + 1) % self.frames.count
            StandardStreams.write(
                "\r\(self.frames[self.frame]) \(text)\u{1B}[K", to: STDERR_FILENO)
        }
        timer.resume()
        self.timer = timer
    }

    /// Hides the spinner and clears its line.
    func stop() {
        guard let timer else { return }
        timer.cancel()
        self.timer = nil
        StandardStreams.write("\r\u{1B}[K", to: STDERR_FILENO)
    }
}
