import Testing

@testable import ImageSearchModel

@Suite("PagingStateMachine")
struct PagingStateMachineTests {
    @Test("start loads page 1; triggers while it loads are remembered, one page each")
    func rememberedDemand() {
        var paging = PagingStateMachine(perPage: 3)
        #expect(paging.start() == .load(page: 1))
        #expect(paging.trigger() == .none)
        #expect(paging.trigger() == .none)
        paging.pageArrived(hits: 3, totalHits: 12)
        #expect(paging.pageDelivered() == .load(page: 2))
        paging.pageArrived(hits: 3, totalHits: 12)
        #expect(paging.pageDelivered() == .load(page: 3))
        paging.pageArrived(hits: 3, totalHits: 12)
        #expect(paging.pageDelivered() == .none, "two triggers, two pages")
        #expect(paging.trigger() == .load(page: 4))
    }

    @Test(
        "a page is the last when hits reach the total, when it is short or empty, or the total is absurd",
        arguments: [
            (hits: 3, totalHits: Int64(3)), (hits: 2, totalHits: 100), (hits: 0, totalHits: 100),
            (hits: 3, totalHits: 0), (hits: 3, totalHits: -5), (hits: 3, totalHits: Int64.min),
        ])
    func lastPage(hits: Int, totalHits: Int64) {
        var paging = PagingStateMachine(perPage: 3)
        _ = paging.start()
        _ = paging.trigger()
        paging.pageArrived(hits: hits, totalHits: totalHits)
        #expect(paging.pageDelivered() == .complete)
        #expect(paging.trigger() == .none, "nothing is loaded after the end")
    }

    @Test("a huge totalHits keeps paging while pages are full, without overflow")
    func hugeTotal() {
        var paging = PagingStateMachine(perPage: 3)
        _ = paging.start()
        paging.pageArrived(hits: Int.max, totalHits: Int64.max)
        paging.pageArrived(hits: Int.max, totalHits: Int64.max)
        #expect(paging.pageDelivered() == .complete, "the saturated count reached the total")
    }

    @Test("the trigger ending completes after the page in flight and remembered requests")
    func triggerEnds() {
        var paging = PagingStateMachine(perPage: 3)
        _ = paging.start()
        #expect(paging.trigger() == .none)
        #expect(paging.triggerDidEnd() == .none)
        paging.pageArrived(hits: 3, totalHits: 9)
        #expect(paging.pageDelivered() == .load(page: 2))
        paging.pageArrived(hits: 3, totalHits: 9)
        #expect(paging.pageDelivered() == .complete)
    }

    @Test("the trigger ending while waiting completes at once")
    func triggerEndsWhileWaiting() {
        var paging = PagingStateMachine(perPage: 3)
        _ = paging.start()
        paging.pageArrived(hits: 3, totalHits: 9)
        #expect(paging.pageDelivered() == .none)
        #expect(paging.triggerDidEnd() == .complete)
        #expect(paging.trigger() == .none)
    }
}
