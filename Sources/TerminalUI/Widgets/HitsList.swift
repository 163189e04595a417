import InstantSearchCore

/// Ranked hits: the title with its matches highlighted (and a number beside it, such as the
/// price), then on a second row the other display attributes, or a snippet of the text that
/// matched when that text is not displayed; a hit with nothing for a second row takes one.
/// On a wide pane the display attributes go in columns on the first row (see `HitColumns`).
/// Its selection follows keys and new results; when the selection nears the end of what is
/// loaded it asks for the next page — as an intent, which the app hands to the hub.
public struct HitsList {
    /// From this width on, display attributes go in columns.
    static let columnsFromWidth = 100
    /// Beside a marked hit (fzf's `--multi`).
    public static let markGlyph = "✓"
    public static let pointerGlyph = "▌"
    /// Beside a hit a query rule put in its place.
    static let promotedGlyph = "↑"
    /// One item per hit, each as many rows as it takes (`measure`); its offset is the first
    /// hit drawn.
    private(set) var list = ListState()
    private var indexName: String?
    /// The results the list was last laid out for.
    private var shown: SearchResults?
    private var description: IndexDescription?
    private var height = 2
    private var width = 0
    /// What the list keeps of an index while another is on screen (`ViewsByIndex`): the
    /// selection, the scroll and the results laid out.
    struct Place {
        fileprivate var list: ListState
        fileprivate var shown: SearchResults?
    }

    var place: Place { Place(list: list, shown: shown) }

    /// How numbers are written (the locale's separators).
    var numbers = NumberText.standard {
        didSet { measure() }
    }
    /// Each shown hit as drawn (its title, fields, snippet), made once per answer by `measure`
    /// rather than again in every frame: a key's echo frame draws the same hits as the frame
    /// before it, and making a hit's display is most of drawing it (numbers written, highlights
    /// cut into pieces).
    private var displays: [HitDisplay] = []
    /// The theme the displays' styles are of (`Theme.current` when they were made): drawn under
    /// another, they are made again.
    private var displaysTheme = Theme.standard

    public init() {}

    public var selection: Int { list.selection }
    /// The first hit drawn.
    var top: Int { list.offset }
    /// Each hit's height in rows, as last measured.
    private var heights: [Int] { list.heights ?? [] }
    var usesColumns: Bool { width >= Self.columnsFromWidth && !wraps }

    /// The results laid out (the ones the next frame draws).
    var shownResults: SearchResults? { shown }

    /// The hits laid out, in their order (what `--listen` tells as the matches).
    var shownHits: [Hit] { shown?.hits ?? [] }

    /// The hit drawn as selected: of the results this list last laid out (the ones drawn),
    /// never of newer ones it has not seen.
    var selectedHit: Hit? {
        guard let hits = shown?.hits, hits.indices.contains(list.selection) else { return nil }
        return hits[list.selection]
    }

    // MARK: Update

    /// The pane's new size (the width decides between one and two rows a hit).
    mutating func resize(height: Int, width: Int = 0) {
        self.height = max(1, height)
        if width != self.width {
            self.width = width
            measure()
        } else {
            list.measure(heights: heights, rows: self.height)
        }
        list.resize(visible: max(1, self.height / 2))
    }

