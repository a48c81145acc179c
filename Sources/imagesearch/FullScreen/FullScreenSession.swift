import Foundation
import ImageSearchViewModel
import Signalbox

/// `imagesearch -i` on a terminal: search as you type, a scrolling list, a detail pane.
///
/// The whole screen is one pipeline (``ScreenPipeline``): the keys (``TerminalInput``'s
/// bytes decoded by ``KeyDecoder/keys(from:escapeTimeout:on:)``), the view models' state,
/// the window size and two clocks (the spinner, a notice's time) are merged into one
/// stream of ``ScreenInput``s, folded by ``ScreenState/apply(_:)`` and drawn by
/// ``SearchScreen/frame(_:)``. One sink writes each frame (``TerminalScreen``: changed lines
/// only) and carries out the effects on the view models — a query for the table view
/// model's `query`, whose debounce and latest-wins search do the rest.
final class FullScreenSession: @unchecked Sendable {
    // Safety: `terminal` is touched only by the pipeline's sink, which runs on the main
    // queue (every input reaches it there); the other stored properties are constants.
    private let options: CommandLineOptions
    private let viewModel: ImageSearchTableViewModel
    private let detailViewModel: ImageDetailViewModel
    private let environment: [String: String]
    private let initial: ScreenState
    private var terminal: TerminalScreen
    /// What the page opener reports (an opened page, an opener that failed), from any thread.
    private let notices = Signal<String, Never>.pipe()
    private let observations = CompositeDisposable()

    init(setup: SearchSetup, options: CommandLineOptions, environment: [String: String]) {
        self.options = options
        self.environment = environment
        let report = notices.input
        (viewModel, detailViewModel) = setup.makeViewModels(
            channel: SystemExternalAppChannel(report: { report.send(value: $0) }))
        let noColor =
            options.noColor || (environment["NO_COLOR"].map { !$0.isEmpty } ?? false)
        let pictures = InlinePictures(mode: options.images, environment: environment)
        let size = Terminal.size(environment: environment, minimum: (1, 1))
        var content = ScreenContent(columns: size.columns, rows: size.rows, query: options.query)
        content.baseURL = setup.baseURL
        content.notices = setup.notices.map {
            $0.replacingOccurrences(of: "imagesearch: ", with: "")
        }
        content.styled = !noColor
        content.hyperlinks = TerminalCapabilities.supportsHyperlinks(environment)
        initial = ScreenState(content: content, drawsPictures: pictures != nil)
        terminal = TerminalScreen(pictures: pictures, write: RawTerminal.write)
    }

    /// Takes over the terminal and starts the pipeline; the program exits from the main
    /// queue when the user quits.
    func start() {
        guard RawTerminal.enter() else {
            printError("imagesearch: cannot switch the terminal to raw mode")
            exit(1)
        }
        let resizes = Signal<Void, Never>.pipe()
        let resumes = Signal<Void, Never>.pipe()
        RawTerminal.installSignalHandlers(
            resized: { resizes.input.send(value: ()) },
            resumed: { resumes.input.send(value: ()) })
        CrashHandlers.install(environment: environment)
        let main = QueueScheduler.main
        // The end of input ends the session (nobody can type any more). The Escape timeout
        // runs on its own queue; keys are handled on the main queue.
        let keys = KeyDecoder.keys(
            from: TerminalInput.bytes(from: STDIN_FILENO),
            on: QueueScheduler(qos: .userInteractive, name: "imagesearch.keys")
        )
        .observe(on: main)
        .on(completed: { [weak self] in self?.quit() })
        let inputs = SignalProducer<ScreenInput, Never>.merge(
            keys.map(ScreenInput.key),
            ScreenPipeline.viewModelInputs(table: viewModel, detail: detailViewModel, on: main),
            ScreenPipeline.spinnerTicks(searching: viewModel.searching.producer, on: main),
            ScreenPipeline.rateLimitCountdown(status: viewModel.status.producer, on: main),
            ScreenPipeline.notices(SignalProducer(notices.output), on: main),
            // Both are sent on the main queue by the signal pipe's source.
            SignalProducer(resizes.output).map { _ in
                let size = Terminal.size(minimum: (1, 1))
                return ScreenInput.size(columns: size.columns, rows: size.rows)
            },
            SignalProducer(resumes.output).map { _ in ScreenInput.redraw })
        observations += ScreenPipeline.states(initial, inputs: inputs)
            .startWithValues { [weak self] step in self?.show(step) }
        if !options.query.isEmpty {
            viewModel.query.value = options.query
            viewModel.startSearch()
        }
    }

    /// The sink: the frame to the terminal, then the effects to the view models (whose
    /// changes come back as later inputs).
    private func show(_ step: ScreenPipeline.Step) {
        guard RawTerminal.isActive else { return }
        terminal.show(step.state, frame: step.frame)
        step.effects.forEach(perform)
    }

    /// The view models take the effects that are theirs; the session, leaving and stopping.
    private func perform(_ effect: ScreenEffect) {
        guard !effect.apply(to: viewModel, detail: detailViewModel) else { return }
        switch effect {
        case .quit(let status):
            quit(status: status)
        case .suspend:
            RawTerminal.suspend()
        default:
            break
        }
    }

    private func quit(status: Int32 = 0) {
        RawTerminal.leave()
        exit(status)
    }
}
