import Foundation
import ImageSearchModel
import ImageSearchViewModel
import Signalbox
import SignalboxLocks

/// `imagesearch -i` when not on a terminal (piped input or output): each line is a query or
/// a `:command` (see ``LineCommand``).
///
/// Lines are read on a background thread, one line ahead, and handled on the main queue,
/// one at a time, so output comes in input order. The end of input quits once the line in
/// hand is answered, or at once when that line's search waits for the rate limit. No escape code is written unless standard output is a terminal. Ctrl-C cancels a
/// running search (through the view model) and quits otherwise.
final class LineSession: @unchecked Sendable {
    // Safety: all mutable state is touched on the main queue only; the reader thread only
    // reads, waits on `ready` (a semaphore) and dispatches lines to main.
    private let terminal: Terminal
    private let renderer: ResultsRenderer
    private let viewModel: ImageSearchTableViewModel
    private let detailViewModel: ImageDetailViewModel
    private let spinner: Spinner
    private let setup: SearchSetup
    private let ready = DispatchSemaphore(value: 0)
    private var interruptSource: DispatchSourceSignal?
    private var shownCount = 0
    /// Whether a search failed: the exit status is then 1, at `:q` and at the end of input.
    private var searchFailed = false
    private let observations = CompositeDisposable()
    /// Waits for the search in flight to end; one at a time, replaced by the next search.
    private let searchEnd = SerialDisposable()
    /// Whether a line is being handled (its answer not finished).
    private var handling = false
    /// What the reader read while a line was handled.
    private var pending: Input?

    init(setup: SearchSetup, terminal: Terminal) {
        self.terminal = terminal
        self.setup = setup
        renderer = ResultsRenderer(terminal: terminal)
        (viewModel, detailViewModel) = setup.makeViewModels()
        spinner = Spinner(enabled: terminal.stderrIsTerminal && !terminal.isDumb)
    }

    /// Starts reading input; the program exits from the main queue on `q` or end of input.
    func start() {
        if terminal.stdinIsTerminal && terminal.stdoutIsTerminal {
            print("Type words to search, or a command: :next, :detail N, :open N, :help, :quit.")
        }
        installInterruptHandler()
        observations.add(
            viewModel.searching.signal.skipRepeats().observeValues { [weak self] searching in
                guard let self else { return }
                if searching {
                    let query = self.viewModel.query.value.trimmingCharacters(in: .whitespaces)
                    self.spinner.start("Searching \"\(query)\"…")
                } else {
                    self.spinner.stop()
                }
            })
        // A search held back by the rate limit says so (it would wait in silence).
        observations.add(
            viewModel.status.signal.map { $0.isSearching ? $0.rateLimitWait : nil }.skipRepeats()
                .combinePrevious(nil)
                .observeValues { [weak self] previous, wait in
                    guard let self, previous == nil, let wait else { return }
                    if case .end? = self.pending {
                        self.endWhileWaiting()
                        return
                    }
                    self.spinner.stop()
                    printError("Waiting \(wait) s for the rate limit…")
                    self.spinner.start("Waiting for the rate limit…")
                })
        prompt()
        // The reader stays one line ahead of the handler, so the end of input is seen while
        // a line is handled (a search waiting for the rate limit then ends at once).
        let thread = Thread { [self] in
            var reader = BoundedLineReader()
            while true {
                let input: Input
                switch reader.next() {
                case nil: input = .end
                case .tooLong: input = .tooLong
                case .text(let line): input = .text(line)
                }
                DispatchQueue.main.async { self.arrived(input) }
                if case .end = input { return }
                ready.wait()
            }
        }
        thread.start()
    }

    /// What the reader found.
    private enum Input {
        case text(String)
        case tooLong
        case end
    }

    /// A line (or the end of input) from the reader. On the main queue.
    private func arrived(_ input: Input) {
        guard handling else {
            take(input)
            return
        }
        pending = input
        if case .end = input, isWaitingForRateLimit { endWhileWaiting() }
    }

    /// Handles `input`, and lets the reader read the next line. On the main queue.
    private func take(_ input: Input) {
        handling = true
        ready.signal()
        switch input {
        case .end:
            quit()
        case .tooLong:
            let limit = BoundedLineReader.maximumLineLength
            print("That line is too long (over \(limit) bytes); it was skipped.")
            done()
        case .text(let line):
            handle(line)
        }
    }

    /// Whether the search in flight waits for the rate limit.
    private var isWaitingForRateLimit: Bool {
        viewModel.status.value.isSearching && viewModel.status.value.rateLimitWait != nil
    }

    /// The input ended while a search waits for the rate limit: nobody is left to read its
    /// results, so the wait (up to `--timeout`) is not sat out.
    private func endWhileWaiting() {
        spinner.stop()
        viewModel.cancelSearch()
        printError("End of input: not waiting for the rate limit.")
        exit(1)
    }