    /// New hub state. Returns the next page intent when the selection is near the end.
    /// Where the selection goes with a new answer is `HitSelectionRule`'s one rule. `place`:
    /// where the list stood on another index when it was last shown (nil: an empty list).
    mutating func update(_ state: IndexState, description: IndexDescription? = nil, place: Place? = nil) -> [SearchIntent] {
        if state.name != indexName {
            (list, shown) = place.map { ($0.list, $0.shown) } ?? (list.emptied(), nil)
            indexName = state.name
            wanted = nil
            measure()
        }
        if description != self.description {
            self.description = description
            measure()
        }
        guard state.results != shown else { return loadMoreIfNeeded(state) }
        let previous = shown
        shown = state.results
        measure()
        let count = shown?.hits.count ?? 0
        switch HitSelectionRule.outcome(
            shown: previous, selection: list.selection, answer: shown, onScreen: rowsOnScreen(from: top), tracks: tracks,
            keepsRow: keepsRowOnNewQuery, reload: reloadSelection
        ) {
        case .keep: list.update(count: count)
        case .follow(let row): list.update(count: count, select: row)
        case .top: list.update(count: count, select: 0)  // and the first hit at the top
        }
        // A move past the hits loaded goes on as their pages come, while the query is the same.
        if let wanted, wanted.query == shown?.query { return reach(wanted, state) }
        wanted = nil
        return loadMoreIfNeeded(state)
    }

    /// Where a move asked to go past the hits loaded: fzf reaches every match, so the selection
    /// waits on the last one loaded while the pages up to it come (`SearchIntent.loadThrough`).
    private struct Wanted: Equatable {
        /// From the first hit, or with `fromEnd` back from the last (1: the last).
        var position: Int
        var fromEnd: Bool
        /// The text searched when the move was made: another query's answer ends the wait.
        var query: String
    }
    private var wanted: Wanted?

    /// Hits that can be reached: every match while more pages are to come, else those loaded.
    private func reachable(_ state: IndexState) -> Int {
        state.hasNextPage && list.count < HitsSearcher.reachableHits ? max(shown?.nbHits ?? 0, list.count) : list.count
    }

    /// The position `target` stands for among `total` hits, within them.
    private func resolve(_ target: Wanted, total: Int) -> Int {
        max(0, min(target.fromEnd ? total - target.position : target.position, total - 1))
    }

    /// Selects `target`'s hit when it is loaded; else the last loaded, asking for the pages up to it.
    private mutating func reach(_ target: Wanted, _ state: IndexState) -> [SearchIntent] {
        let position = resolve(target, total: reachable(state))
        guard position >= list.count else {
            wanted = nil
            list.select(position)
            return loadMoreIfNeeded(state)
        }
        wanted = target
        list.select(list.count - 1)
        return [.loadThrough(position + 1 + list.visible)]
    }

    /// A move by `steps` hits from the selection (or from where a move still waiting goes), past
    /// the hits loaded when there are more; with `cycling`, past either end to the other.
    private mutating func move(by steps: Int, cycling: Bool = false, _ state: IndexState) -> [SearchIntent] {
        let total = reachable(state)
        guard total > 0 else { return [] }
        let query = shown?.query ?? ""
        let from = wanted.map { $0.query == query ? resolve($0, total: total) : list.selection } ?? list.selection
        if cycling, steps < 0, from <= 0 { return reach(Wanted(position: 1, fromEnd: true, query: query), state) }
        if cycling, steps > 0, from >= total - 1 { return reach(Wanted(position: 0, fromEnd: false, query: query), state) }
        return reach(Wanted(position: max(0, min(from + steps, total - 1)), fromEnd: false, query: query), state)
    }

    /// While a reload's records come in: the selection when it began, or where the user moved
    /// it since — what `HitSelectionRule` keeps it on, answer after answer.
    private var reloadSelection: HitSelectionRule.Reload?

    /// A reload begins (`SearchApp.reload`): the selection is kept by its row (or record, with `--track`).
    mutating func beginReload() {
        reloadSelection = HitSelectionRule.Reload(row: list.selection, record: selectedHit?.record)
    }

    /// The reload's list is in place: the everyday rule again.
    mutating func endReload() { reloadSelection = nil }

    /// The user moved the selection: during a reload, that is the place to keep.
    private mutating func noteMove() {
        if reloadSelection != nil { beginReload() }
    }

