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
        viewModel = ImageSearchTableViewModel(
            imageSearch: setup.imageSearch, network: setup.network, scheduler: QueueScheduler.main)
        detailViewModel = ImageDetailViewModel(
            network: setup.network, externalAppChannel: SystemExternalAppChannel(),
            scheduler: QueueScheduler.main)
        viewModel.imageDetailViewModel = detailViewModel
        spinner = Spinner(enabled: terminal.stderrIsTerminal && !options.json)
    }

    /// Starts the search; the program exits from the main queue when it is done.
    ///
    /// Page 1 comes from `startSearch()`; each further page from one application of
    /// `loadNextPage`, and the next step waits for that application to end (rather than for
    /// `searching` to change), so a step never races the action it depends on.
    func start() {
        let query = options.query
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
        let cells = viewModel.cellModels.value
        if !cells.isEmpty {
            if options.json {
                print(report(cells, detail: nil).encoded())
            } else {
                for line in renderer.table(cells) { print(line) }
                print(
                    renderer.summary(
                        loaded: cells.count, total: viewModel.totalCount.value,
                        query: options.query))
            }
        }
        printError("imagesearch: \(TerminalText.sanitized(message))")
        exit(1)
    }

    private func finish() {
        let cells = viewModel.cellModels.value
        if let number = options.detail {
            guard cells.indices.contains(number - 1) else {
                printError(
                    "imagesearch: --detail \(number) is out of range: \(cells.count) results were loaded"
                )
                exit(1)
            }
            viewModel.selectCellAtIndex(number - 1)
        }
        // The detail view model applies `update` on the main queue; render after it.
        QueueScheduler.main.schedule { [self] in
            render(cells)
            exit(0)
        }
    }

    private func render(_ cells: [any ImageSearchTableViewCellModeling]) {
        if options.json {
            print(report(cells, detail: options.detail).encoded())
            return
        }
        for line in renderer.table(cells) { print(line) }
        print(
            renderer.summary(
                loaded: cells.count, total: viewModel.totalCount.value, query: options.query))
        if let number = options.detail {
            print("")
            for line in renderer.detail(detailViewModel, number: number) { print(line) }
        }
    }

    private func report(
        _ cells: [any ImageSearchTableViewCellModeling], detail: Int?
    ) -> JSONReport {
        JSONReport(
            query: options.query, source: setup.source, total: viewModel.totalCount.value,
            loaded: cells.count, results: JSONReport.results(from: cells),
            detail: detail.map { JSONReport.detail(from: detailViewModel, index: $0) })
    }
}
