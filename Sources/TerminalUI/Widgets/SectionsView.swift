import InstantSearchCore

/// Every section of the sections view at once: hits of several indices, the facet counts of
/// the records they match, one block each. Up/Down move through all rows; accept on a hit picks it, accept or
/// toggle-refinement on a facet value refines the hits of its index (an intent). After a
/// failure every section is empty and the summary says so.
public struct SectionsView {
    public enum Row: Equatable {
        case hit(section: Int, Hit)
        case facetValue(section: Int, FacetValueCount)
    }

    private let descriptions: [String: IndexDescription]
    private(set) var list = ListState()
    /// Every section's rows, as many as it may show.
    private(set) var rows: [[Row]] = []

    /// How numbers are written (the locale's separators).
    var numbers = NumberText.standard

    public init(indices: [IndexDescription]) {
        descriptions = IndexDescription.byName(indices)
    }

    public var selectedRow: Row? {
        let all = rows.flatMap { $0 }
        return all.indices.contains(list.selection) ? all[list.selection] : nil
    }

    public var selectedHit: Hit? {
        if case .hit(_, let hit) = selectedRow { return hit }
        return nil
    }

    // MARK: Update

    mutating func update(_ state: SectionsState) {
        rows = state.sections.enumerated().map { position, section in
            switch section.definition.content {
            case .hits(let limit):
                return (section.hits?.hits ?? []).prefix(limit).map { .hit(section: position, $0) }
            case .facetValues(_, let limit):
                return (section.facetValues?.facetHits ?? []).prefix(limit).map { .facetValue(section: position, $0) }
            }
        }
        let count = rows.reduce(0) { $0 + $1.count }
        list.update(count: count)
        list.resize(visible: count)
    }

    /// Moves, and the intent of toggle-refinement on a facet value; false for other actions.
    mutating func perform(_ action: KeyAction) -> (handled: Bool, intents: [SearchIntent]) {
        switch action {
        case .up: list.move(by: -1)
        case .down: list.move(by: 1)
        case .pageUp: list.move(by: -5)
        case .pageDown: list.move(by: 5)
        case .toggleRefinement, .accept:
            guard case .facetValue(let section, let value) = selectedRow else { return (false, []) }
            return (true, [.toggleSectionValue(section: section, value: value.value)])
        default: return (false, [])
        }
        return (true, [])
    }

    /// "Actors 12 · Movies 345 · Genres 4 values"
    static func summary(_ state: SectionsState, numbers: NumberText = .standard) -> String {
        if let error = state.error { return "⚠ \(error.message)" }
        return state.sections.map { section in
            switch section.definition.content {
            case .hits: return "\(section.definition.title) \(section.hits.map { numbers.count($0.nbHits) } ?? "…")"
            case .facetValues:
                let values = section.facetValues.map { numbers.counted($0.facetHits.count, "value", "values") }
                return "\(section.definition.title) \(values ?? "…")"
            }
        }.joined(separator: " · ")
    }

    /// A click `y`: on a row, selects it; on a facet value, also refines by it (as
    /// toggle-refinement does). Rows are found where `placed` puts them in `area`.
    mutating func click(y: Int, in area: Rect, state: SectionsState) -> (handled: Bool, intents: [SearchIntent]) {
        guard let line = placed(area, state: state).first(where: { $0.y == y }), case .row(let row) = line.item else { return (false, []) }
        list.select(row)
        if case .facetValue = selectedRow { return perform(.toggleRefinement) }
        return (true, [])
    }

    // MARK: Drawing

    enum Placed: Equatable {
        case header(section: Int)
        /// A section with no rows: "(none)".
        case empty(section: Int)
        /// A row, by its position among all sections' rows (the list's selection counts so).
        case row(Int)
    }

    /// What goes on which line of `area`: each section's heading, then as many of its rows as
    /// leave room for a heading and a row of each section still to come. Drawing and clicks
    /// both read it.
    func placed(_ area: Rect, state: SectionsState) -> [(y: Int, item: Placed)] {
        var lines: [(y: Int, item: Placed)] = []
        var y = area.y
        var first = 0
        for position in state.sections.indices where y < area.maxY {
            let sectionRows = rows.indices.contains(position) ? rows[position].count : 0
            lines.append((y, .header(section: position)))
            y += 1
            let later = state.sections.count - position - 1
            let room = max(1, area.maxY - y - later * 2)
            if sectionRows == 0 {
                lines.append((y, .empty(section: position)))
                y += 1
            }
            for row in 0..<min(sectionRows, room) where y < area.maxY {
                lines.append((y, .row(first + row)))
                y += 1
            }
            first += sectionRows
        }
        return lines
    }

    func render(_ area: Rect, _ canvas: inout Canvas, state: SectionsState) {
        let all = rows.flatMap { $0 }
        for (y, item) in placed(area, state: state) {
            switch item {
            case .header(let position):
                let section = state.sections[position]
                let width = canvas.write(section.definition.title.uppercased(), x: area.x + 1, y: y, style: Theme.paneTitle)
                canvas.write("  " + note(section), x: area.x + 1 + width, y: y, style: Theme.secondary, maxWidth: area.width - width - 2)
            case .empty:
                canvas.write(state.error == nil ? "  (none)" : "  (the search failed)", x: area.x + 1, y: y, style: Theme.secondary)
            case .row(let row):
                drawRow(all[row], y: y, area: area, isSelected: row == list.selection, state: state, into: &canvas)
            }
        }
    }

    private func note(_ section: SectionsState.Section) -> String {
        switch section.definition.content {
        case .hits:
            guard let results = section.hits else { return "" }
            return "\(numbers.counted(results.nbHits, "result", "results")) in \(section.definition.indexName)"
        case .facetValues(let attribute, _):
            return "\(attribute) of matching records in \(section.definition.indexName) — Enter refines"
        }
    }

    private func drawRow(_ row: Row, y: Int, area: Rect, isSelected: Bool, state: SectionsState, into canvas: inout Canvas) {
        canvas.write(isSelected ? "▌" : " ", x: area.x, y: y, style: Theme.title)
        let x = area.x + 2
        switch row {
        case .hit(let position, let hit):
            let display = HitDisplay(hit: hit, description: descriptions[state.sections[position].definition.indexName], numbers: numbers)
            var room = area.width - 3
            if let figure = display.figure {
                canvas.write(figure, x: area.maxX - figure.displayWidth - 1, y: y, style: Theme.title)
                room -= figure.displayWidth + 2
            }
            let pieces = display.title + (display.details.isEmpty ? [] : [("  ·  ", Theme.secondary)] + display.details)
            canvas.write(pieces, x: x, y: y, maxWidth: room, overflow: .ellipsis)
        case .facetValue(let position, let value):
            let refined = Self.isRefined(value.value, in: state.sections[position])
            let box = canvas.write(refined ? "[x] " : "[ ] ", x: x, y: y, style: refined ? Theme.refined : Theme.secondary)
            let count = numbers.count(value.count)
            canvas.write(
                value.value, x: x + box, y: y, style: refined ? Theme.refined : Theme.text, maxWidth: area.width - box - count.count - 6, overflow: .ellipsis)
            canvas.write(count, x: area.maxX - count.count - 1, y: y, style: Theme.count)
        }
        if isSelected {
            canvas.applyStyle(Theme.selectedRow, to: Rect(x: area.x + 1, y: y, width: area.width - 1, height: 1))
        }
    }

    static func isRefined(_ value: String, in section: SectionsState.Section) -> Bool {
        guard case .facetValues(let attribute, _) = section.definition.content else { return false }
        return section.query.isRefined(attribute, value: value)
    }
}
