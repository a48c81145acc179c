import Foundation
import ImageSearchModel
import ImageSearchOffline
import ImageSearchViewModel
import Signalbox

/// Page 5: view models, driving `ImageSearchTableViewModel` and reading its properties.
///
/// Inside, the table view model is a reducer (`state × action → state, effects`) whose
/// effects are producers; from outside it is what this page shows: properties and commands.
///
/// A view model holds everything a screen shows as `Property` values and takes its inputs
/// as plain calls (`query.value = …`, `startSearch()`, `selectCellAtIndex(_:)`) and
/// `Action`s (`loadNextPage`). It takes its UI scheduler in `init`: every property changes
/// on that scheduler, and the query's debounce runs on its clock. A front end passes
/// `QueueScheduler.main`; this page passes a `TestScheduler`, so typing, debouncing and
/// searching happen in virtual time and a renderer is just a few `print`s.
func viewModels() {
    pageHeading(5, "View models: driving ImageSearchTableViewModel")

    let scheduler = TestScheduler()
    let network = OfflineCatalog()
    let pixabay: Pixabay
    do {
        pixabay = try Pixabay(apiKey: nil, perPage: 4)
    } catch {
        print("  configuration rejected: \(error)")
        return
    }
    let imageSearch = ImageSearch(
        network: network, pixabay: pixabay,
        cache: ResponseCache(clock: scheduler), rateLimiter: RateLimiter(clock: scheduler))
    let viewModel = ImageSearchTableViewModel(
        imageSearch: imageSearch, network: network, scheduler: scheduler)
    // A renderer observes the state the view model derives from its other properties.
    let rendering = viewModel.state.producer.skipRepeats().startWithValues { state in
        print("  \(stamp(scheduler)) state: \(state)")
    }
    defer { rendering.dispose() }

    section("Typing: the query is debounced (0.3 s) before it is searched")
    for (time, text) in [(0.0, "r"), (0.1, "re"), (0.2, "red"), (0.25, "red fox")] {
        scheduler.schedule(afterDelay: time) {
            print("  \(stamp(scheduler)) query: \"\(text)\"")
            viewModel.query.value = text
        }
    }
    // `run()` alone would move the clock to `TestScheduler.latestDate` once done, as
    // ReactiveSwift's does; the tour goes on from the time of the last action instead.
    scheduler.run(leavingClockAtLastAction: true)
    printRows(of: viewModel)

    section("loadNextPage is an Action: enabled only while a next page exists")
    viewModel.loadNextPage.apply().start()
    viewModel.loadNextPage.apply().startWithFailed { error in
        print("  \(stamp(scheduler)) applied twice before the page arrived: \(error)")
    }
    scheduler.run(leavingClockAtLastAction: true)
    printRows(of: viewModel)
    print("  loadNextPage.isEnabled: \(viewModel.loadNextPage.isEnabled.value)")

    section("A cell model downloads its preview once, then serves it from its cache")
    if let cell = viewModel.cellModels.value.first {
        cell.getPreviewImage().startWithValues { data in
            print("  \(stamp(scheduler)) preview: \(data.map { "\($0.count) bytes" } ?? "nil")")
        }
        scheduler.run(leavingClockAtLastAction: true)
        cell.getPreviewImage().startWithValues { data in
            print("  again: \(data.map { "\($0.count) bytes, at once" } ?? "nil")")
        }
    }

    section("Selecting a row drives the detail view model")
    let browser = PrintingBrowser()
    let detail = ImageDetailViewModel(
        network: network, externalAppChannel: browser, scheduler: scheduler,
        locale: Locale(identifier: "en_US"))
    viewModel.imageDetailViewModel = detail
    viewModel.selectCellAtIndex(1)
    scheduler.run(leavingClockAtLastAction: true)
    print("  id:        \(detail.id.value.map(String.init) ?? "-")")
    print("  size:      \(detail.pageImageSizeText.value ?? "-")")
    print("  user:      \(detail.usernameText.value ?? "-")")
    print("  views:     \(detail.viewCountText.value ?? "-")")
    print("  downloads: \(detail.downloadCountText.value ?? "-")")
    print("  image:     \(detail.image.value.map { "\($0.count) bytes" } ?? "-")")
    detail.locale = Locale(identifier: "de_DE")
    scheduler.run(leavingClockAtLastAction: true)
    print("  views in de_DE: \(detail.viewCountText.value ?? "-")")
    detail.openImagePage()

    section("status: what a status line says, honestly (pending, stale rows, cancel, retry)")
    let statusLine = viewModel.status.producer.map(\.text).skipRepeats().startWithValues {
        print("  \(stamp(scheduler)) status: \($0)")
    }
    viewModel.query.value = "owl"  // waits for its debounce: pending, the rows are the fox's
    scheduler.advance()
    viewModel.cancelSearch()  // the owl is never searched, and the status says so
    scheduler.run(leavingClockAtLastAction: true)
    print("  canRetry: \(viewModel.status.value.canRetry)")
    viewModel.retry()  // searches "owl" after all
    scheduler.run(leavingClockAtLastAction: true)
    statusLine.dispose()

    section("A blank query clears the screen; an over-long one is refused, not sent")
    viewModel.query.value = "   "
    scheduler.run(leavingClockAtLastAction: true)
    print("  rows: \(viewModel.cellModels.value.count)")
    viewModel.query.value = String(repeating: "fox ", count: 30)
    scheduler.run(leavingClockAtLastAction: true)
    print("  errorMessage: \(viewModel.errorMessage.value ?? "nil")")
}

/// Prints what a results table would show, from the view model's properties only.
private func printRows(of viewModel: ImageSearchTableViewModel) {
    for (index, cell) in viewModel.cellModels.value.enumerated() {
        print(
            "    \(index + 1). \(cell.id)  \(cell.pageImageSizeText)  \(cell.likeCount) likes  "
                + "\(cell.username)  [\(cell.tagText)]")
    }
    print(
        "  totalCount: \(viewModel.totalCount.value), hasNextPage: "
            + "\(viewModel.hasNextPage.value), searching: \(viewModel.searching.value)")
}

/// An `ExternalAppChanneling` that prints the address instead of opening a browser.
struct PrintingBrowser: ExternalAppChanneling {
    func openURL(_ url: String) {
        print("  would open \(url)")
    }
}