    /// fzf's `--cycle`: up from the first hit goes to the last listed, down from the last to the first.
    var cycles = false
    /// fzf's `--track`: a new query keeps the selected record selected where it is still listed.
    var tracks = false
    /// fzf's rule on plain lines: a new query keeps the selection on its row (the last row when
    /// fewer match); records go to the best hit.
    var keepsRowOnNewQuery = false
    /// fzf's `--layout default`: the first hit at the bottom, the list running upward, so Up
    /// (as it looks) goes to the next hit.
    var runsUpward = false
    /// fzf's `--wrap`: a long title goes on over as many rows as it needs (the hit, all its
    /// rows, is still one thing to select), and the display attributes do not go in columns.
    var wraps = false
    /// With fzf's `--multi` the text starts one column further right, after the tick's.
    var hasMarkColumn = false
    /// fzf's `--pointer` (the selected hit's bar while the list has the focus) and `--marker`.
    var pointer = HitsList.pointerGlyph
    var marker = HitsList.markGlyph
    /// What the list's last column shows of where it is: an arrow where more hits are (the
    /// default), fzf's scrollbar drawn with this glyph (`--scrollbar`), or nothing ("": `--no-scrollbar`).
    var scrollbar: String?
    /// Hits kept in view above and below the selected one (fzf's `--scroll-off`).
    var scrollOff = 0 {
        didSet { list.scrollOff = scrollOff }
    }
    /// How a hit longer than its row is cut (`--no-hscroll`, `--hscroll-off`, `--keep-right`, `--ellipsis`).
    var window = MatchWindow.Settings()

    /// The hits drawn when the list starts at `first`: as many as fit the pane's rows, at least one.
    private func rowsOnScreen(from first: Int) -> Range<Int> {
        guard first < heights.count else { return 0..<0 }
        var end = first
        var used = 0
        while end < heights.count, used + heights[end] <= height || end == first {
            used += heights[end]
            end += 1
        }
        return first..<end
    }

    /// Rows every hit loaded takes (a message's two when there is none); far more than any
    /// screen when more pages are to come.
    var contentRows: Int { contentRows(least: 2) }

    /// The same, at least `least` rows.
    func contentRows(least: Int) -> Int {
        guard let shown else { return least }
        if shown.page + 1 < shown.nbPages { return 10_000 }
        return max(least, heights.reduce(0, +))
    }

    /// Up, Down, PgUp, PgDn; false for other actions.
    mutating func perform(_ action: KeyAction, _ state: IndexState) -> (handled: Bool, intents: [SearchIntent]) {
        var action = action
        if runsUpward {
            let flipped: [KeyAction: KeyAction] = [
                .up: .down, .down: .up, .pageUp: .pageDown, .pageDown: .pageUp, .halfPageUp: .halfPageDown, .halfPageDown: .halfPageUp,
            ]
            action = flipped[action] ?? action
        }
        let query = shown?.query ?? ""
        let intents: [SearchIntent]
        switch action {
        case .up: intents = move(by: -1, cycling: cycles, state)
        case .down: intents = move(by: 1, cycling: cycles, state)
        case .pageUp: intents = move(by: -list.page, state)
        case .pageDown: intents = move(by: list.page, state)
        case .halfPageUp: intents = move(by: -max(1, list.page / 2), state)
        case .halfPageDown: intents = move(by: max(1, list.page / 2), state)
        case .first: intents = reach(Wanted(position: 0, fromEnd: false, query: query), state)
        case .last: intents = reach(Wanted(position: 1, fromEnd: true, query: query), state)
        default: return (false, [])
        }
        noteMove()
        return (true, intents)
    }

    /// fzf's `pos(N)`: selects the Nth hit listed from 1, with -N the Nth from the last, with 0
    /// the first; clamped to the matches (pages past those loaded are loaded for it).
    mutating func select(position: Int, _ state: IndexState) -> [SearchIntent] {
        let query = shown?.query ?? ""
        let target =
            position < 0 ? Wanted(position: -position, fromEnd: true, query: query) : Wanted(position: max(0, position - 1), fromEnd: false, query: query)
        let intents = reach(target, state)
        noteMove()
        return intents
    }

