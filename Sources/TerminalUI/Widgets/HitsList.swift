import InstantSearchCore

/// Ranked hits, two rows each: the title with its matches highlighted (and a number on the
/// right, such as the price), then the other display attributes. Its selection follows keys
/// and new results; when the selection nears the end of what is loaded it asks for the next
/// page — as an intent, which the app hands to the hub.
public struct HitsList {
    static let rowsPerHit = 2
    /// One row per hit.
    private(set) var list = ListState()
    private var indexName: String?
    /// The results the list was last laid out for.
    private var shown: SearchResults?
    /// Set on switching index: that index's results keep the selection it had.
    private var restoring = false
    /// Selection and scroll of the indices not shown, so Tab brings them back.
    private var saved: [String: ListState] = [:]

    public init() {}

    public var selection: Int { list.selection }

    /// The hit under the selection in `state`'s results.
    func selectedHit(in state: IndexState) -> Hit? {
        guard let hits = state.results?.hits, hits.indices.contains(list.selection) else { return nil }
        return hits[list.selection]
    }

    // MARK: Update

    /// The pane's new height.
    mutating func resize(height: Int) {
        list.resize(visible: max(1, height / Self.rowsPerHit))
    }

    /// New hub state. Returns the next page intent when the selection is near the end.
    mutating func update(_ state: IndexState) -> [SearchIntent] {
        if state.name != indexName {
            if let indexName { saved[indexName] = list }
            list = saved[state.name] ?? list.emptied()
            indexName = state.name
            restoring = true
            shown = nil
        }
        guard state.results != shown else { return loadMoreIfNeeded(state) }
        let results = state.results
        let isNextPage = results.map { $0.page > 0 && $0.query == shown?.query } ?? false
        let keep = restoring || isNextPage
        // The same query answered again (the data grew or was reloaded, `--watch`): the
        // selected record stays selected where it still is among the hits.
        let selectedID = shown.flatMap { $0.hits.indices.contains(list.selection) ? $0.hits[list.selection].objectID : nil }
        let isRefresh = results.map { $0.page == 0 && $0.query == shown?.query } ?? false
        let kept = isRefresh ? selectedID.flatMap { id in results?.hits.firstIndex { $0.objectID == id } } : nil
        if results != nil { restoring = false }
        shown = results
        list.update(count: results?.hits.count ?? 0, select: keep ? nil : kept ?? 0)
        return loadMoreIfNeeded(state)
    }

    /// Up, Down, PgUp, PgDn; false for other actions.
    mutating func perform(_ action: KeyAction, _ state: IndexState) -> (handled: Bool, intents: [SearchIntent]) {
        switch action {
        case .up: list.move(by: -1)
        case .down: list.move(by: 1)
        case .pageUp: list.move(by: -list.page)
        case .pageDown: list.move(by: list.page)
        default: return (false, [])
        }
        return (true, loadMoreIfNeeded(state))
    }

    /// A click at `row` rows from the top of the pane: selects the hit drawn there.
    /// Returns whether a hit was there, and the next page intent when it is near the end.
    mutating func click(row: Int, _ state: IndexState) -> (handled: Bool, intents: [SearchIntent]) {
        let position = list.offset + row / Self.rowsPerHit
        guard row >= 0, let hits = state.results?.hits, hits.indices.contains(position) else { return (false, []) }
        list.select(position)
        return (true, loadMoreIfNeeded(state))
    }

    private func loadMoreIfNeeded(_ state: IndexState) -> [SearchIntent] {
        guard state.hasNextPage, let hits = state.results?.hits, list.selection + list.visible >= hits.count else { return [] }
        return [.nextPage]
    }

    // MARK: Drawing

    func render(_ area: Rect, _ canvas: inout Canvas, state: IndexState, description: IndexDescription?, focused: Bool) {
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
        let capacity = max(1, area.height / Self.rowsPerHit)
        let first = min(list.offset, max(0, results.hits.count - 1))
        for (row, position) in (first..<min(results.hits.count, first + capacity)).enumerated() {
            let hitArea = Rect(x: area.x, y: area.y + row * Self.rowsPerHit, width: area.width, height: Self.rowsPerHit)
            drawHit(results.hits[position], in: hitArea, description: description, selected: position == list.selection, focused: focused, into: &canvas)
        }
        if first + capacity < results.hits.count || results.page + 1 < results.nbPages {
            canvas.write("↓", x: area.maxX - 1, y: area.maxY - 1, style: Theme.secondary)
        }
    }

    private func drawHit(
        _ hit: Hit, in area: Rect, description: IndexDescription?, selected: Bool, focused: Bool, into canvas: inout Canvas
    ) {
        let display = HitDisplay(hit: hit, description: description)
        let marker = selected ? (focused ? "▌" : "│") : " "
        canvas.write(marker, x: area.x, y: area.y, style: Theme.title)
        canvas.write(marker, x: area.x, y: area.y + 1, style: Theme.title)
        let textX = area.x + 2
        var room = area.width - 3
        if let figure = display.figure {
            let width = figure.displayWidth
            canvas.write(figure, x: area.maxX - width - 1, y: area.y, style: Theme.title)
            room -= width + 2
        }
        canvas.write(display.title, x: textX, y: area.y, maxWidth: room, overflow: .ellipsis)
        canvas.write(display.details, x: textX, y: area.y + 1, maxWidth: area.width - 3, overflow: .ellipsis)
        if selected {
            canvas.applyStyle(Theme.selectedRow, to: Rect(x: area.x + 1, y: area.y, width: area.width - 1, height: 2))
        }
    }
}
