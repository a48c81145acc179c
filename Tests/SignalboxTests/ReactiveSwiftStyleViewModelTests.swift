import Foundation
import Signalbox
import Testing

// Issue 24's app-shaped check: a view model written exactly as ReactiveSwift 7 code is
// written (pipes, `<~`, `Action(state:enabledIf:)`, `reactive` notifications,
// `DispatchTimeInterval` on the scheduler), compiled with `import Signalbox` only. Nothing
// below uses a Signalbox-only spelling.

private enum SearchError: Error, Equatable {
    case offline
}

extension Notification.Name {
    fileprivate static let connectivityChanged = Notification.Name(
        "ReactiveSwiftStyle.connectivityChanged")
}

private final class SearchViewModel {
    let query = MutableProperty("")
    let isOnline = MutableProperty(true)
    let results: Property<[String]>
    let search: Action<Void, [String], SearchError>
    let errors: Signal<SearchError, Never>

    private let token = Lifetime.Token()
    private var lifetime: Lifetime { Lifetime(token) }

    init(
        center: NotificationCenter, scheduler: DateScheduler,
        service: @escaping (String) -> SignalProducer<[String], SearchError>
    ) {
        let (resultsSignal, resultsObserver) = Signal<[String], Never>.pipe()
        results = Property(initial: [], then: resultsSignal)

        let online = isOnline
        search = Action(
            state: query, enabledIf: { !$0.isEmpty },
            execute: { query, _ in
                guard online.value else { return SignalProducer(error: .offline) }
                return service(query)
            })
        errors = search.errors

        resultsObserver <~ search.values

        isOnline
            <~ center.reactive.notifications(forName: .connectivityChanged)
            .map { ($0.object as? NSNumber)?.boolValue ?? false }

        let search = self.search
        query.signal
            .filter { !$0.isEmpty }
            .debounce(0.3, on: scheduler)
            .take(during: lifetime)
            .observeValues { _ in search.apply().start() }
    }
}

@Suite("A view model in ReactiveSwift style")
struct ReactiveSwiftStyleViewModelTests {
    @Test("searches once the query has settled, and publishes the results")
    func debouncedSearch() {
        let scheduler = TestScheduler()
        let requests = Recorded<String>()
        let viewModel = SearchViewModel(center: NotificationCenter(), scheduler: scheduler) {
            query in
            requests.append(query)
            return SignalProducer(value: ["\(query) 1", "\(query) 2"])
                .delay(0.1, on: scheduler)
        }
        #expect(!viewModel.search.isEnabled.value)

        viewModel.query.value = "c"
        scheduler.advance(by: .milliseconds(100))
        viewModel.query.value = "ca"
        scheduler.advance(by: .milliseconds(100))
        viewModel.query.value = "cat"
        scheduler.advance(by: .milliseconds(300))
        #expect(requests.items == ["cat"])
        #expect(viewModel.search.isExecuting.value)

        scheduler.advance(by: .milliseconds(100))
        #expect(viewModel.results.value == ["cat 1", "cat 2"])
        #expect(!viewModel.search.isExecuting.value)
    }

    @Test("follows connectivity notifications, and reports the failure while offline")
    func offline() {
        let center = NotificationCenter()
        let scheduler = TestScheduler()
        let viewModel = SearchViewModel(center: center, scheduler: scheduler) { _ in
            SignalProducer(value: ["never"])
        }
        let errors = Recorded<SearchError>()
        viewModel.errors.observeValues { errors.append($0) }

        center.post(name: .connectivityChanged, object: NSNumber(value: false))
        #expect(!viewModel.isOnline.value)

        viewModel.query.value = "dog"
        scheduler.advance(by: .seconds(1))
        #expect(errors.items == [.offline])
        #expect(viewModel.results.value == [])

        center.post(name: .connectivityChanged, object: NSNumber(value: true))
        viewModel.search.apply().start()
        #expect(viewModel.results.value == ["never"])
    }

    @Test("an action started twice while executing fails the second time with .disabled")
    func disabledWhileExecuting() {
        let scheduler = TestScheduler()
        let viewModel = SearchViewModel(center: NotificationCenter(), scheduler: scheduler) { _ in
            SignalProducer(value: []).delay(1, on: scheduler)
        }
        viewModel.query.value = "x"
        viewModel.search.apply().start()
        var second: ActionError<SearchError>?
        viewModel.search.apply().startWithFailed { second = $0 }
        guard case .disabled = second else {
            Issue.record("expected .disabled, got \(String(describing: second))")
            return
        }
    }
}