    /// fzf's `jump`: selects the hit `offset` hits below the first on screen (the one labelled
    /// with the `offset`-th jump label); not handled when no hit is drawn there.
    mutating func jump(to offset: Int, _ state: IndexState) -> (handled: Bool, intents: [SearchIntent]) {
        let onScreen = rowsOnScreen(from: top)
        guard offset >= 0, offset < onScreen.count else { return (false, []) }
        list.select(onScreen.lowerBound + offset)
        wanted = nil
        noteMove()
        return (true, loadMoreIfNeeded(state))
    }

    /// A click at `row` rows from the top of the pane: selects the hit drawn there.
    /// Returns whether a hit was there, and the next page intent when it is near the end.
    mutating func click(row: Int, _ state: IndexState) -> (handled: Bool, intents: [SearchIntent]) {
        let row = runsUpward ? height - 1 - row : row
        guard row >= 0, let hits = state.results?.hits, !hits.isEmpty else { return (false, []) }
        var position = min(top, hits.count - 1)
        var y = 0
        while position < hits.count {
            let rows = position < heights.count ? heights[position] : 2
            if row < y + rows { break }
            y += rows
            position += 1
        }
        guard hits.indices.contains(position) else { return (false, []) }
        list.select(position)
        wanted = nil
        noteMove()
        return (true, loadMoreIfNeeded(state))
    }

    /// The next page when the selection nears the end of what is loaded, or when the hits
    /// loaded from the first drawn do not fill the pane (a page of one-row hits on a tall one).
    private func loadMoreIfNeeded(_ state: IndexState) -> [SearchIntent] {
        guard state.hasNextPage, let hits = state.results?.hits else { return [] }
        let unfilled = heights.dropFirst(top).reduce(0, +) < height
        guard unfilled || list.selection + list.visible >= hits.count else { return [] }
        return [.nextPage]
    }

    /// Each hit's height in rows, into the list: its offset keeps the selected hit whole in view.
    private mutating func measure() {
        let columns = usesColumns
        displays = (shown?.hits ?? []).map { HitDisplay(hit: $0, description: description, numbers: numbers) }
        displaysTheme = Theme.current
        // The same rows for every hit: `--hits-layout`'s, else two when the index's settings give
        // hits a second row or some hit of the answer has one (a distance from a geo centre).
        let second =
            description?.hitsLayout.map { $0.rows > 1 }
            ?? (HitDisplay.indexHasSecondRow(description, columns: columns) == true || displays.contains { $0.secondRow(columns: columns) != nil })
        let heights = displays.map { display in
            wraps ? titleLines(display, textWidth: textWidth(of: width)).count + (second ? 1 : 0) : second ? 2 : 1
        }
        list.measure(heights: heights, rows: height)
    }

    /// Columns for a hit's text in a pane `width` wide: after the bar (and the tick's column
    /// with --multi), one short of the right edge.
    private func textWidth(of width: Int) -> Int { width - (hasMarkColumn ? 3 : 2) - 1 }

    /// With --wrap, the title's rows: beside the figure (a price), wrapped to the room left.
    private func titleLines(_ display: HitDisplay, textWidth: Int) -> [[(String, Style)]] {
        let room = textWidth - (display.figure.map { $0.displayWidth + 2 } ?? 0)
        return StyledWrap.wrap(display.title, width: max(1, room))
    }

    // MARK: Drawing

