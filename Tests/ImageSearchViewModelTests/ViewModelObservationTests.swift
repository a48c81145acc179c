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

    @Test("$viewModel.query.value: a binding through the view model, shaped as SwiftUI's")
    func bindableViewModel() {
        let fixture = TableFixture()
        let notified = Recorded<Bool>()
        withObservationTracking {
            _ = fixture.viewModel.query.value
        } onChange: {
            notified.append(true)
        }
        // What `@Bindable var viewModel` gives as `$viewModel`; each step needs the key path
        // SwiftUI's dynamic members need, so this line compiles only if SwiftUI's would.
        let binding = BindableShape(fixture.viewModel).query.value
        binding.wrappedValue = "cat"
        #expect(notified.items.count == 1)
        #expect(binding.wrappedValue == "cat")
        fixture.scheduler.advance(by: 0.3)
        #expect(fixture.search.recordedQueries == ["cat"])
        // The view model keeps its own property whatever is assigned to `query`.
        let own = fixture.viewModel.query
        fixture.viewModel.query = MutableProperty("dog")
        #expect(fixture.viewModel.query === own)
        #expect(own.value == "dog")
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

/// The dynamic-member shape of SwiftUI's `Bindable` (not available on Linux): a writable
/// key path into an `Observable` class gives a binding.
@dynamicMemberLookup
private struct BindableShape<Model: AnyObject & Observable> {
    let model: Model
    init(_ model: Model) { self.model = model }

    subscript<Member>(dynamicMember path: ReferenceWritableKeyPath<Model, Member>)
        -> BindingShape<Member>
    {
        let model = model
        return BindingShape(get: { model[keyPath: path] }, set: { model[keyPath: path] = $0 })
    }
}

/// The dynamic-member shape of SwiftUI's `Binding`: a writable key path into the bound
/// value gives a binding to the member (written back through the parent's setter).
@dynamicMemberLookup
private struct BindingShape<Value> {
    let get: () -> Value
    let set: (Value) -> Void

    var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    subscript<Member>(dynamicMember path: WritableKeyPath<Value, Member>) -> BindingShape<Member> {
        let parent = self
        return BindingShape<Member>(
            get: { parent.wrappedValue[keyPath: path] },
            set: { member in
                var value = parent.wrappedValue
                value[keyPath: path] = member
                parent.wrappedValue = value
            })
    }
}
