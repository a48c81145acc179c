import Foundation
import ImageSearchModel
import ImageSearchViewModel
import Signalbox

/// `imagesearch <query>`: search, load the requested pages, print, exit.
///
/// Everything shown comes from the view models' properties; this type only sequences the
/// inputs (`query`, `startSearch()`, `loadNextPage`, `selectCellAtIndex`) and renders.
final class OneShotSearch {
    private let options: CommandLineOptions
    private let setup: SearchSetup
    private let terminal: Terminal
    private let renderer: ResultsRenderer
    private let viewModel: ImageSearchTableViewModel
    private let detailViewModel: ImageDetailViewModel
    private let spinner: Spinner
    private var pagesLoaded = 0
    private let observations = CompositeDisposable()

    init(options: CommandLineOptions, setup: SearchSetup, terminal: Terminal) {
        self.options = options
        self.setup = setup
        self.terminal = terminal
        renderer = ResultsRenderer(terminal: terminal)
        (viewModel, detailViewModel) = setup.makeViewModels()
        spinner = Spinner(enabled: terminal.stderrIsTerminal && !terminal.isDumb && !options.json)
    }

    /// Starts the search; the program exits from the main queue when it is done.
    ///
    /// Page 1 comes from `startSearch()`; each further page from one application of
    /// `loadNextPage`, and the next step waits for that application to end (rather than for
    /// `searching` to change), so a step never races the action it depends on.
    func start() {
        let query = self.query
        observations.add(
            viewModel.searching.signal.skipRepeats().observeValues { [weak self] searching in
                guard let self else { return }
                if searching {
                    self.spinner.start("Searching \"\(query)\"…")
                } else {
                    self.spinner.stop()
                    if self.pagesLoaded == 0 { self.pageFinished() }
                }
            })
        viewModel.query.value = query
        viewModel.startSearch()
    }

    /// The query as searched and shown: the user's words without control characters or
    /// escape sequences (an `ESC ] 52` in it would write to the clipboard when echoed).
    private var query: String { TerminalText.sanitized(options.query) }

    /// Runs on the main queue after each page's request has ended.
    private func pageFinished() {
        pagesLoaded += 1
        if let message = viewModel.errorMessage.value {
            fail(message)
            return
        }
        guard pagesLoaded < options.pages, viewModel.hasNextPage.value else {
            finish()
            return
        }
        viewModel.loadNextPage.apply().start { [weak self] event in
            switch event {
            case .failed(.disabled):
                // Cannot happen while this type is the only one applying the action; if it
                // does, say so and show what loaded rather than wait for ever.
                printError("imagesearch: no further page could be requested")
                QueueScheduler.main.schedule { self?.finish() }
            case .completed, .interrupted, .failed:
                // The action stops executing right after this event: continue after it.
                QueueScheduler.main.schedule { self?.pageFinished() }
            case .value:
                break
            }
        }
    }

    /// Shows what loaded before the failure (if anything), then the error; exits 1.
    private func fail(_ message: String) {
        let text = SearchMessages.error(
            message, cause: viewModel.status.value.error, baseURL: setup.baseURL)
        let cells = viewModel.cellModels.value
        if options.json {
            var document = report(cells, detail: nil)
            document.error = JSONReport.Failure(message: text, exitCode: 1)
            print(document.encoded())
        } else if !cells.isEmpty {
            for line in renderer.table(cells) { print(line) }
            print(renderer.summary(loaded: cells.count, total: total, query: query))
        }
        printSkippedNotice()
        printError("imagesearch: \(text)")
        exit(1)
    }

    /// A `--detail` beyond the results found: the table (what was found is worth seeing),
    /// then the error; a usage error (exit 2).
    private func detailOutOfRange(_ number: Int, loaded: Int) -> Never {
        let message =
            "--detail \(number) is out of range: \(loaded) result\(loaded == 1 ? " was" : "s were") loaded"
        let cells = viewModel.cellModels.value
        if options.json {
            var document = report(cells, detail: nil)
            document.error = JSONReport.Failure(message: message, exitCode: 2)
            print(document.encoded())
        } else {
            for line in renderer.table(cells) { print(line) }
            print(renderer.summary(loaded: cells.count, total: total, query: query))
        }
        printError("imagesearch: \(message)")
        exit(2)
    }

    private func finish() {
        let cells = viewModel.cellModels.value
        if let number = options.detail {
            guard cells.indices.contains(number - 1) else {
                detailOutOfRange(number, loaded: cells.count)
            }
            viewModel.selectCellAtIndex(number - 1)
        }
        // The detail view model applies `update` on the main queue; render after it.
        QueueScheduler.main.schedule { [self] in
            render(cells)
            printSkippedNotice()
            exit(0)
        }
    }

    /// What the summary calls the total: never below what is shown (a server's negative
    /// or too-small count is not repeated as such).
    private var total: Int64 {
        max(viewModel.totalCount.value, Int64(viewModel.cellModels.value.count))
    }

    private func printSkippedNotice() {
        if let notice = SearchMessages.skipped(viewModel.status.value.skippedHits) {
            printError("imagesearch: \(notice)")
        }
        if let notice = SearchMessages.excess(viewModel.status.value.excessHits) {
            printError("imagesearch: \(notice)")
        }
    }

    private func render(_ cells: [any ImageSearchTableViewCellModeling]) {
        if options.json {
            print(report(cells, detail: options.detail).encoded())
            return
        }
        for line in renderer.table(cells) { print(line) }
        print(renderer.summary(loaded: cells.count, total: total, query: query))
        if let number = options.detail {
            print("")
            for line in renderer.detail(detailViewModel, number: number) { print(line) }
        }
    }

    private func report(
        _ cells: [any ImageSearchTableViewCellModeling], detail: Int?
    ) -> JSONReport {
        var document = JSONReport()
        document.query = query
        document.source = setup.source
        document.total = total
        document.loaded = cells.count
        document.results = JSONReport.results(from: cells)
        let status = viewModel.status.value
        document.skipped = status.skippedHits &+ status.excessHits
        if let detail, cells.indices.contains(detail - 1) {
            document.detail = JSONReport.result(cells[detail - 1].image, index: detail)
        }
        return document
    }
}
