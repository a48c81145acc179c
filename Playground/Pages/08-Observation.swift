import Foundation
import ImageSearchModel
import ImageSearchOffline
import ImageSearchViewModel
import Observation
import Signalbox

/// Page 8: view models tracked by Swift's `Observation`, as SwiftUI tracks them.
///
/// `Property` and `MutableProperty` are `Observable`: reading `value` inside
/// `withObservationTracking` (which is what a SwiftUI `body` does) registers it, and the next
/// write calls the change handler once, on the writing thread. A view model changes on its
/// scheduler, so for SwiftUI give it the main scheduler. Here a "body" is a function that
/// reads the properties and prints; its change handler schedules the next rendering, as
/// SwiftUI does.
func observation() {
    pageHeading(8, "Observation: view models tracked like SwiftUI tracks them")

    let scheduler = TestScheduler()
    let network = OfflineCatalog()
    let pixabay: Pixabay
    do {
        pixabay = try Pixabay(apiKey: nil, perPage: 3)
    } catch {
        print("  configuration rejected: \(error)")
        return
    }
    let imageSearch = ImageSearch(
        network: network, pixabay: pixabay,
        cache: ResponseCache(clock: scheduler), rateLimiter: RateLimiter(clock: scheduler))
    let viewModel = ImageSearchTableViewModel(
        imageSearch: imageSearch, network: network, scheduler: scheduler)

    section("A body reads state and the rows; each change renders it again")
    let body = ObservedBody(scheduler: scheduler) {
        let rows = viewModel.cellModels.value.map { "\($0.id)" }.joined(separator: ", ")
        return "state: \(viewModel.state.value)  rows: [\(rows)]"
    }
    body.render()
    viewModel.query.value = "red fox"  // as a TextField bound to $viewModel.query.value would
    // The clock stays at the last action's time (`run()` alone moves it to `latestDate`,
    // after which nothing scheduled later runs).
    scheduler.run(leavingClockAtLastAction: true)

    section("An @Observable model feeding a reactive pipeline")
    let form = SearchForm()
    let queries = Property(observing: form, keyPath: \.text, on: scheduler)
    viewModel.query <~ queries.producer.map { $0.lowercased() }
    form.text = "Owl"
    scheduler.run()
    print("  form.text \"Owl\" -> viewModel.query \"\(viewModel.query.value)\"")
}

/// A model written with `@Observable`, as an app's own settings or form might be.
@Observable
private final class SearchForm {
    var text = ""
}

/// A stand-in for a SwiftUI view: renders what `content` reads, tracking it, and renders
/// again (on the scheduler, as SwiftUI re-renders on the main queue) after each change.
private final class ObservedBody: Sendable {
    let scheduler: TestScheduler
    let content: @Sendable () -> String

    init(scheduler: TestScheduler, content: @escaping @Sendable () -> String) {
        self.scheduler = scheduler
        self.content = content
    }

    func render() {
        let text = withObservationTracking(content) {
            self.scheduler.schedule { self.render() }
        }
        print("  \(stamp(scheduler)) body: \(text)")
    }
}
