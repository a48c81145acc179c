import Dispatch
import Foundation
import ImageSearchModel
import ImageSearchViewModel
import Signalbox
import SignalboxLocks

/// `imagesearch -i` on a terminal: search as you type, a scrolling list, a detail pane.
///
/// The screen is ``SearchScreen/frame(_:)`` of the view models' properties (plus the
/// selection and pane from ``ScreenInteraction``), written through a ``ScreenWriter`` so
/// only changed lines are redrawn. Keys are a producer — ``TerminalInput``'s bytes decoded
/// by ``KeyDecoder/keys(from:escapeTimeout:on:)`` — handled on the main queue; the query
/// goes to the table view model's `query`, whose debounce and latest-wins search do the rest.
final class FullScreenSession: @unchecked Sendable {
    // Safety: all mutable state is touched on the main queue only; keys reach it through
    // `observe(on: QueueScheduler.main)`.
    private let setup: SearchSetup
    private let options: CommandLineOptions
    private let viewModel: ImageSearchTableViewModel
    private let detailViewModel: ImageDetailViewModel
    private let styled: Bool
    private let hyperlinks: Bool
    private let pictures: InlinePictures?
    private let environment: [String: String]
    private var interaction: ScreenInteraction
    private var writer = ScreenWriter()
    private var size: (columns: Int, rows: Int)
    private var top = 0
    private var spinnerFrame = 0
    private var spinner: DispatchSourceTimer?
    private var notice: String?
    private var noticeTimer: DispatchWorkItem?
    private var renderPending = false
    /// What picture is on the screen (its size, id and the screen height), if any.
    private var drawnPicture: String?
    private var firstResultID: UInt64?
    private var resultCount = 0
    /// The rows as the screen shows them, made once per change of the cell models.
    private var rows: [ScreenContent.Row] = []
    /// The list's columns for ``rows`` and a width, measured once for both.
    private var layout: (width: Int, columns: ColumnLayout)?
    private let observations = CompositeDisposable()

    init(setup: SearchSetup, options: CommandLineOptions, environment: [String: String]) {
        self.setup = setup
        self.options = options
        self.environment = environment
        interaction = ScreenInteraction(query: options.query)
        let owner = NoticeTarget()
        (viewModel, detailViewModel) = setup.makeViewModels(
            channel: SystemExternalAppChannel(report: { message in
                DispatchQueue.main.async { owner.session?.show(notice: message) }
            }))
        let noColor =
            options.noColor || (environment["NO_COLOR"].map { !$0.isEmpty } ?? false)
        styled = !noColor
        hyperlinks = TerminalCapabilities.supportsHyperlinks(environment)
        pictures = InlinePictures(mode: options.images, environment: environment)
        size = Terminal.size(environment: environment)
        owner.session = self
    }

    /// Takes over the terminal and starts reading keys; the program exits from the main
    /// queue when the user quits.
    func start() {
        guard RawTerminal.enter() else {
            printError("imagesearch: cannot switch the terminal to raw mode")
            exit(1)
        }
        RawTerminal.installSignalHandlers(
            resized: { [weak self] in self?.resized() },
            resumed: { [weak self] in self?.redrawAll() })
        CrashHandlers.install(environment: environment)
        observe()
        startReader()
        if !options.query.isEmpty {
            viewModel.query.value = options.query
            viewModel.startSearch()
        }
        render()
    }

    // MARK: - View model to screen

    private func observe() {
        let changed: () -> Void = { [weak self] in self?.setNeedsRender() }
        observations.add(
            viewModel.status.signal.observeValues { [weak self] status in
                self?.statusChanged(status)
            })
        observations.add(
            viewModel.cellModels.signal.observeValues { [weak self] cells in
                self?.cellsChanged(cells)
            })
        observations.add(
            viewModel.searching.signal.skipRepeats().observeValues { [weak self] searching in
                self?.searchingChanged(searching)
            })
        let detail = detailViewModel
        for property in [
            detail.pageImageSizeText, detail.tagText, detail.usernameText, detail.viewCountText,
            detail.downloadCountText, detail.likeCountText, detail.pageURLText,
        ] {
            observations.add(property.signal.observeValues { _ in changed() })
        }
        observations.add(detail.id.signal.observeValues { _ in changed() })
        observations.add(
            detail.image.signal.observeValues { [weak self] _ in self?.pictureChanged() })
    }

    private func cellsChanged(_ cells: [any ImageSearchTableViewCellModeling]) {
        let isNewSearch = cells.first?.id != firstResultID || cells.count < resultCount
        firstResultID = cells.first?.id
        resultCount = cells.count
        rows = cells.map {
            ScreenContent.Row(
                id: $0.id, size: $0.pageImageSizeText, likes: $0.likeCount, user: $0.username,
                tags: $0.tagText)
        }
        layout = nil
        interaction.resultsChanged(count: cells.count, isNewSearch: isNewSearch)
        if isNewSearch { top = 0 }
        setNeedsRender()
    }

    /// A notice is about what was on the screen: a search typed or started ends it.
    private func statusChanged(_ status: ImageSearchStatus) {
        if status.isSearching || status.pendingQuery != nil {
            notice = nil
            noticeTimer?.cancel()
        }
        setNeedsRender()
    }

    private func searchingChanged(_ searching: Bool) {
        if searching, spinner == nil {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
            timer.setEventHandler { [weak self] in
                guard let self else { return }
                self.spinnerFrame &+= 1
                self.render()
            }
            timer.resume()
            spinner = timer
        } else if !searching {
            spinner?.cancel()
            spinner = nil
        }
        setNeedsRender()
    }

