import Foundation
import ImageSearchModel
import ImageSearchTesting
import ImageSearchViewModel
import Signalbox
import SignalboxTesting
import Testing

struct DetailFixture {
    let scheduler = TestScheduler()
    let network: StubNetwork
    let channel = StubExternalAppChannel()
    let viewModel: ImageDetailViewModel

    init(locale: Locale = Locale(identifier: "en_US")) {
        network = StubNetwork.images(scheduler: scheduler)
        viewModel = ImageDetailViewModel(
            network: network, externalAppChannel: channel, scheduler: scheduler, locale: locale)
    }
}

@Suite("ImageDetailViewModel")
struct ImageDetailViewModelTests {
    @Test("update shows the entity's texts, counts formatted for en_US")
    func texts() {
        let fixture = DetailFixture()
        fixture.viewModel.update([makeImage(1), makeImage(2, tags: ["x", "y z"])], atIndex: 1)
        #expect(fixture.viewModel.id.value == nil)
        fixture.scheduler.advance()
        let viewModel = fixture.viewModel
        #expect(viewModel.id.value == 2)
        #expect(viewModel.pageImageSizeText.value == "1500 x 3000")
        #expect(viewModel.tagText.value == "x, y z")
        #expect(viewModel.usernameText.value == "user2")
        #expect(viewModel.viewCountText.value == "123,456,789")
        #expect(viewModel.downloadCountText.value == "98,765")
        #expect(viewModel.likeCountText.value == "4,321")
    }

    @Test("counts follow the locale: de_DE groups with dots; changing locale reformats")
    func germanCounts() {
        let fixture = DetailFixture(locale: Locale(identifier: "de_DE"))
        fixture.viewModel.update([makeImage(1)], atIndex: 0)
        fixture.scheduler.advance()
        #expect(fixture.viewModel.viewCountText.value == "123.456.789")
        fixture.viewModel.locale = Locale(identifier: "en_US")
        fixture.scheduler.advance()
        #expect(fixture.viewModel.viewCountText.value == "123,456,789")
    }

    @Test("the image arrives after its download")
    func imageArrives() {
        let fixture = DetailFixture()
        fixture.viewModel.update([makeImage(1)], atIndex: 0)
        fixture.scheduler.advance()
        #expect(fixture.viewModel.image.value == nil)
        fixture.scheduler.advance(by: 1)
        #expect(fixture.viewModel.image.value == StubNetwork.bytes(for: makeImage(1).imageURL))
    }

    @Test("a new update cancels the previous image download")
    func newUpdateCancels() {
        let fixture = DetailFixture()
        fixture.viewModel.update([makeImage(1), makeImage(2)], atIndex: 0)
        fixture.scheduler.advance(by: 0.5)
        fixture.viewModel.update([makeImage(1), makeImage(2)], atIndex: 1)
        #expect(fixture.network.cancelledCount == 1)
        fixture.scheduler.advance(by: 2)
        #expect(fixture.viewModel.image.value == StubNetwork.bytes(for: makeImage(2).imageURL))
    }

    @Test("imageState: idle, updating, updated — and failed with the reason")
    func imageState() {
        let scheduler = TestScheduler()
        let states = Recorded<LoadState<Data, NetworkError>>()
        let viewModel = ImageDetailViewModel(
            network: StubNetwork.images(scheduler: scheduler, failing: true),
            externalAppChannel: StubExternalAppChannel(), scheduler: scheduler)
        viewModel.imageState.producer.startWithValues { states.append($0) }
        viewModel.update([makeImage(1)], atIndex: 0)
        scheduler.run()
        #expect(
            states.items == [
                .idle, .updating(previous: nil), .failed(.connectionLost, previous: nil),
            ])
        #expect(viewModel.image.value == nil)
        let fixture = DetailFixture()
        fixture.viewModel.update([makeImage(1)], atIndex: 0)
        fixture.scheduler.run()
        #expect(
            fixture.viewModel.imageState.value
                == .updated(StubNetwork.bytes(for: makeImage(1).imageURL)))
    }

    @Test("an index out of range makes every property nil")
    func outOfRange() {
        let fixture = DetailFixture()
        fixture.viewModel.update([makeImage(1)], atIndex: 0)
        fixture.scheduler.advance(by: 1)
        fixture.viewModel.update([makeImage(1)], atIndex: 3)
        fixture.scheduler.advance()
        let viewModel = fixture.viewModel
        #expect(viewModel.id.value == nil && viewModel.tagText.value == nil)
        #expect(viewModel.viewCountText.value == nil && viewModel.image.value == nil)
        #expect(viewModel.usernameText.value == nil && viewModel.pageImageSizeText.value == nil)
    }

    @Test("openImagePage opens the page URL, and nothing without an image")
    func openPage() {
        let fixture = DetailFixture()
        fixture.viewModel.openImagePage()
        #expect(fixture.channel.urls.items.isEmpty)
        fixture.viewModel.update([makeImage(5)], atIndex: 0)
        fixture.viewModel.openImagePage()
        #expect(fixture.channel.urls.items == ["https://pixabay.com/photos/5/"])
    }
}
