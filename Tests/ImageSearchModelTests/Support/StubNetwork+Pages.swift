import Foundation
import ImageSearchTesting
import Signalbox

extension StubNetwork {
    /// A stub that serves a search of `totalHits` hits in pages of `perPage` (last page
    /// short), with ids numbered from 1 in order.
    static func pages(
        totalHits: Int, perPage: Int, scheduler: TestScheduler? = nil, delay: TimeInterval = 0
    ) -> StubNetwork {
        StubNetwork(scheduler: scheduler, delay: delay) { request in
            let page = request.page ?? 1
            let first = (page - 1) * perPage
            let count = max(0, min(perPage, totalHits - first))
            return .success(
                Fixtures.responseData(
                    totalHits: totalHits, count: count, firstID: UInt64(first + 1)))
        }
    }
}