    /// `marks`: with fzf's `--multi`, the marked hits, shown with a tick beside the bar.
    /// `jumpLabels`: in fzf's jump mode, each hit on screen gets its label in the gutter.
    func render(
        _ area: Rect, _ canvas: inout Canvas, state: IndexState, description: IndexDescription?, focused: Bool,
        marks: Marks? = nil, jumpLabels: JumpLabels? = nil
    ) {
        guard let results = state.results else {
            let message = state.error != nil ? "The search failed (the stats line says why); type to try again." : "Searching…"
            canvas.write(message, x: area.x + 2, y: area.y, style: Theme.secondary, maxWidth: area.width - 2, overflow: .ellipsis)
            return
        }
        guard !results.hits.isEmpty else {
            let message = results.query.isEmpty ? "No results." : "No results for “\(results.query)”."
            canvas.write(message, x: area.x + 2, y: area.y, style: Theme.secondary, maxWidth: area.width - 2, overflow: .ellipsis)
            if state.query.hasRefinements {
                canvas.write("Ctrl-X clears the refinements.", x: area.x + 2, y: area.y + 1, style: Theme.secondary, maxWidth: area.width - 2)
            }
            return
        }
        let first = min(top, results.hits.count - 1)
        // The displays `measure` made, when they are of these results (always, after `update`).
        let made =
            results == shown && description == self.description && displays.count == results.hits.count && Theme.current == displaysTheme
            ? displays : nil
        // `rows`: the rows a hit gets. The last hit drawn may get fewer than it takes (its
        // title, its second row cut off) so that no row of the pane is left blank.
        var drawn: [(hit: Int, display: HitDisplay, y: Int, rows: Int)] = []
        var whole = 0
        var y = area.y
        for position in first..<results.hits.count where y < area.maxY {
            let display = made?[position] ?? HitDisplay(hit: results.hits[position], description: description, numbers: numbers)
            let rows = position < heights.count ? heights[position] : 2
            let fits = min(rows, area.maxY - y)
            if fits == rows { whole += 1 }
            // Running upward, the hits stack from the pane's last row.
            drawn.append((position, display, runsUpward ? area.y + area.maxY - y - fits : y, fits))
            y += rows
        }
        let textX = area.x + Self.textOffset(multi: marks != nil)
        let textWidth = area.maxX - 1 - textX
        let columns = area.width >= Self.columnsFromWidth ? HitColumns(displays: drawn.map(\.display), width: textWidth, window: window) : nil
        for (position, display, rowY, rows) in drawn {
            let hitArea = Rect(x: area.x, y: rowY, width: area.width, height: rows)
            drawHit(display, in: hitArea, textX: textX, columns: columns, selected: position == list.selection, focused: focused, into: &canvas)
            if marks?.contains(results.hits[position], in: state.name) == true {
                canvas.write(marker, x: hitArea.x + 1, y: hitArea.y, style: Theme.marker, maxWidth: 1)
            } else if results.hits[position].isPromoted {
                canvas.write(Self.promotedGlyph, x: hitArea.x + 1, y: hitArea.y, style: Theme.refined)
            }
            // Where the selection bar goes, as fzf puts the label in place of its pointer.
            if position - first < whole, let label = jumpLabels?.label(at: position - first) {
                canvas.write(String(label), x: hitArea.x, y: hitArea.y, style: Theme.jumpLabel)
            }
        }
        let more = first + whole < results.hits.count || results.page + 1 < results.nbPages
        if let scrollbar {
            let total = max(results.nbHits, results.hits.count)
            guard !scrollbar.isEmpty, first > 0 || more, total > whole else { return }
            let thumb = Self.scrollbarThumb(first: first, shown: whole, total: total, rows: area.height)
            for row in thumb {
                canvas.write(scrollbar, x: area.maxX - 1, y: runsUpward ? area.maxY - 1 - row : area.y + row, style: Theme.border)
            }
        } else if more {
            canvas.write(runsUpward ? "↑" : "↓", x: area.maxX - 1, y: runsUpward ? area.y : area.maxY - 1, style: Theme.secondary)
        }
    }

