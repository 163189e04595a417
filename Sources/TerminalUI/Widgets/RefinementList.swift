import InstantSearchCore

/// Facet values with their counts, one group per facet attribute, then each tree facet as a
/// hierarchical menu; toggling a value or refining a path is an intent. The selection follows
/// its value when counts reorder the rows. After a failed search it shows no counts: they
/// would belong to an older query.
public struct RefinementList {
    private(set) var list = ListState(context: 1)
    private var interactor = FacetListInteractor(attributes: [], disjunctiveFacets: [])
    /// One per tree facet, drawn after the lists.
    private var menus: [HierarchicalMenuInteractor] = []
    private var indexName: String?
    private let valuesPerFacet: Int
    /// What is drawn, one entry per row.
    private(set) var lines: [Line] = []
    private var failed = false

    enum Line: Equatable {
        case header(String, String)
        case empty
        case item(FacetItem)
        /// A row of a hierarchical menu.
        case tree(HierarchicalItem)
    }

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

    public var selectedTreeItem: HierarchicalItem? {
        guard lines.indices.contains(list.selection), case .tree(let item) = lines[list.selection] else { return nil }
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
            menus = (description?.hierarchicalFacets ?? []).map(HierarchicalMenuInteractor.init(facet:))
            list = list.emptied()
        }
        let selected = lines.indices.contains(list.selection) ? Self.identity(lines[list.selection]) : nil
        failed = state.error != nil
        lines = failed ? [] : Self.lines(interactor.sections(results: state.results, query: state.query))
            + menus.flatMap { Self.lines($0, results: state.results, query: state.query) }
        let same = selected.flatMap { selected in lines.firstIndex { Self.identity($0) == selected } }
        let selectable = lines.indices.filter { Self.identity(lines[$0]) != nil }
        list.update(count: lines.count, selectable: selectable, select: same ?? (selected == nil ? 0 : nil))
    }

    /// What the selection follows when counts reorder the rows: the value (or path) it is on.
    private static func identity(_ line: Line) -> String? {
        switch line {
        case .item(let item): return item.attribute + "\u{0}" + item.value
        case .tree(let item): return item.attribute + "\u{1}" + item.path
        case .header, .empty: return nil
        }
    }

    private static func lines(_ menu: HierarchicalMenuInteractor, results: SearchResults?, query: Query) -> [Line] {
        let items = menu.items(results: results, query: query)
        return [.header(menu.facet.name, "tree")] + (items.isEmpty ? [.empty] : items.map(Line.tree))
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
            if let item = selectedTreeItem, let menu = menus.first(where: { $0.facet.name == item.attribute }) {
                return (true, [menu.toggle(item)])
            }
            guard let item = selectedItem else { return (true, []) }
            return (true, [interactor.toggle(item)])
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
            case .tree(let item):
                drawTreeItem(item, y: y, area: area, isSelected: position == list.selection, focused: focused, into: &canvas)
            }
        }
    }

    /// "  ▾ Audio        12" / "    ● Headphones  7": indented by depth; ▾ on the refined path
    /// (its children shown below), ● the refined value, ▸ one to narrow to.
    private func drawTreeItem(_ item: HierarchicalItem, y: Int, area: Rect, isSelected: Bool, focused: Bool, into canvas: inout Canvas) {
        let count = String(item.count)
        let countX = area.maxX - count.displayWidth - 1
        let marker = item.isRefined ? "● " : item.isOnRefinedPath ? "▾ " : "▸ "
        let style = item.isRefined || item.isOnRefinedPath ? Theme.refined : Theme.text
        canvas.write(isSelected && focused ? "▌" : " ", x: area.x, y: y, style: Theme.title)
        let indent = 1 + min(item.depth * 2, max(0, area.width / 3))
        let markerWidth = canvas.write(marker, x: area.x + indent, y: y, style: style)
        canvas.write(item.label, x: area.x + indent + markerWidth, y: y, style: style,
                     maxWidth: countX - area.x - 1 - indent - markerWidth, overflow: .ellipsis)
        canvas.write(count, x: countX, y: y, style: Theme.count)
        if isSelected && focused {
            canvas.applyStyle(Theme.selectedRow, to: Rect(x: area.x + 1, y: y, width: area.width - 1, height: 1))
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
