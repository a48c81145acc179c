import Foundation
import ImageSearchModel
import ImageSearchTesting
import ImageSearchViewModel
import Observation
import Signalbox
import SignalboxTesting
import Testing

@Suite("View models under withObservationTracking")
struct ViewModelObservationTests {
    @Test("state read in a tracking closure notifies when the scheduler delivers the search")
    func stateNotifiesThroughScheduler() {
        let fixture = TableFixture()
        let notified = Recorded<Bool>()
        withObservationTracking {
            _ = fixture.viewModel.state.value
        } onChange: {
            notified.append(true)
        }
        fixture.viewModel.query.value = "cat"
        #expect(notified.items.count == 0)
        fixture.scheduler.advance(by: 0.3)
        #expect(notified.items.count == 1)
    }

    @Test("cellModels notify once the first page arrives, not before")
    func cellModelsNotify() {
        let fixture = TableFixture()
        let notified = Recorded<Bool>()
        fixture.type("cat")
        withObservationTracking {
            _ = fixture.viewModel.cellModels.value
        } onChange: {
            notified.append(true)
        }
        #expect(notified.items.count == 0)
        fixture.scheduler.advance(by: 0.5)
        #expect(notified.items.count == 1)
        #expect(fixture.ids == [1, 2])
    }

    @Test("query is settable through its key path, as SwiftUI's Bindable writes it")
    func queryKeyPathWrite() {
        let fixture = TableFixture()
        let path: ReferenceWritableKeyPath<MutableProperty<String>, String> = \.value
        let notified = Recorded<Bool>()
        withObservationTracking {
            _ = fixture.viewModel.query.value
        } onChange: {
            notified.append(true)
        }
        fixture.viewModel.query[keyPath: path] = "cat"
        #expect(notified.items.count == 1)
        fixture.scheduler.advance(by: 0.3)
        #expect(fixture.search.recordedQueries == ["cat"])
    }

    @Test("the detail view model's texts notify when an image is shown")
    func detailNotifies() {
        let scheduler = TestScheduler()
        let detail = ImageDetailViewModel(
            network: StubNetwork.images(scheduler: scheduler),
            externalAppChannel: StubExternalAppChannel(), scheduler: scheduler)
        let notified = Recorded<Bool>()
        withObservationTracking {
            _ = detail.tagText.value
        } onChange: {
            notified.append(true)
        }
        detail.update([makeImage(3, tags: ["owl"])], atIndex: 0)
        scheduler.advance(by: 1)
        #expect(notified.items.count == 1)
        #expect(detail.tagText.value == "owl")
    }
}
