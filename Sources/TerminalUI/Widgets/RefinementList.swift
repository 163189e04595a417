import InstantSearchCore

/// Facet values with their counts, one group per facet attribute (InstantSearch's
/// RefinementList), then each tree facet as a hierarchical menu (HierarchicalMenu): refined
/// values first, then by count or name; a "show more / show less" row under a facet with more
/// values; and, while a search in one facet's values is open, a small
/// input and the values found instead of the groups. Above the facets, the index's toggles and
/// numeric menus (see `RefinementList+Toggles`). Everything it wants done is an intent.
/// The selection follows its value when counts reorder the rows. After a failed search it
/// shows no counts: they would belong to an older query.
public struct RefinementList {
    private(set) var list = ListState(context: 1)
    private var interactor = FacetListInteractor(attributes: [], disjunctiveFacets: [])
    /// One per tree facet, drawn after the lists.
    private var trees: [HierarchicalMenuInteractor] = []
    private var indexName: String?
    /// What is drawn, one entry per row.
    private(set) var lines: [Line] = []
    private var failed = false
    /// The search in a facet's values, when one is open.
    private(set) var search: FacetValueSearch?
    var numbers = NumberText.standard

    enum Line: Equatable {
        case header(String, mode: String, order: FacetValueOrder)
        case empty
        case item(FacetItem)
        /// A row of a hierarchical menu.
        case tree(HierarchicalItem)
        /// The show-more row of a facet: "show more" when collapsed, "show less" when expanded.
        case showMore(attribute: String, isExpanded: Bool)
        /// The input of a search in facet values: the attribute and the text typed.
        case searchInput(attribute: String, text: String)
        /// A line of text instead of values ("searching…", "no value matches").
        case message(String, isError: Bool)
        /// The heading of the toggles or of a numeric menu, and what Enter does there.
        case widgetHeader(String, note: String)
        case toggle(ToggleRow)
        case bucket(BucketRow)
    }
    /// Toggles and numeric menus of the index, above the facets.
    private var toggles: [FilterToggle] = []
    private var menus: [NumericMenu] = []

    public init() {}

    public var items: [FacetItem] {
        lines.compactMap { if case .item(let item) = $0 { item } else { nil } }
    }

    public var selectedItem: FacetItem? {
        guard case .item(let item)? = selectedLine else { return nil }
        return item
    }

    public var selectedTreeItem: HierarchicalItem? {
        guard lines.indices.contains(list.selection), case .tree(let item) = lines[list.selection] else { return nil }
        return item
    }

    /// True while the search in a facet's values takes the keys.
    public var isSearching: Bool { search != nil }

    private var selectedLine: Line? { lines.indices.contains(list.selection) ? lines[list.selection] : nil }

    /// The facet of the selected row.
    private var selectedAttribute: String? {
        switch selectedLine {
        case .item(let item)?: return item.attribute
        case .showMore(let attribute, _)?: return attribute
        default: return nil
        }
    }

    // MARK: Update

    mutating func resize(height: Int) {
        list.resize(visible: height)
    }

    mutating func update(_ state: IndexState, description: IndexDescription?, limits: (limit: Int, showMoreLimit: Int) = (10, 100)) {
        if state.name != indexName {
            indexName = state.name
            toggles = description?.toggles ?? []
            menus = description?.numericMenus ?? []
            list = list.emptied()
        }
        trees = (description?.hierarchicalFacets ?? []).map(HierarchicalMenuInteractor.init(facet:))
        interactor = FacetListInteractor(
            attributes: description?.facetAttributes ?? state.query.facets,
            disjunctiveFacets: description?.disjunctiveFacets ?? state.query.disjunctiveFacets,
            limit: limits.limit, showMoreLimit: limits.showMoreLimit)
        let selected = selectedLine
        let wasSearching = search != nil
        search = state.facetList.search
        failed = state.error != nil
        if let search {
            lines = Self.lines(search, found: interactor.items(found: search, query: state.query))
        } else {
            lines =
                failed
                ? []
                : Self.toggleLines(toggles, menus: menus, state: state)
                    + Self.lines(interactor.sections(results: state.results, query: state.query, display: state.facetList))
                    + trees.flatMap { Self.lines($0, results: state.results, query: state.query) }
        }
        let same = selected.flatMap { line in lines.firstIndex { Self.isSameRow($0, line) } }
        let selectable = lines.indices.filter { Self.isSelectable(lines[$0]) }
        let openedOrClosed = wasSearching != (search != nil)
        list.update(count: lines.count, selectable: selectable, select: same ?? (selected == nil || openedOrClosed ? 0 : nil))
    }

