import Foundation
import Signalbox

/// A one-line activity indicator on standard error, shown only when it is a terminal: a
/// timer producer on the main queue draws its frames.
final class Spinner {
    private let frames = SearchScreen.spinnerFrames
    private let enabled: Bool
    private let scheduler: DateScheduler
    private let ticks = SerialDisposable()
    private var running = false

    init(enabled: Bool, scheduler: DateScheduler = QueueScheduler.main) {
        self.enabled = enabled
        self.scheduler = scheduler
    }

    /// Shows the spinner with `text` (sanitised: it may hold the user's query); runs on the
    /// main queue.
    func start(_ text: String) {
        guard enabled, !running else { return }
        running = true
        let text = TerminalText.sanitized(text)
        let frames = frames
        ticks.inner = SignalProducer(value: ())
            .concat(SignalProducer.timer(interval: 0.08, on: scheduler).map { _ in })
            .scan(0) { frame, _ in (frame + 1) % frames.count }
            .startWithValues { frame in
                StandardStreams.write("\r\(frames[frame]) \(text)\u{1B}[K", to: STDERR_FILENO)
            }
    }

    /// Hides the spinner and clears its line.
    func stop() {
        guard running else { return }
        running = false
        ticks.inner = nil
        StandardStreams.write("\r\u{1B}[K", to: STDERR_FILENO)
    }
}
