import Foundation
import ImageSearchViewModel
import Testing

@testable import imagesearch

/// ``ScreenState/apply(_:)``: the full screen's logic as a pure function of a state and an
/// input.
@Suite("the full screen's state, input by input")
struct ScreenStateTests {
    static func rows(_ count: Int, firstID: UInt64 = 1000) -> [ScreenContent.Row] {
        (0..<count).map { index in
            ScreenContent.Row(
                id: firstID + UInt64(index), size: "6000 x 4000", likes: Int64(index),
                user: "user\(index)", tags: "red fox, animal")
        }
    }

    static func loaded(_ count: Int, firstID: UInt64 = 1000, query: String = "fox") -> ScreenModel {
        ScreenModel(
            rows: rows(count, firstID: firstID),
            status: ImageSearchStatus(
                activity: .loaded(query: query), resultsQuery: query, loaded: count,
                total: Int64(count) * 2, hasNextPage: true),
            detail: ImageDetailTexts(
                id: firstID, pageImageSizeText: "6000 x 4000", tagText: "red fox"))
    }

    func state(columns: Int = 100, rows: Int = 20, query: String = "fox") -> ScreenState {
        var content = ScreenContent(columns: columns, rows: rows, query: query)
        content.styled = false
        return ScreenState(content: content)
    }

    @Test("the view models' rows and status become the content the frame draws")
    func modelToContent() {
        var state = state()
        #expect(state.apply(.model(Self.loaded(30))) == [])
        #expect(state.content.results.count == 30)
        #expect(state.content.status.activity == .loaded(query: "fox"))
        let frame = SearchScreen.frame(state.content)
        #expect(frame.lines.count == 20)
        #expect(frame.lines[2].contains("1000"))
        #expect(frame.lines.last?.contains("1/30") == true)
    }

    @Test("more rows of the same search keep the selection and the pane; a new search resets both")
    func newSearchResets() {
        var state = state()
        _ = state.apply(.model(Self.loaded(10)))
        _ = state.apply(.key(.down))
        _ = state.apply(.key(.down))
        #expect(state.apply(.key(.enter)) == [.showDetail(2)])
        #expect(state.content.mode == .detail)
        #expect(state.content.detail?.tagText == "red fox")
        _ = state.apply(.model(Self.loaded(20)))
        #expect(state.content.selected == 2)
        #expect(state.content.mode == .detail)
        _ = state.apply(.model(Self.loaded(20, firstID: 5000, query: "cat")))
        #expect(state.content.selected == 0)
        #expect(state.content.mode == .list)
        #expect(state.content.detail == nil)
    }

    @Test("a key's meaning comes from the state: Ctrl-C cancels a search, quits when none runs")
    func keyContext() {
        var state = state()
        var searching = Self.loaded(5)
        searching.status.activity = .searching(query: "fox")
        _ = state.apply(.model(searching))
        #expect(state.apply(.key(.control("c"))) == [.cancelSearch])
        _ = state.apply(.model(Self.loaded(5)))
        #expect(state.apply(.key(.control("c"))) == [.quit(status: 130)])
    }

    @Test("PgDn moves by the rows the list shows at this size")
    func pageSizeFollowsWindow() {
        var state = state(rows: 10)
        _ = state.apply(.model(Self.loaded(100)))
        _ = state.apply(.key(.pageDown))
        let small = state.content.selected
        _ = state.apply(.key(.pageUp))
        _ = state.apply(.size(columns: 100, rows: 40))
        _ = state.apply(.key(.pageDown))
        #expect(small == SearchScreen.listHeight(state.content.with(rows: 10)))
        #expect(state.content.selected == SearchScreen.listHeight(state.content))
        #expect(state.content.selected > small)
    }

    @Test("the selected row stays in view: the first row shown follows it")
    func scrolling() {
        var state = state(rows: 8)
        _ = state.apply(.model(Self.loaded(50)))
        let visible = SearchScreen.listHeight(state.content)
        for _ in 0..<visible { _ = state.apply(.key(.down)) }
        #expect(state.content.top == 1)
        let frame = SearchScreen.frame(state.content)
        #expect(frame.lines.contains { $0.hasPrefix(">") && $0.contains("\(1000 + visible)") })
    }