    private static func isHeading(_ line: Line) -> Bool {
        switch line {
        case .header, .widgetHeader: return true
        default: return false
        }
    }

    private static func isSelectable(_ line: Line) -> Bool {
        switch line {
        case .item, .showMore, .toggle, .bucket, .tree: return true
        default: return false
        }
    }

    /// The same value (or the same facet's show-more row), whatever its count now.
    private static func isSameRow(_ a: Line, _ b: Line) -> Bool {
        switch (a, b) {
        case (.item(let x), .item(let y)): return x.attribute == y.attribute && x.value == y.value
        case (.showMore(let x, _), .showMore(let y, _)): return x == y
        case (.tree(let x), .tree(let y)): return x.attribute == y.attribute && x.path == y.path
        case (.toggle(let x), .toggle(let y)): return x.toggle == y.toggle
        case (.bucket(let x), .bucket(let y)): return x.attribute == y.attribute && x.bucket == y.bucket
        default: return false
        }
    }

    private static func lines(_ menu: HierarchicalMenuInteractor, results: SearchResults?, query: Query) -> [Line] {
        let items = menu.items(results: results, query: query)
        // Siblings come in the backend's order: most frequent first.
        return [.header(menu.facet.name, mode: "tree", order: .count)] + (items.isEmpty ? [.empty] : items.map(Line.tree))
    }

    private static func lines(_ sections: [FacetSection]) -> [Line] {
        var lines: [Line] = []
        for section in sections {
            lines.append(.header(section.attribute, mode: section.isDisjunctive ? "any of" : "all of", order: section.order))
            if section.items.isEmpty { lines.append(.empty) }
            lines += section.items.map(Line.item)
            if section.canToggleShowMore { lines.append(.showMore(attribute: section.attribute, isExpanded: section.isExpanded)) }
        }
        return lines
    }

    private static func lines(_ search: FacetValueSearch, found: [FacetItem]) -> [Line] {
        var lines: [Line] = [.searchInput(attribute: search.attribute, text: search.text)]
        if let error = search.error {
            lines.append(.message("⚠ \(error.message)", isError: true))
        } else if search.results == nil {
            lines.append(.message("searching…", isError: false))
        } else if found.isEmpty {
            lines.append(.message(search.isSearching ? "searching…" : "no \(search.attribute) matches", isError: false))
        }
        return lines + found.map(Line.item)
    }

    /// The list's actions; false for others. In a search in facet values, a printable key
    /// goes to `type(_:)` instead.
    mutating func perform(_ action: KeyAction) -> (handled: Bool, intents: [SearchIntent]) {
        switch action {
        case .up: list.move(by: -1)
        case .down: list.move(by: 1)
        case .pageUp: list.move(by: -list.page)
        case .pageDown: list.move(by: list.page)
        case .toggleRefinement:
            if let item = selectedTreeItem, let menu = trees.first(where: { $0.facet.name == item.attribute }) {
                return (true, [menu.toggle(item)])
            }
            if case .showMore(let attribute, _)? = selectedLine { return (true, [.toggleShowMore(attribute: attribute)]) }
            if let line = selectedLine, let intent = Self.intent(for: line) { return (true, [intent]) }
            guard let item = selectedItem else { return (true, []) }
            return (true, [interactor.toggle(item)])
        case .accept where search != nil:
            // Enter in the search: the value found is toggled and the list comes back, with it on top.
            return (true, (selectedItem.map { [interactor.toggle($0)] } ?? []) + [.closeFacetSearch])
        case .toggleShowMore:
            return (true, selectedAttribute.map { [.toggleShowMore(attribute: $0)] } ?? [])
        case .toggleFacetOrder:
            return (true, selectedAttribute.map { [.toggleFacetOrder(attribute: $0)] } ?? [])
        case .searchFacetValues:
            return (true, selectedAttribute.map { [.searchFacetValues(attribute: $0, text: "")] } ?? [])
        case .closeFacetSearch where search != nil:
            return (true, [.closeFacetSearch])
        case .backwardDeleteChar where search != nil:
            return (true, edited { $0 = String($0.dropLast()) })
        case .unixLineDiscard where search != nil:
            return (true, edited { $0 = "" })
        default: return (false, [])
        }
        return (true, [])
    }

