import InstantSearchCore

/// Every section of a federated search at once: hits of several indices, the facet counts of
/// the records they match, one block each. Up/Down move through all rows; accept on a hit picks it, accept or
/// toggle-refinement on a facet value refines the hits of its index (an intent). After a
/// failure every section is empty and the summary says so.
public struct FederatedView {
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

    // MARK: Drawing

    func render(_ area: Rect, _ canvas: inout Canvas, state: SectionsState) {
        let selected = selectedRow
        var y = area.y
        for (position, section) in state.sections.enumerated() where y < area.maxY {
            let sectionRows = rows.indices.contains(position) ? rows[position] : []
            let width = canvas.write(section.definition.title.uppercased(), x: area.x + 1, y: y, style: Theme.paneTitle)
            canvas.write("  " + note(section), x: area.x + 1 + width, y: y, style: Theme.secondary, maxWidth: area.width - width - 2)
            y += 1
            // Leave at least a header and a row for each section still to come.
            let later = state.sections.count - position - 1
            let room = max(1, area.maxY - y - later * 2)
            if sectionRows.isEmpty {
                canvas.write(state.error == nil ? "  (none)" : "  (the search failed)", x: area.x + 1, y: y, style: Theme.secondary)
                y += 1
            }
            for row in sectionRows.prefix(room) where y < area.maxY {
                drawRow(row, y: y, area: area, isSelected: row == selected, state: state, into: &canvas)
                y += 1
            }
        }
    }

    private func note(_ section: SectionsState.Section) -> String {
        switch section.definition.content {
        case .hits:
            guard let results = section.hits else { return "" }
            return "\(numbers.counted(results.nbHits, "result", "results")) in \(section.definition.indexName)"
        case .facetValues(let attribute, _):
            return "\(attribute) of the \(section.definition.indexName) records matching — Enter refines"
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
            canvas.write(value.value, x: x + box, y: y, style: refined ? Theme.refined : Theme.text, maxWidth: area.width - box - count.count - 6, overflow: .ellipsis)
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