    /// The prompt, only when a person types and reads (standard input and output are a
    /// terminal), so piped output holds results only.
    private func prompt() {
        guard terminal.stdinIsTerminal && terminal.stdoutIsTerminal else { return }
        StandardStreams.write(terminal.style("imagesearch> ", "1;36"), to: STDOUT_FILENO)
    }

    private func handle(_ line: String) {
        switch LineCommand(line: line) {
        case .nothing:
            done()
        case .quit:
            quit()
        case .help:
            print(lineModeHelp)
            done()
        case .next:
            loadNextPage()
        case .detail(let number):
            guard let index = resultIndex(number, command: "detail") else { return done() }
            showDetail(index)
        case .open(let number):
            guard let index = resultIndex(number, command: "open") else { return done() }
            openPage(index)
        case .search(let text):
            search(text)
        case .unknown(let message):
            print(
                "\(message.prefix(1).uppercased() + message.dropFirst()); :help lists the commands."
            )
            done()
        }
    }

    /// The line is answered: the next one (read ahead, or the next typed) is handled.
    private func done() {
        handling = false
        if let next = pending {
            pending = nil
            take(next)
        } else {
            prompt()
        }
    }

    private func search(_ text: String) {
        shownCount = 0
        viewModel.query.value = text
        viewModel.startSearch()
        whenSearchEnds { [self] in
            renderNewResults()
            done()
        }
    }

    private func loadNextPage() {
        guard viewModel.loadNextPage.isEnabled.value else {
            if viewModel.cellModels.value.isEmpty && !viewModel.searching.value {
                print("Nothing is shown yet; type a query first.")
                return done()
            }
            print(viewModel.hasNextPage.value ? "A page is loading." : "No more pages.")
            return done()
        }
        viewModel.loadNextPage.apply().start { [self] event in
            guard event.isTerminating else { return }
            renderNewResults()
            done()
        }
    }

    /// The index of result `number` when it is shown; otherwise `nil`, after the one message
    /// every command gives for a missing or bad number.
    private func resultIndex(_ number: Int?, command: String) -> Int? {
        let count = viewModel.cellModels.value.count
        if let number, number >= 1, number <= count { return number - 1 }
        if count == 0 {
            print(":\(command) needs a result number, and no results are shown yet.")
        } else {
            print(":\(command) needs a result number from 1 to \(count).")
        }
        return nil
    }

    private func showDetail(_ index: Int) {
        viewModel.selectCellAtIndex(index)
        QueueScheduler.main.schedule { [self] in
            for line in renderer.detail(detailViewModel, number: index + 1) { print(line) }
            done()
        }
    }

    private func openPage(_ index: Int) {
        viewModel.selectCellAtIndex(index)
        QueueScheduler.main.schedule { [self] in
            detailViewModel.openImagePage()
            done()
        }
    }

    /// Ends the program: status 1 when a search failed, else 0.
    private func quit() {
        exit(searchFailed ? 1 : 0)
    }

    /// Runs `action` on the main queue once the search just started has ended.
    private func whenSearchEnds(_ action: @escaping () -> Void) {
        // `startSearch()` applies on the main queue; this runs after it, FIFO.
        QueueScheduler.main.schedule { [self] in
            searchEnd.inner = viewModel.searching.producer.filter { !$0 }.take(first: 1)
                .startWithValues { _ in action() }
        }
    }

    private func renderNewResults() {
        // Rows of an earlier query (the search failed or was cancelled before its first
        // page) are not this search's results.
        let cells = viewModel.status.value.resultsAreStale ? [] : viewModel.cellModels.value
        let fresh = Array(cells.dropFirst(shownCount))
        for line in renderer.table(fresh, startingAt: shownCount) { print(line) }
        shownCount = cells.count
        if let notice = SearchMessages.skipped(viewModel.status.value.skippedHits) { print(notice) }
        if let notice = SearchMessages.excess(viewModel.status.value.excessHits) { print(notice) }
        if let message = viewModel.errorMessage.value {
            let text = SearchMessages.error(
                message, cause: viewModel.status.value.error, baseURL: setup.baseURL)
            printError("Search failed: \(text)")
            searchFailed = true
            return
        }
        print(
            renderer.summary(
                loaded: cells.count,
                total: max(viewModel.totalCount.value, Int64(cells.count)),
                query: TerminalText.sanitized(
                    viewModel.query.value.trimmingCharacters(in: .whitespaces))))
    }

    private func installInterruptHandler() {
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        source.setEventHandler { [weak self] in
            guard let self else { return }
            if self.viewModel.searching.value {
                self.viewModel.cancelSearch()
                printError("\nSearch cancelled.")
            } else {
                print("")
                exit(130)
            }
        }
        source.resume()
        interruptSource = source
    }
}

/// The text of `:help` in line mode.
let lineModeHelp = """
    Each line is a query, searched when you press Enter. Commands start with a colon:
      :next, :n          load the next page
      :detail N, :d N    show the details of result N
      :open N, :o N      open result N's page in a browser
      :help, :h          show this text
      :quit, :q          quit (so does the end of input)
    To search for text that starts with a colon, write two: ::-) searches ":-)".
    """
