import Foundation
import SignalboxLocks
import TestThreads
import Testing

/// Issue 26, item 9: a process that dies gives the terminal back.
@Suite("imagesearch full screen: crash safety", .serialized, .ownThreads)
struct CrashSafetyTests {
    @Test(
        "dying by a signal restores the terminal and leaves the alternate screen; no prompt",
        arguments: [SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGQUIT, SIGUSR1])
    func fatalSignal(_ number: Int32) throws {
        let terminal = try PseudoTerminal(["-i", "--offline"])
        let before = terminal.settings
        #expect(terminal.wait(for: "Search:"))
        terminal.type("fox")
        #expect(terminal.waitForScreen(showing: "14 of 14 images"))
        #expect(!sameSettings(terminal.settings, before), "raw while it runs")
        terminal.send(signal: number)
        // An interactive backtracer would wait here for a key: answer it, then fail.
        let prompt = "Press space to interact"
        _ = terminal.wait(timeout: 20) { $0.contains(prompt) || !terminal.process.isRunning }
        let prompted = terminal.text.contains(prompt)
        if prompted { terminal.type("q") }
        #expect(!prompted, "the Swift backtracer asked for a key")
        _ = terminal.waitForExit(timeout: 60)
        #expect(terminal.terminatingSignal == number, "ended by the signal it got")
        #expect(sameSettings(terminal.settings, before), "termios restored")
        let text = terminal.text
        let lastEnter = text.range(of: FullScreenTests.enter, options: .backwards)
        let after = lastEnter.map { String(text[$0.upperBound...]) } ?? ""
        let left = after.contains(FullScreenTests.leave)
        let cursorShown = after.contains(FullScreenTests.showCursor)
        #expect(left, "the alternate screen was left")
        #expect(cursorShown, "the cursor was shown")
        // One line after the restore says what stopped the program.
        let leftAt = after.range(of: FullScreenTests.leave)
        let afterLeaving = leftAt.map { String(after[$0.upperBound...]) } ?? ""
        #expect(
            afterLeaving.contains("imagesearch stopped: "),
            "no reason after the restore: \(afterLeaving)")
    }

    @Test("SIGPIPE does not end the full screen: standard streams report EPIPE instead")
    func brokenPipeSignalIgnored() throws {
        let terminal = try PseudoTerminal(["-i", "--offline"])
        let before = terminal.settings
        #expect(terminal.wait(for: "Search:"))
        terminal.send(signal: SIGPIPE)
        terminal.type("fox")
        #expect(terminal.waitForScreen(showing: "14 of 14 images"), "still running")
        terminal.type("\u{1B}\u{1B}")
        #expect(terminal.waitForExit() == 0)
        #expect(sameSettings(terminal.settings, before))
    }
}