    /// Printable keys (or a paste) typed into the open search in facet values.
    func type(_ text: String) -> [SearchIntent] {
        edited { $0 += text }
    }

    private func edited(_ change: (inout String) -> Void) -> [SearchIntent] {
        guard let search else { return [] }
        var text = search.text
        change(&text)
        return text == search.text ? [] : [.searchFacetValues(attribute: search.attribute, text: text)]
    }

    /// A click at `row` rows from the top of the pane: on a value, selects and toggles it; on
    /// show more / less, toggles that.
    mutating func click(row: Int) -> (handled: Bool, intents: [SearchIntent]) {
        let position = list.offset + row
        guard row >= 0, lines.indices.contains(position), Self.isSelectable(lines[position]) else { return (false, []) }
        list.select(position)
        return perform(.toggleRefinement)
    }

    // MARK: Drawing

    /// Draws the list; returns where the terminal cursor belongs when the search input is open.
    @discardableResult
    func render(_ area: Rect, _ canvas: inout Canvas, focused: Bool) -> (x: Int, y: Int)? {
        guard !lines.isEmpty else {
            let message = failed ? "No counts: search failed." : "No facets."
            canvas.write(message, x: area.x + 1, y: area.y, style: Theme.secondary, maxWidth: area.width - 1)
            return nil
        }
        var cursor: (x: Int, y: Int)?
        let shown = list.offset..<min(lines.count, list.offset + area.height)
        for (row, position) in shown.enumerated() {
            let y = area.y + row
            // A heading on the pane's last row, its values out of sight below, names nothing
            // the user can pick: the row stays blank (the values are a scroll away).
            if position == shown.upperBound - 1, position + 1 < lines.count, Self.isHeading(lines[position]) { continue }
            switch lines[position] {
            case .header(let attribute, let mode, let order):
                let orderLabel = order == .count ? "by count" : "by name"
                let width = canvas.write(attribute.uppercased(), x: area.x + 1, y: y, style: Theme.paneTitle, maxWidth: area.width - 1)
                canvas.write(" " + mode, x: area.x + 1 + width, y: y, style: Theme.secondary, maxWidth: area.width - 1 - width)
                // The order where there is room for it after the mode and a space.
                let orderX = area.maxX - orderLabel.displayWidth - 1
                if orderX > area.x + 1 + width + 1 + mode.displayWidth {
                    canvas.write(orderLabel, x: orderX, y: y, style: Theme.secondary)
                }
            case .empty:
                canvas.write("  (none)", x: area.x + 1, y: y, style: Theme.secondary, maxWidth: area.width - 1)
            case .item(let item):
                drawItem(item, y: y, area: area, isSelected: position == list.selection, focused: focused, into: &canvas)
            case .tree(let item):
                drawTreeItem(item, y: y, area: area, isSelected: position == list.selection, focused: focused, into: &canvas)
            case .showMore(_, let isExpanded):
                let isSelected = position == list.selection && focused
                canvas.write(isSelected ? "▌" : " ", x: area.x, y: y, style: Theme.title)
                canvas.write(isExpanded ? "  − show less" : "  + show more", x: area.x + 1, y: y, style: Theme.key, maxWidth: area.width - 1)
                if isSelected { canvas.applyStyle(Theme.selectedFacet, to: Rect(x: area.x + 1, y: y, width: area.width - 1, height: 1)) }
            case .searchInput(let attribute, let text):
                let label = canvas.write("/ \(attribute): ", x: area.x + 1, y: y, style: Theme.key, maxWidth: area.width - 1)
                let typed = canvas.write(text, x: area.x + 1 + label, y: y, style: Theme.text, maxWidth: area.width - 2 - label)
                cursor = (min(area.maxX - 1, area.x + 1 + label + typed), y)
            case .message(let text, let isError):
                canvas.write("  " + text, x: area.x + 1, y: y, style: isError ? Theme.error : Theme.secondary, maxWidth: area.width - 1)
            case .widgetHeader(let title, let note):
                let width = canvas.write(title.uppercased(), x: area.x + 1, y: y, style: Theme.paneTitle, maxWidth: area.width - 1)
                canvas.write(" " + note, x: area.x + 1 + width, y: y, style: Theme.secondary, maxWidth: area.width - 1 - width)
            case .toggle(let row):
                drawToggle(row, y: y, area: area, isSelected: position == list.selection, focused: focused, into: &canvas)
            case .bucket(let row):
                drawBucket(row, y: y, area: area, isSelected: position == list.selection, focused: focused, into: &canvas)
            }
        }
        return focused ? cursor : nil
    }

