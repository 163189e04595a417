import InstantSearchCore

/// Facet values with their counts, one group per facet attribute; Space or Enter toggles the
/// selected value. The selection follows its value when counts reorder the rows.
public final class RefinementList: SearchableWidget, ResultingWidget, RefinableWidget {
    private var searcher: HitsSearcher?
    private var interactor = FacetListInteractor(attributes: [], disjunctiveFacets: [])
    private var results: SearchResults?
    private var query = Query()
    public private(set) var sections: [FacetSection] = []
    private var selected: FacetItem?
    private var top = 0
    private var visibleRows = 10
    private let descriptions: [String: IndexDescription]
    private let valuesPerFacet: Int

    public init(indices: [IndexDescription], valuesPerFacet: Int = 10) {
        descriptions = IndexDescription.byName(indices)
        self.valuesPerFacet = valuesPerFacet
    }

    public var items: [FacetItem] { sections.flatMap(\.items) }
    public var selectedItem: FacetItem? { selected }

    // MARK: InstantSearch

    public func connect(to searcher: HitsSearcher) {
        self.searcher = searcher
        let description = descriptions[searcher.indexName]
        interactor = FacetListInteractor(
            attributes: description?.facetAttributes ?? searcher.query.facets,
            disjunctiveFacets: description?.disjunctiveFacets ?? searcher.query.disjunctiveFacets,
            limit: valuesPerFacet)
        results = nil
        selected = nil
        top = 0
        rebuild()
    }

    public func searcher(_ searcher: HitsSearcher, didReceive results: SearchResults) {
        self.results = results
        rebuild()
    }

    public func searcher(_ searcher: HitsSearcher, didChangeQuery query: Query) {
        self.query = query
        rebuild()
    }

    private func rebuild() {
        sections = interactor.sections(results: results, query: query)
        let all = items
        if let current = selected, let same = all.first(where: { $0.attribute == current.attribute && $0.value == current.value }) {
            selected = same
        } else {
            selected = all.first
        }
    }

    // MARK: Keys

    public func handle(_ key: Key) -> Bool {
        let all = items
        let position = selected.flatMap { s in all.firstIndex { $0.attribute == s.attribute && $0.value == s.value } } ?? 0
        var next = position
        switch key {
        case .down, .control("n"): next += 1
        case .up, .control("p"): next -= 1
        case .pageDown: next += max(1, visibleRows - 2)
        case .pageUp: next -= max(1, visibleRows - 2)
        case .character(" "), .enter:
            if let item = selected, let searcher { interactor.toggle(item, on: searcher) }
            return true
        default: return false
        }
        if !all.isEmpty { selected = all[max(0, min(next, all.count - 1))] }
        return true
    }

    // MARK: Drawing

    public func draw(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        visibleRows = area.height
        var lines: [Line] = []
        for section in sections {
            let mode = section.isDisjunctive ? "any of" : "all of"
            lines.append(.header(section.attribute, mode))
            if section.items.isEmpty { lines.append(.empty) }
            lines += section.items.map(Line.item)
        }
        guard !lines.isEmpty else {
            canvas.write("No facets.", x: area.x + 1, y: area.y, style: Theme.secondary, maxWidth: area.width - 1)
            return
        }
        let selectedLine = lines.firstIndex { line in
            if case .item(let item) = line { return item.attribute == selected?.attribute && item.value == selected?.value }
            return false
        } ?? 0
        if selectedLine < top + 1 { top = max(0, selectedLine - 1) }
        if selectedLine >= top + area.height { top = selectedLine - area.height + 1 }
        for (row, line) in lines.dropFirst(top).prefix(area.height).enumerated() {
            let y = area.y + row
            switch line {
            case .header(let attribute, let mode):
                let width = canvas.write(attribute.uppercased(), x: area.x + 1, y: y, style: Theme.paneTitle, maxWidth: area.width - 1)
                canvas.write(" " + mode, x: area.x + 1 + width, y: y, style: Theme.secondary, maxWidth: area.width - 1 - width)
            case .empty:
                canvas.write("  (none)", x: area.x + 1, y: y, style: Theme.secondary, maxWidth: area.width - 1)
            case .item(let item):
                drawItem(item, y: y, area: area, isSelected: row + top == selectedLine, focused: focused, into: &canvas)
            }
        }
    }

    private enum Line {
        case header(String, String)
        case empty
        case item(FacetItem)
    }

    private func drawItem(_ item: FacetItem, y: Int, area: Rect, isSelected: Bool, focused: Bool, into canvas: inout Canvas) {
        let box = item.isRefined ? "[x] " : "[ ] "
        let count = String(item.count)
        let countX = area.maxX - count.displayWidth - 1
        canvas.write(isSelected && focused ? "▌" : " ", x: area.x, y: y, style: Theme.title)
        let boxWidth = canvas.write(box, x: area.x + 1, y: y, style: item.isRefined ? Theme.refined : Theme.secondary)
        canvas.write(item.value, x: area.x + 1 + boxWidth, y: y, style: item.isRefined ? Theme.refined : Theme.text,
                     maxWidth: countX - area.x - 2 - boxWidth, overflow: .ellipsis)
        canvas.write(count, x: countX, y: y, style: Theme.count)
        if isSelected && focused {
            canvas.applyStyle(Theme.selectedRow, to: Rect(x: area.x + 1, y: y, width: area.width - 1, height: 1))
        }
    }
}
