import InstantSearchCore

/// Facet values with their counts, one group per facet attribute; toggling a value is an
/// intent. The selection follows its value when counts reorder the rows. After a failed
/// search it shows no counts: they would belong to an older query.
public struct RefinementList {
    private(set) var list = ListState(context: 1)
    private var interactor = FacetListInteractor(attributes: [], disjunctiveFacets: [])
    private var indexName: String?
    private let valuesPerFacet: Int
    /// What is drawn, one entry per row.
    private(set) var lines: [Line] = []
    private var failed = false

    enum Line: Equatable {
        case header(String, String)
        case empty
        case item(FacetItem)
        case toggle(ToggleRow)
        case bucket(BucketRow)

        /// What keeps a row selected while counts change: its attribute and value.
        var identity: String? {
            switch self {
            case .item(let item): return "facet\u{0}\(item.attribute)\u{0}\(item.value)"
            case .toggle(let row): return "toggle\u{0}\(row.toggle.attribute)"
            case .bucket(let row): return "bucket\u{0}\(row.attribute)\u{0}\(row.bucket.label)"
            case .header, .empty: return nil
            }
        }
    }
    /// Toggles and numeric menus of the index, above the facets.
    private var toggles: [FilterToggle] = []
    private var menus: [NumericMenu] = []

    public init(valuesPerFacet: Int = 10) {
        self.valuesPerFacet = valuesPerFacet
    }

    public var items: [FacetItem] {
        lines.compactMap { if case .item(let item) = $0 { item } else { nil } }
    }

    public var selectedItem: FacetItem? {
        guard lines.indices.contains(list.selection), case .item(let item) = lines[list.selection] else { return nil }
        return item
    }

    // MARK: Update

    mutating func resize(height: Int) {
        list.resize(visible: height)
    }

    mutating func update(_ state: IndexState, description: IndexDescription?) {
        if state.name != indexName {
            indexName = state.name
            interactor = FacetListInteractor(
                attributes: description?.facetAttributes ?? state.query.facets,
                disjunctiveFacets: description?.disjunctiveFacets ?? state.query.disjunctiveFacets,
                limit: valuesPerFacet)
            toggles = description?.toggles ?? []
            menus = description?.numericMenus ?? []
            list = list.emptied()
        }
        let selected = lines.indices.contains(list.selection) ? lines[list.selection].identity : nil
        failed = state.error != nil
        lines = failed ? [] : Self.toggleLines(toggles, menus: menus, state: state)
            + Self.lines(interactor.sections(results: state.results, query: state.query))
        let same = selected.flatMap { identity in lines.firstIndex { $0.identity == identity } }
        let selectable = lines.indices.filter { lines[$0].identity != nil }
        list.update(count: lines.count, selectable: selectable, select: same ?? (selected == nil ? 0 : nil))
    }

    private static func lines(_ sections: [FacetSection]) -> [Line] {
        var lines: [Line] = []
        for section in sections {
            lines.append(.header(section.attribute, section.isDisjunctive ? "any of" : "all of"))
            if section.items.isEmpty { lines.append(.empty) }
            lines += section.items.map(Line.item)
        }
        return lines
    }

    /// Up, Down, PgUp, PgDn, toggle-refinement; false for other actions.
    mutating func perform(_ action: KeyAction) -> (handled: Bool, intents: [SearchIntent]) {
        switch action {
        case .up: list.move(by: -1)
        case .down: list.move(by: 1)
        case .pageUp: list.move(by: -list.page)
        case .pageDown: list.move(by: list.page)
        case .toggleRefinement:
            if let item = selectedItem { return (true, [interactor.toggle(item)]) }
            guard lines.indices.contains(list.selection), let intent = Self.intent(for: lines[list.selection]) else { return (true, []) }
            return (true, [intent])
        default: return (false, [])
        }
        return (true, [])
    }

    // MARK: Drawing

    func render(_ area: Rect, _ canvas: inout Canvas, focused: Bool) {
        guard !lines.isEmpty else {
            let message = failed ? "No counts: search failed." : "No facets."
            canvas.write(message, x: area.x + 1, y: area.y, style: Theme.secondary, maxWidth: area.width - 1)
            return
        }
        for (row, position) in (list.offset..<min(lines.count, list.offset + area.height)).enumerated() {
            let y = area.y + row
            switch lines[position] {
            case .header(let attribute, let mode):
                let width = canvas.write(attribute.uppercased(), x: area.x + 1, y: y, style: Theme.paneTitle, maxWidth: area.width - 1)
                canvas.write(" " + mode, x: area.x + 1 + width, y: y, style: Theme.secondary, maxWidth: area.width - 1 - width)
            case .empty:
                canvas.write("  (none)", x: area.x + 1, y: y, style: Theme.secondary, maxWidth: area.width - 1)
            case .item(let item):
                drawItem(item, y: y, area: area, isSelected: position == list.selection, focused: focused, into: &canvas)
            case .toggle(let row):
                drawToggle(row, y: y, area: area, isSelected: position == list.selection, focused: focused, into: &canvas)
            case .bucket(let row):
                drawBucket(row, y: y, area: area, isSelected: position == list.selection, focused: focused, into: &canvas)
            }
        }
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