    @Test("a notice shows until it expires, and a search typed or started ends it")
    func notices() {
        var state = state()
        _ = state.apply(.model(Self.loaded(5)))
        _ = state.apply(.notice("Opened https://pixabay.com/x"))
        #expect(state.content.notice == "Opened https://pixabay.com/x")
        _ = state.apply(.noticeExpired)
        #expect(state.content.notice == nil)
        _ = state.apply(.notice("Opened again"))
        var typed = Self.loaded(5)
        typed.status.pendingQuery = "foxes"
        _ = state.apply(.model(typed))
        #expect(state.content.notice == nil)
    }

    @Test("the spinner turns only with ticks, and only a searching status shows it")
    func spinner() {
        var state = state()
        var searching = Self.loaded(0)
        searching.status = ImageSearchStatus(activity: .searching(query: "fox"))
        _ = state.apply(.model(searching))
        let first = SearchScreen.frame(state.content).lines.last ?? ""
        _ = state.apply(.spinnerTick)
        let second = SearchScreen.frame(state.content).lines.last ?? ""
        #expect(first.hasPrefix(SearchScreen.spinnerFrames[0]))
        #expect(second.hasPrefix(SearchScreen.spinnerFrames[1]))
    }

    @Test("a resize, a stop, or a pane opened or closed asks for a whole redraw; typing does not")
    func redraws() {
        var state = state()
        _ = state.apply(.model(Self.loaded(5)))
        var count = state.redraws
        _ = state.apply(.key(.character("s")))
        #expect(state.redraws == count)
        _ = state.apply(.size(columns: 80, rows: 24))
        #expect(state.redraws == count + 1)
        count = state.redraws
        _ = state.apply(.key(.enter))
        _ = state.apply(.key(.escape))
        #expect(state.redraws == count + 2)
        _ = state.apply(.redraw)
        #expect(state.redraws == count + 3)
    }

    @Test("the columns are measured for the rows and width, again after a resize")
    func layout() {
        var state = state(columns: 100)
        _ = state.apply(.model(Self.loaded(5)))
        let wide = state.content.layout
        #expect(wide == ColumnLayout(rows: Self.rows(5), width: 98))
        _ = state.apply(.size(columns: 40, rows: 20))
        #expect(state.content.layout == ColumnLayout(rows: Self.rows(5), width: 38))
        #expect(state.content.layout != wide)
    }

    @Test("hits left out (malformed, beyond the page size) are said on the status line")
    func leftOutHits() {
        var state = state(columns: 160)
        var model = Self.loaded(5)
        model.status.skippedHits = 2
        model.status.excessHits = 3
        _ = state.apply(.model(model))
        let status = SearchScreen.frame(state.content).lines.last ?? ""
        #expect(status.contains("2 malformed results skipped"))
        #expect(status.contains("3 results beyond the page size left out"))
    }

    @Test("any window size, even below what the terminal adapter allows, gives a whole frame")
    func anySize() {
        for (columns, rows) in [(0, 0), (1, 1), (2, 3), (20, 5), (65_535, 5), (20, 1_000)] {
            var state = state(columns: 100, rows: 20)
            _ = state.apply(.model(Self.loaded(50)))
            _ = state.apply(.size(columns: columns, rows: rows))
            for key in [Key.pageDown, .enter, .down, .character("x"), .function(1), .escape] {
                _ = state.apply(.key(key))
                let frame = SearchScreen.frame(state.content)
                #expect(frame.lines.count == max(1, rows))
                #expect(frame.cursorColumn >= 0)
            }
        }
    }

    @Test("typing edits the search line and asks for the query; the frame shows the cursor")
    func typing() {
        var state = state(query: "")
        #expect(state.apply(.key(.character("c"))) == [.setQuery("c")])
        #expect(state.apply(.key(.character("t"))) == [.setQuery("ct")])
        #expect(state.apply(.key(.left)) == [])
        #expect(state.apply(.key(.character("a"))) == [.setQuery("cat")])
        #expect(state.content.query == "cat")
        #expect(SearchScreen.frame(state.content).cursorColumn == "Search: ca".count)
    }
}

extension ScreenContent {
    /// This content at another height.
    func with(rows: Int) -> ScreenContent {
        var content = self
        content.rows = rows
        return content
    }
}