    /// The rows of a scrollbar `rows` high, from the end the list starts at, for `shown` of
    /// `total` hits from `first` on: at least one row, in proportion, and at the far end only
    /// when the last hit shows.
    static func scrollbarThumb(first: Int, shown: Int, total: Int, rows: Int) -> Range<Int> {
        guard rows > 0, total > 0 else { return 0..<0 }
        let size = max(1, min(rows, rows * shown / total))
        let hidden = max(1, total - shown)
        var start = (rows - size) * min(first, hidden) / hidden
        if first > 0 { start = max(start, 1) }
        if first + shown < total { start = min(start, rows - size - 1) }
        start = max(0, min(start, rows - size))
        return start..<start + size
    }

    /// Where a hit's text starts in the list: after the bar ("▌ ssh"), and with fzf's --multi
    /// after the tick's column too ("▌✓ ssh").
    static func textOffset(multi: Bool) -> Int { multi ? 3 : 2 }

    private func drawHit(
        _ display: HitDisplay, in area: Rect, textX: Int, columns: HitColumns?, selected: Bool, focused: Bool, into canvas: inout Canvas
    ) {
        // The panes keep one column for the pointer, whatever width fzf's --pointer has.
        let bar = selected ? (focused ? (pointer.isEmpty ? " " : pointer) : "│") : " "
        for row in 0..<area.height { canvas.write(bar, x: area.x, y: area.y + row, style: selected ? Theme.pointer : Theme.gutter, maxWidth: 1) }
        let textWidth = area.maxX - 1 - textX
        if let columns {
            columns.draw(display, x: textX, y: area.y, into: &canvas)
        } else {
            var room = textWidth
            if let figure = display.figure {
                let width = figure.displayWidth
                canvas.write(figure, x: area.maxX - width - 1, y: area.y, style: Theme.title)
                room -= width + 2
            }
            if wraps {
                for (row, line) in titleLines(display, textWidth: textWidth).enumerated() where row < area.height {
                    canvas.write(line, x: textX, y: area.y + row, maxWidth: room)
                }
            } else {
                canvas.write(scrolled(display.title, width: room), x: textX, y: area.y, maxWidth: room, overflow: .ellipsis)
            }
        }
        // The second row (details, or the snippet) under the title's rows.
        let secondY = area.y + (wraps ? titleLines(display, textWidth: textWidth).count : 1)
        if secondY < area.maxY, let second = display.secondRow(columns: columns != nil) {
            canvas.write(scrolled(second, width: textWidth), x: textX, y: secondY, maxWidth: textWidth, overflow: .ellipsis)
        }
        if selected {
            // fzf's fg+ / bg+ over the row; its query words in fzf's hl+ on that background.
            let (highlight, row, current) = (Theme.highlight, Theme.selectedRow, Theme.selectedRow.patched(with: Theme.selectedHighlight))
            canvas.restyle(Rect(x: area.x + 1, y: area.y, width: area.width - 1, height: area.height)) { $0 == highlight ? current : $0.patched(with: row) }
        }
    }

    /// A line on fzf's screen (`PickerList`): where it is in the list, the hit, how it is drawn.
    struct ShownRow {
        var position: Int
        var hit: Hit
        var display: HitDisplay
    }

    /// Up to `count` hits from the first drawn, with the displays `measure` made for them.
    func shownRows(_ count: Int) -> [ShownRow] {
        guard let hits = shown?.hits, !hits.isEmpty else { return [] }
        let first = min(top, hits.count - 1)
        let made = displays.count == hits.count && Theme.current == displaysTheme
        return (first..<min(hits.count, first + max(0, count))).map { position in
            ShownRow(
                position: position, hit: hits[position],
                display: made ? displays[position] : HitDisplay(hit: hits[position], description: description, numbers: numbers))
        }
    }

    /// A long text scrolled so its first match shows (`MatchWindow`).
    func scrolled(_ pieces: [(String, Style)], width: Int) -> [(String, Style)] {
        MatchWindow.fit(pieces, width: width, settings: window, isMatch: { $0 == Theme.highlight })
    }
}
