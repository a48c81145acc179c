import Foundation
import ImageSearchModel
import ImageSearchTesting
import Signalbox
import SignalboxTesting
import Testing

@testable import ImageSearchViewModel

/// The search screen's reducer, without threads or time.
@Suite("SearchScreen reducer")
struct SearchScreenTests {
    func page(_ ids: [UInt64], total: Int64) -> SearchScreenEvent {
        .page(ResponseEntity(totalCount: total, images: ids.map { makeImage($0) }), [])
    }

    @Test("a page request is accepted only with a next page and nothing loading")
    func pageRequests() {
        var screen = SearchScreen.initial.reduced(by: .started(query: "cat"))
        screen = screen.reduced(by: .nextPageRequested)
        #expect(
            screen.effects.endPageRequest && !screen.effects.requestPage, "refused while loading")
        screen = screen.reduced(by: page([1, 2], total: 4))
        screen = screen.reduced(by: .nextPageRequested)
        #expect(screen.effects.requestPage && screen.searching && screen.pageRequestPending)
        screen = screen.reduced(by: page([3, 4], total: 4))
        #expect(screen.effects.endPageRequest && !screen.hasNextPage)
        #expect(screen.state == .loaded(loaded: 0, total: 4), "cells come with the page event")
    }

    @Test("a failure after a page keeps the page; a new search ends a pending page request")
    func failureAndReplacement() {
        var screen = SearchScreen.initial.reduced(by: .started(query: "cat"))
            .reduced(by: page([1], total: 9))
        screen.cells = [
            ImageSearchTableViewCellModel(
                image: makeImage(1), network: StubNetwork { _ in .failure(.unknown) },
                scheduler: ImmediateScheduler())
        ]
        screen = screen.reduced(by: .nextPageRequested).reduced(by: .failed(.connectionLost))
        #expect(screen.entities.map(\.id) == [1])
        #expect(
            screen.state
                == .partiallyLoaded(
                    loaded: 1, total: 9, message: NetworkError.connectionLost.description))
        screen = screen.reduced(by: .nextPageRequested)
        screen = screen.reduced(by: .started(query: "dog"))
        #expect(screen.entities.isEmpty && screen.errorMessage == nil && screen.searching)
    }

    @Test("a negative total from a server is shown as zero and ends paging")
    func negativeTotal() {
        let screen = SearchScreen.initial.reduced(by: .started(query: "cat"))
            .reduced(by: page([1, 2], total: -5))
        #expect(screen.totalCount == 0)
        #expect(!screen.hasNextPage)
    }
}
