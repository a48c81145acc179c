import Foundation
import ImageSearchModel
import ImageSearchViewModel
import Signalbox

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `imagesearch -i`: a prompt; each line is a search or a command.
///
/// Lines are read on a background thread and handled on the main queue, one at a time: the
/// next prompt appears when the previous command has finished. Ctrl-C cancels a running
/// search (through the view model) and quits at the prompt.
final class InteractiveSession: @unchecked Sendable {
    // Safety: all mutable state is touched on the main queue only; the reader thread only
    // writes the prompt, waits on `ready` (a semaphore) and dispatches lines to main.
    private let terminal: Terminal
    private let renderer: ResultsRenderer
    private let viewModel: ImageSearchTableViewModel
    private let detailViewModel: ImageDetailViewModel
    private let spinner: Spinner
    private let ready = DispatchSemaphore(value: 0)
    private var interruptSource: DispatchSourceSignal?
    private var shownCount = 0
    private let observations = CompositeDisposable()
    /// Waits for the search in flight to end; one at a time, replaced by the next search.
    private let searchEnd = SerialDisposable()

    init(setup: SearchSetup, terminal: Terminal) {
        self.terminal = terminal
        renderer = ResultsRenderer(terminal: terminal)
        viewModel = ImageSearchTableViewModel(
            imageSearch: setup.imageSearch, network: setup.network, scheduler: QueueScheduler.main)
        detailViewModel = ImageDetailViewModel(
            network: setup.network, externalAppChannel: SystemExternalAppChannel(),
            scheduler: QueueScheduler.main)
        viewModel.imageDetailViewModel = detailViewModel
        spinner = Spinner(enabled: terminal.stderrIsTerminal)
    }

    /// Starts reading input; the program exits from the main queue on `q` or end of input.
    func start() {
        print("Type words to search; n next page; a number for details; o N to open; q to quit.")
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
        let thread = Thread { [self] in
            while true {
                prompt()
                guard let line = readLine() else {
                    DispatchQueue.main.async { exit(0) }
                    return
                }
                DispatchQueue.main.async { self.handle(line) }
                ready.wait()
            }
        }
        thread.start()
    }

    private func prompt() {
        FileHandle.standardOutput.write(Data(terminal.style("imagesearch> ", "1;36").utf8))
    }

    private func handle(_ line: String) {
        let input = line.trimmingCharacters(in: .whitespacesAndNewlines)
        let words = input.split(separator: " ", omittingEmptySubsequences: true)
        switch true {
        case input.isEmpty:
            done()
        case input == "q" || input == "quit" || input == "exit":
            exit(0)
        case input == "?" || input == "help":
            print(helpText)
            done()
        case input == "n":
            loadNextPage()
        case Int(input) != nil:
            showDetail(Int(input) ?? 0)
        case words.count == 2 && words[0] == "o" && Int(words[1]) != nil:
            openPage(Int(words[1]) ?? 0)
        default:
            search(input)
        }
    }

    private func done() {
        ready.signal()
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
            print(viewModel.hasNextPage.value ? "A page is loading." : "No more pages.")
            return done()
        }
        viewModel.loadNextPage.apply().start { [self] event in
            guard event.isTerminating else { return }
            renderNewResults()
            done()
        }
    }

    private func showDetail(_ number: Int) {
        guard viewModel.cellModels.value.indices.contains(number - 1) else {
            print("There is no result \(number).")
            return done()
        }
        viewModel.selectCellAtIndex(number - 1)
        QueueScheduler.main.schedule { [self] in
            for line in renderer.detail(detailViewModel, number: number) { print(line) }
            done()
        }
    }

    private func openPage(_ number: Int) {
        guard viewModel.cellModels.value.indices.contains(number - 1) else {
            print("There is no result \(number).")
            return done()
        }
        viewModel.selectCellAtIndex(number - 1)
        QueueScheduler.main.schedule { [self] in
            detailViewModel.openImagePage()
            done()
        }
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
        if let message = viewModel.errorMessage.value {
            printError("Search failed: \(TerminalText.sanitized(message))")
            return
        }
        let cells = viewModel.cellModels.value
        let fresh = Array(cells.dropFirst(shownCount))
        for line in renderer.table(fresh, startingAt: shownCount) { print(line) }
        shownCount = cells.count
        print(
            renderer.summary(
                loaded: cells.count, total: viewModel.totalCount.value,
                query: viewModel.query.value.trimmingCharacters(in: .whitespaces)))
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