    private func setNeedsRender() {
        guard !renderPending else { return }
        renderPending = true
        DispatchQueue.main.async { [weak self] in self?.render() }
    }

    /// What the screen shows now, read from the view models.
    private func content() -> ScreenContent {
        var content = ScreenContent(
            columns: size.columns, rows: size.rows, query: interaction.line.text)
        content.cursor = interaction.line.cursor
        content.results = rows
        let listWidth = max(1, size.columns - 1) - 1
        if layout?.width != listWidth {
            layout = (listWidth, ColumnLayout(rows: rows, width: listWidth))
        }
        content.layout = layout?.columns
        content.status = viewModel.status.value
        content.baseURL = setup.baseURL
        content.notices = setup.notices.map {
            $0.replacingOccurrences(of: "imagesearch: ", with: "")
        }
        content.mode = interaction.mode
        content.selected = interaction.selected
        content.spinnerFrame = spinnerFrame
        content.notice = notice
        content.styled = styled
        content.hyperlinks = hyperlinks
        if pictures != nil, size.columns >= 60 { content.pictureColumns = InlinePictures.columns }
        if interaction.mode == .detail {
            let detail = detailViewModel
            content.detail = ScreenContent.Detail(
                id: detail.id.value, size: detail.pageImageSizeText.value,
                tags: detail.tagText.value, user: detail.usernameText.value,
                views: detail.viewCountText.value, downloads: detail.downloadCountText.value,
                likes: detail.likeCountText.value, pageURL: detail.pageURLText.value)
        }
        top = SearchScreen.scrollTop(
            previous: top, selected: interaction.selected,
            visible: SearchScreen.listHeight(content), count: rows.count)
        content.top = top
        return content
    }

    private func render() {
        renderPending = false
        guard RawTerminal.isActive else { return }
        let content = content()
        let frame = SearchScreen.frame(content)
        let output = writer.update(to: frame)
        if !output.isEmpty { RawTerminal.write(output) }
        guard let pictures else { return }
        let image = content.mode == .detail ? detailViewModel.image.value : nil
        let key = image.map { "\($0.count) \(content.detail?.id ?? 0) \(frame.lines.count)" }
        let redrawn = output.contains("\u{1B}[2J")
        guard key != drawnPicture || (redrawn && key != nil) else { return }
        if drawnPicture != nil { RawTerminal.write(pictures.clear) }
        drawnPicture = key
        if let drawing = pictures.draw(image, content: content, frame: frame) {
            RawTerminal.write(drawing + "\u{1B}[1;\(frame.cursorColumn + 1)H")
        }
    }

    private func pictureChanged() {
        guard pictures != nil, interaction.mode == .detail else { return }
        writer.invalidate()
        setNeedsRender()
    }

    private func redrawAll() {
        writer.invalidate()
        render()
    }

    private func resized() {
        size = Terminal.size()
        redrawAll()
    }

    private func show(notice text: String) {
        notice = text
        noticeTimer?.cancel()
        let clear = DispatchWorkItem { [weak self] in
            self?.notice = nil
            self?.setNeedsRender()
        }
        noticeTimer = clear
        DispatchQueue.main.asyncAfter(deadline: .now() + 4, execute: clear)
        setNeedsRender()
    }

    // MARK: - Keys to view model

    private func startReader() {
        // Keys are a producer: the terminal's bytes, decoded by a `scan` whose Escape timeout
        // runs on its own queue, handled on the main queue. The end of input ends the session
        // (nobody can type any more).
        observations += KeyDecoder.keys(
            from: TerminalInput.bytes(from: STDIN_FILENO),
            on: QueueScheduler(qos: .userInteractive, name: "imagesearch.keys")
        )
        .observe(on: QueueScheduler.main)
        .on(completed: { [weak self] in self?.quit() })
        .startWithValues { [weak self] key in self?.handle(key) }
    }

    private func handle(_ key: Key) {
        let status = viewModel.status.value
        let context = ScreenInteraction.Context(
            count: viewModel.cellModels.value.count,
            searching: status.isSearching || !(status.pendingQuery ?? "").isEmpty,
            pageSize: max(1, SearchScreen.listHeight(content())),
            canRetry: status.canRetry,
            canRetryPage: status.canRetry && status.loaded > 0 && !status.resultsAreStale)
        let modeBefore = interaction.mode
        for effect in interaction.handle(key, in: context) { perform(effect) }
        if modeBefore != interaction.mode { writer.invalidate() }
        render()
    }

    private func perform(_ effect: ScreenInteraction.Effect) {
        switch effect {
        case .setQuery(let query):
            viewModel.query.value = query
        case .showDetail(let index):
            viewModel.selectCellAtIndex(index)
        case .openPage(let index):
            viewModel.selectCellAtIndex(index)
            detailViewModel.openImagePage()
        case .loadNextPage:
            if viewModel.loadNextPage.isEnabled.value { viewModel.loadNextPage.apply().start() }
        case .cancelSearch:
            viewModel.cancelSearch()
        case .retry:
            viewModel.retry()
        case .quit(let status):
            quit(status: status)
        case .suspend:
            RawTerminal.suspend()
        }
    }

    private func quit(status: Int32 = 0) {
        RawTerminal.leave()
        exit(status)
    }
}

/// Lets the opener's report, made before the session exists, reach it on the main queue.
private final class NoticeTarget: @unchecked Sendable {
    // Safety: `session` is written once in the session's `init`, on the main thread, before
    // any report can be made, and read only on the main queue afterwards.
    weak var session: FullScreenSession?
}