    /// "  ▾ Audio        12" / "    ● Headphones  7": indented by depth; ▾ on the refined path
    /// (its children shown below), ● the refined value, ▸ one to narrow to.
    private func drawTreeItem(_ item: HierarchicalItem, y: Int, area: Rect, isSelected: Bool, focused: Bool, into canvas: inout Canvas) {
        let count = numbers.count(item.count)
        let countX = area.maxX - count.displayWidth - 1
        let marker = item.isRefined ? "● " : item.isOnRefinedPath ? "▾ " : "▸ "
        let style = item.isRefined || item.isOnRefinedPath ? Theme.refined : Theme.text
        canvas.write(isSelected && focused ? "▌" : " ", x: area.x, y: y, style: Theme.title)
        let indent = 1 + min(item.depth * 2, max(0, area.width / 3))
        let markerWidth = canvas.write(marker, x: area.x + indent, y: y, style: style)
        canvas.write(
            item.label, x: area.x + indent + markerWidth, y: y, style: style,
            maxWidth: countX - area.x - 1 - indent - markerWidth, overflow: .ellipsis)
        canvas.write(count, x: countX, y: y, style: Theme.count)
        if isSelected && focused {
            canvas.applyStyle(Theme.selectedFacet, to: Rect(x: area.x + 1, y: y, width: area.width - 1, height: 1))
        }
    }

    private func drawItem(_ item: FacetItem, y: Int, area: Rect, isSelected: Bool, focused: Bool, into canvas: inout Canvas) {
        let box = item.isRefined ? "[x] " : "[ ] "
        let count = numbers.count(item.count)
        let countX = area.maxX - count.displayWidth - 1
        canvas.write(isSelected && focused ? "▌" : " ", x: area.x, y: y, style: Theme.title)
        let boxWidth = canvas.write(box, x: area.x + 1, y: y, style: item.isRefined ? Theme.refined : Theme.secondary)
        // A path too long for the pane shows its end: folders of one tree share their start
        // (lib/google-cloud-sdk/lib/…) and differ in their last names.
        let valueWidth = countX - area.x - 2 - boxWidth
        let value = item.value.contains("/") ? item.value.truncatedKeepingEnd(toWidth: valueWidth) : item.value
        canvas.write(
            value, x: area.x + 1 + boxWidth, y: y, style: item.isRefined ? Theme.refined : Theme.text,
            maxWidth: valueWidth, overflow: .ellipsis)
        canvas.write(count, x: countX, y: y, style: Theme.count)
        if isSelected && focused {
            canvas.applyStyle(Theme.selectedFacet, to: Rect(x: area.x + 1, y: y, width: area.width - 1, height: 1))
        }
    }
}
