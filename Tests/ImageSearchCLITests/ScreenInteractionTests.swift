import Testing

@testable import imagesearch

@Suite("what keys do on the full screen")
struct ScreenInteractionTests {
    func context(count: Int = 10, searching: Bool = false) -> ScreenInteraction.Context {
        ScreenInteraction.Context(count: count, searching: searching, pageSize: 4)
    }

    @Test("editing keys change the query; keys that leave the text alone set nothing")
    func editing() {
        var state = ScreenInteraction(query: "fox")
        #expect(state.handle(.character("s"), in: context()) == [.setQuery("foxs")])
        #expect(state.handle(.backspace, in: context()) == [.setQuery("fox")])
        #expect(state.handle(.left, in: context()) == [])
        #expect(state.handle(.backspace, in: context()) == [.setQuery("fx")])
        #expect(state.handle(.control("u"), in: context()) == [.setQuery("x")])
        #expect(state.handle(.backspace, in: context()) == [])
        #expect(state.handle(.paste("狐\n"), in: context()) == [.setQuery("狐 x")])
    }

    @Test("arrows, Ctrl-N/Ctrl-P and PgDn/PgUp move within the results")
    func moving() {
        var state = ScreenInteraction()
        _ = state.handle(.down, in: context())
        _ = state.handle(.control("n"), in: context())
        #expect(state.selected == 2)
        _ = state.handle(.control("p"), in: context())
        #expect(state.selected == 1)
        _ = state.handle(.pageDown, in: context(count: 40))
        #expect(state.selected == 5)
        _ = state.handle(.pageUp, in: context(count: 40))
        _ = state.handle(.pageUp, in: context(count: 40))
        #expect(state.selected == 0)
        _ = state.handle(.up, in: context())
        #expect(state.selected == 0)
    }

    @Test("Ctrl-Home/Ctrl-End and Alt-</Alt-> go to the first and the last row")
    func firstAndLast() {
        var state = ScreenInteraction(query: "fox")
        let effects = state.handle(.controlEnd, in: context(count: 30))
        #expect(state.selected == 29)
        #expect(effects.contains(.loadNextPage), "the last row asks for more, as moving there does")
        _ = state.handle(.controlHome, in: context(count: 30))
        #expect(state.selected == 0)
        _ = state.handle(.alt(">"), in: context(count: 30))
        #expect(state.selected == 29)
        _ = state.handle(.alt("<"), in: context(count: 30))
        #expect(state.selected == 0)
        #expect(state.line.text == "fox", "the search line is left alone")
        #expect(state.handle(.home, in: context()) == [], "Home still edits the line")
    }

    @Test("nearing the end of the loaded rows asks for the next page")
    func prefetch() {
        var state = ScreenInteraction()
        #expect(state.handle(.down, in: context(count: 20)) == [])
        #expect(state.handle(.pageDown, in: context(count: 8)).contains(.loadNextPage))
        #expect(state.handle(.pageDown, in: context(count: 8)).contains(.loadNextPage))
    }

    @Test("Enter opens the detail, moving updates it, Esc closes it, clears the query, quits")
    func detail() {
        var state = ScreenInteraction(query: "fox")
        #expect(state.handle(.enter, in: context(count: 0)) == [])
        #expect(state.handle(.enter, in: context()) == [.showDetail(0)])
        #expect(state.mode == .detail)
        #expect(state.handle(.down, in: context(count: 30)) == [.showDetail(1)])
        #expect(state.handle(.escape, in: context()) == [])
        #expect(state.mode == .list)
        #expect(state.handle(.escape, in: context()) == [.setQuery("")])
        #expect(state.handle(.escape, in: context()) == [.quit(status: 0)])
    }

    @Test("Ctrl-C cancels a running search and quits otherwise; Ctrl-O opens the page")
    func controlKeys() {
        var state = ScreenInteraction()
        #expect(state.handle(.control("c"), in: context(searching: true)) == [.cancelSearch])
        #expect(state.handle(.control("c"), in: context()) == [.quit(status: 130)])
        _ = state.handle(.down, in: context())
        #expect(state.handle(.control("o"), in: context()) == [.openPage(1)])
        #expect(state.handle(.control("z"), in: context()) == [.suspend])
    }

    @Test("? on an empty query and F1 show the keys; ? in a query is a character")
    func help() {
        var state = ScreenInteraction()
        #expect(state.handle(.character("?"), in: context()) == [])
        #expect(state.mode == .help)
        #expect(state.handle(.escape, in: context()) == [])
        #expect(state.mode == .list)
        _ = state.handle(.paste("why"), in: context())
        #expect(state.handle(.character("?"), in: context()) == [.setQuery("why?")])
        _ = state.handle(.function(1), in: context())
        #expect(state.mode == .help)
    }

    @Test("a new search puts the selection back at the top and closes the detail")
    func newResults() {
        var state = ScreenInteraction()
        _ = state.handle(.enter, in: context())
        _ = state.handle(.down, in: context())
        state.resultsChanged(count: 20, isNewSearch: false)
        #expect(state.selected == 1 && state.mode == .detail)
        state.resultsChanged(count: 3, isNewSearch: true)
        #expect(state.selected == 0 && state.mode == .list)
    }

    @Test(
        "after a failure or cancel, Enter and Ctrl-R retry; the last row asks again for a failed page"
    )
    func retry() {
        var state = ScreenInteraction()
        var failed = context(count: 0)
        failed.canRetry = true
        #expect(state.handle(.enter, in: failed) == [.retry])
        #expect(state.handle(.control("r"), in: failed) == [.retry])
        #expect(state.handle(.control("r"), in: context()) == [])
        var pageFailed = context(count: 3)
        pageFailed.canRetry = true
        pageFailed.canRetryPage = true
        #expect(state.handle(.down, in: pageFailed) == [.loadNextPage])
        #expect(state.handle(.down, in: pageFailed) == [.retry])
        #expect(state.mode == .list, "Enter retried instead of opening the detail")
    }
}
