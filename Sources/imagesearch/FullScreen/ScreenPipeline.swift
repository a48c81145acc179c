import Foundation
import ImageSearchViewModel
import Signalbox

/// The full-screen interface as one stream: every input — keys, the view models' state,
/// the window size, the spinner's and the notice's clocks — merged, folded by
/// ``ScreenState/apply(_:)`` (a `scanMap`), each state drawn by ``SearchScreen/frame(_:)``.
///
/// ```swift
/// ScreenPipeline.states(initial, inputs: .merge(keys.map(ScreenInput.key), model, ticks))
///     .startWithValues { state, frame, effects in … }  // the one sink
/// ```
///
/// Every input reaches the fold on `scheduler` through a hop (`observe(on:)`, a timer, a
/// debounce): the sink carries out effects on the view models, and what they change comes
/// back as a later input, never as a send into the fold from inside its own delivery.
enum ScreenPipeline {
    /// How long a notice stays on the status line.
    static let noticeDuration: TimeInterval = 4
    /// The spinner's frame interval.
    static let spinnerInterval: TimeInterval = 0.1

    /// What the sink receives: a state, its frame and what to do to the view models.
    typealias Step = (state: ScreenState, frame: ScreenFrame, effects: [ScreenEffect])

    /// `initial` carried through `inputs`: a state, its frame and its effects per input.
    static func states(
        _ initial: ScreenState, inputs: SignalProducer<ScreenInput, Never>
    ) -> SignalProducer<Step, Never> {
        inputs.scanMap(into: initial) { state, input -> Step in
            let effects = state.apply(input)
            return (state, SearchScreen.frame(state.content), effects)
        }
    }

    /// The view models' state as one ``ScreenModel`` input each time they settle.
    ///
    /// The table's cells, its status and the detail's texts and picture are combined
    /// (`combineLatest`) and sent once the changes of a turn of `scheduler` are over
    /// (`debounce(0)`): a view model that updates its rows, then its status, is seen once,
    /// in its final state, never halfway (rows of a new search under the old status).
    static func viewModelInputs(
        table: any ImageSearchTableViewModeling, detail: any ImageDetailViewModeling,
        on scheduler: DateScheduler
    ) -> SignalProducer<ScreenInput, Never> {
        let rows = table.cellModels.producer.map { $0.map(ScreenContent.Row.init) }
        return SignalProducer.combineLatest(
            rows, table.status.producer, detail.texts.producer, detail.image.producer
        )
        .map { rows, status, detail, picture in
            ScreenInput.model(
                ScreenModel(rows: rows, status: status, detail: detail, picture: picture))
        }
        .debounce(0, on: scheduler)
    }

    /// A ``ScreenInput/spinnerTick`` every ``spinnerInterval`` while `searching` is true.
    static func spinnerTicks(
        searching: SignalProducer<Bool, Never>, on scheduler: DateScheduler
    ) -> SignalProducer<ScreenInput, Never> {
        searching.skipRepeats().flatMap(.latest) { searching in
            searching
                ? SignalProducer.timer(interval: spinnerInterval, on: scheduler).map { _ in
                    ScreenInput.spinnerTick
                }
                : SignalProducer<ScreenInput, Never>.empty
        }
    }

    /// Each of `notices` as a ``ScreenInput/notice(_:)``, then its
    /// ``ScreenInput/noticeExpired`` ``noticeDuration`` later (a newer notice starts the
    /// time again).
    static func notices(
        _ notices: SignalProducer<String, Never>, on scheduler: DateScheduler
    ) -> SignalProducer<ScreenInput, Never> {
        notices.observe(on: scheduler).flatMap(.latest) { text in
            SignalProducer<ScreenInput, Never>(value: .notice(text))
                .concat(
                    SignalProducer(value: .noticeExpired).delay(noticeDuration, on: scheduler))
        }
    }
}

extension ScreenPipeline {
    /// The query and wait of a search the rate limit refused (a 429 or 503 with a
    /// `Retry-After`), or `nil`.
    static func rateLimitWait(of status: ImageSearchStatus) -> RateLimitWait? {
        guard case .failed(let query, let error) = status.activity, let seconds = error.retryAfter
        else { return nil }
        return RateLimitWait(query: query, seconds: max(1, Int(seconds.rounded(.up))))
    }

    /// A refused search's wait: the query and whole seconds (`retryAfter` is clamped by the
    /// model, so the conversion cannot trap).
    struct RateLimitWait: Equatable {
        let query: String
        let seconds: Int
    }

    /// The countdown of a search the rate limit refused: a tick with the seconds left at once
    /// and every second, then `.rateLimitElapsed`, after which the screen searches again.
    /// A new status (a search started, typed or cancelled) ends it.
    static func rateLimitCountdown(
        status: SignalProducer<ImageSearchStatus, Never>, on scheduler: DateScheduler
    ) -> SignalProducer<ScreenInput, Never> {
        status.map(rateLimitWait(of:)).skipRepeats().flatMap(.latest) { wait in
            guard let wait else { return SignalProducer<ScreenInput, Never>.empty }
            let ticks = SignalProducer<ScreenInput, Never>(
                value: .rateLimitTick(remaining: wait.seconds)
            )
            .concat(
                SignalProducer.timer(interval: 1, on: scheduler)
                    .take(first: wait.seconds)
                    .scan(wait.seconds) { remaining, _ in remaining - 1 }
                    .map { remaining in
                        remaining > 0
                            ? ScreenInput.rateLimitTick(remaining: remaining)
                            : .rateLimitElapsed(query: wait.query)
                    })
            return ticks
        }
    }
}

extension ScreenEffect {
    /// Carries out this effect on the view models, if it is theirs.
    ///
    /// - Returns: `false` for the effects that are not the view models' (``quit(status:)``,
    ///   ``suspend``), left to the session.
    func apply(
        to table: any ImageSearchTableViewModeling, detail: any ImageDetailViewModeling
    ) -> Bool {
        switch self {
        case .setQuery(let query):
            table.query.value = query
        case .showDetail(let index):
            table.selectCellAtIndex(index)
        case .openPage(let index):
            table.selectCellAtIndex(index)
            detail.openImagePage()
        case .loadNextPage:
            if table.loadNextPage.isEnabled.value { table.loadNextPage.apply().start() }
        case .cancelSearch:
            table.cancelSearch()
        case .retry:
            table.retry()
        case .quit, .suspend:
            return false
        }
        return true
    }
}
