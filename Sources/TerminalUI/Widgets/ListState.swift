/// The selection and scroll offset of a list — the hits, the refinement list, the sections
/// view, the slider's attributes and the help use this one type. It changes only when a key,
/// new contents or a resize arrive; drawing reads it and never changes it.
///
/// Positions count rows. Some rows may not be selectable (a facet's heading): the selection
/// skips them, and `context` rows above the selection stay in view so its heading shows.
/// Items of several screen rows (the hits) say how many each takes (`measure`): the offset
/// then keeps the selected item, all its rows, in view.
struct ListState: Equatable {
    private(set) var count = 0
    private(set) var selection = 0
    /// The first row in view.
    private(set) var offset = 0
    /// Rows in view.
    private(set) var visible = 1
    /// Rows that may be selected, ascending; nil: every row.
    private(set) var selectable: [Int]?
    /// Rows kept in view above the selection.
    var context = 0
    /// Items kept in view on either side of the selection while it moves, as far as the list
    /// goes and at most half the view (fzf's `--scroll-off`).
    var scrollOff = 0
    /// False for a list nothing is selected in (the help): the view moves on its own.
    let followsSelection: Bool
    /// True for a list that keeps its selection in the middle of the view (the slider's
    /// attributes), rather than scrolling just enough to show it.
    let centresSelection: Bool
    /// Screen rows each item takes, and the screen rows in view, when items take several
    /// (`measure`); nil: one row an item, `visible` of them in view.
    private(set) var heights: [Int]?
    private(set) var screenRows = 1

    init(context: Int = 0, followsSelection: Bool = true, centresSelection: Bool = false) {
        self.context = context
        self.followsSelection = followsSelection
        self.centresSelection = centresSelection
    }

    var visibleRange: Range<Int> { offset..<min(count, offset + visible) }
    var isEmpty: Bool { selectableRows.isEmpty }
    /// Steps a page key moves.
    var page: Int { max(1, visible - 1) }

    private var selectableRows: [Int] { selectable ?? Array(0..<count) }

    /// New contents: `count` rows, of which `selectable`; the selection moves to `select` if
    /// given, else stays where it was (clamped).
    mutating func update(count: Int, selectable: [Int]? = nil, select row: Int? = nil) {
        self.count = max(0, count)
        self.selectable = selectable
        settle(on: row ?? selection)
    }

    /// A new size: `rows` in view.
    mutating func resize(visible rows: Int) {
        visible = max(1, rows)
        settle(on: selection)
    }

    /// Items of several screen rows: each one's `heights`, `rows` screen rows in view. The
    /// offset follows on the next update, move or resize (the hits' answer is placed by what
    /// was on screen before it).
    mutating func measure(heights: [Int], rows: Int) {
        self.heights = heights
        screenRows = max(1, rows)
    }

    /// The same size and context, no contents.
    func emptied() -> ListState {
        var fresh = ListState(context: context, followsSelection: followsSelection, centresSelection: centresSelection)
        fresh.scrollOff = scrollOff
        fresh.resize(visible: visible)
        if heights != nil { fresh.measure(heights: [], rows: screenRows) }
        return fresh
    }

    /// Moves the selection by `steps` selectable rows (negative: up), stopping at the ends.
    mutating func move(by steps: Int) {
        let rows = selectableRows
        guard !rows.isEmpty else { return }
        let current = rows.firstIndex { $0 >= selection } ?? rows.count - 1
        settle(on: rows[max(0, min(rows.count - 1, current + steps))])
    }

    /// Moves by `steps`; with `cycling`, a step past either end goes round to the other end
    /// (fzf's `--cycle`, the slider's attributes).
    mutating func move(by steps: Int, cycling: Bool) {
        let rows = selectableRows
        guard cycling, let first = rows.first, let last = rows.last else { return move(by: steps) }
        if steps < 0, selection <= first { return settle(on: last) }
        if steps > 0, selection >= last { return settle(on: first) }
        move(by: steps)
    }

    /// Selects `row` (a click on it), or the nearest selectable row after it.
    mutating func select(_ row: Int) {
        settle(on: max(0, min(row, count - 1)))
    }

    /// Moves the view, not the selection (a list nothing is selected in: the help).
    mutating func scroll(by rows: Int) {
        offset = max(0, min(offset + rows, count - visible))
    }

    /// The selection on `row` (or the nearest selectable row at or after it, else before),
    /// and the offset moved just enough to show it.
    private mutating func settle(on row: Int) {
        guard followsSelection else {
            scroll(by: 0)
            return
        }
        let rows = selectableRows
        if rows.isEmpty {
            selection = 0
        } else {
            selection = rows.first { $0 >= min(row, rows[rows.count - 1]) } ?? rows[rows.count - 1]
        }
        if let heights {
            // Just far enough down that the selected item, all its rows, and the scroll-off's
            // items after it fit below the offset; the scroll-off's items before it stay above.
            guard !heights.isEmpty else { return offset = 0 }
            let last = min(selection, heights.count - 1)
            let margin = min(scrollOff, max(0, (screenRows / max(1, heights[last]) - 1) / 2))
            let shownLast = min(last + margin, heights.count - 1)
            offset = min(offset, max(0, last - margin))
            while offset < last, heights[offset...shownLast].reduce(0, +) > screenRows { offset += 1 }
            return
        }
        if centresSelection {
            offset = max(0, min(selection - visible / 2, count - visible))
            return
        }
        let margin = min(scrollOff, (visible - 1) / 2)
        if selection - max(context, margin) < offset { offset = max(0, selection - max(context, margin)) }
        if selection + margin >= offset + visible { offset = selection + margin - visible + 1 }
        offset = max(0, min(offset, count - visible))
    }
}
