/// What keys do in the full-screen interface: a value-type state machine.
///
/// The state is what the screen adds to the view models: which pane is shown, which row
/// is selected, and the search line being edited (``LineEditor``). ``handle(_:in:)`` takes a key and the facts it needs from the view models
/// (``Context``), updates the state, and returns the ``ScreenEffect``s for the session to carry out
/// on the view models. Nothing here touches a view model or the terminal, so every key is
/// unit-tested.
struct ScreenInteraction: Equatable {
    /// What the screen shows below the search line.
    enum Mode: Equatable {
        /// The results list.
        case list
        /// The list with the selected result's details.
        case detail
        /// The keys.
        case help
    }

    /// What a key's meaning depends on, read from the view models.
    struct Context: Equatable {
        /// How many rows are loaded.
        var count: Int
        /// Whether a search or page load is in flight.
        var searching: Bool
        /// How many rows the list shows at once (what PgUp/PgDn move by).
        var pageSize: Int
        /// Whether the latest search failed or was cancelled (`status.canRetry`).
        var canRetry = false
        /// Whether what failed or was cancelled is the next page of the rows shown, so that
        /// reaching the last row asks for it again.
        var canRetryPage = false
    }

    /// How close to the last loaded row the selection gets before the next page is asked
    /// for, in rows.
    static let prefetchDistance = 5

    private(set) var mode = Mode.list
    /// The selected row (0 when there is none).
    private(set) var selected = 0
    /// The search line: its text is the table view model's `query`.
    private(set) var line: LineEditor

    /// The list, nothing selected, the search line holding `query`.
    init(query: String = "") {
        line = LineEditor(query)
    }

    /// Handles `key`; returns what the session must do.
    mutating func handle(_ key: Key, in context: Context) -> [ScreenEffect] {
        clampSelection(count: context.count)
        if case .character("?") = key, line.characters.isEmpty || mode == .help {
            mode = mode == .help ? .list : .help
            return []
        }
        let before = line
        if line.apply(key) {
            guard line.text != before.text else { return [] }
            if mode == .help { mode = .list }
            return [.setQuery(line.text)]
        }
        switch key {
        case .function(1):
            mode = mode == .help ? .list : .help
            return []
        case .down, .control("n"):
            return move(by: 1, in: context)
        case .up, .control("p"):
            return move(by: -1, in: context)
        case .pageDown:
            return move(by: max(1, context.pageSize), in: context)
        case .pageUp:
            return move(by: -max(1, context.pageSize), in: context)
        case .controlHome, .alt("<"):
            return move(by: -selected, in: context)
        case .controlEnd, .alt(">"):
            return move(by: context.count - 1 - selected, in: context)
        case .enter where context.canRetry:
            if mode == .help { mode = .list }
            return [.retry]
        case .control("r"):
            return context.canRetry ? [.retry] : []
        case .enter:
            guard context.count > 0 else { return [] }
            mode = .detail
            return [.showDetail(selected)]
        case .control("o"):
            guard context.count > 0 else { return [] }
            return [.openPage(selected)]
        case .escape:
            guard mode == .list else {
                mode = .list
                return []
            }
            guard !line.characters.isEmpty else { return [.quit(status: 0)] }
            line = LineEditor()
            return [.setQuery("")]
        case .control("c"):
            return context.searching ? [.cancelSearch] : [.quit(status: 130)]
        case .control("z"):
            return [.suspend]
        default:
            return []
        }
    }

    /// A new result list arrived (a new search): the selection goes back to the top and the
    /// detail closes; more rows for the same search keep both.
    mutating func resultsChanged(count: Int, isNewSearch: Bool) {
        if isNewSearch {
            selected = 0
            if mode == .detail { mode = .list }
        }
        clampSelection(count: count)
    }

    private mutating func move(by offset: Int, in context: Context) -> [ScreenEffect] {
        guard context.count > 0 else { return [] }
        let target = min(max(0, selected + offset), context.count - 1)
        if mode == .help { mode = .list }
        var effects: [ScreenEffect] = []
        if target != selected {
            selected = target
            if mode == .detail { effects.append(.showDetail(target)) }
        }
        if target == context.count - 1, context.canRetryPage {
            effects.append(.retry)
        } else if target >= context.count - Self.prefetchDistance {
            effects.append(.loadNextPage)
        }
        return effects
    }

    private mutating func clampSelection(count: Int) {
        selected = count == 0 ? 0 : min(max(0, selected), count - 1)
    }
}

/// What the full screen's session does to the view models after an input: the screen's
/// effects (the table's reducer has its own, `ReducerEffect`, in the view-model module).
enum ScreenEffect: Equatable {
    /// Set the table view model's `query`.
    case setQuery(String)
    /// Show result `index` in the detail view model (`selectCellAtIndex`).
    case showDetail(Int)
    /// Open result `index`'s page (select it, then `openImagePage()`).
    case openPage(Int)
    /// Apply `loadNextPage` if it is enabled: the selection is near the end.
    case loadNextPage
    /// Cancel the search in flight (`cancelSearch()`).
    case cancelSearch
    /// Search the failed or cancelled query again, or ask again for the page that
    /// failed (`retry()`).
    case retry
    /// Leave the program with this exit status: 0 for Esc, 130 for Ctrl-C (as a shell
    /// reports an interrupted command).
    case quit(status: Int32)
    /// Stop the program as Ctrl-Z does (terminal restored first).
    case suspend
}
