import InstantSearchCore

/// The indices as tabs, the active one marked; each shows its hit count once it has one for
/// the current query text. Drawn from the hub's state alone; where each tab goes is computed
/// apart (`placed`), so a click finds its tab from state, not from what was drawn.
enum IndexTabs {
    /// Each tab's label and the cells it covers in `area`, clipped to it.
    static func placed(_ area: Rect, state: HubState, numbers: NumberText = .standard) -> [(label: String, area: Rect)] {
        var x = area.x + 1
        var tabs: [(label: String, area: Rect)] = []
        for index in state.index where x < area.maxX {
            var label = " \(index.name)"
            if let results = index.results, results.query == state.queryText { label += " \(numbers.count(results.nbHits))" }
            label += " "
            let width = min(label.displayWidth, area.maxX - x)
            tabs.append((label, Rect(x: x, y: area.y, width: width, height: 1)))
            x += width + 1
        }
        return tabs
    }

    /// The position of the index whose tab covers column `x`, if any.
    static func index(atColumn x: Int, in area: Rect, state: HubState) -> Int? {
        placed(area, state: state).firstIndex { $0.area.contains(x: x, y: area.y) }
    }

    static func render(_ area: Rect, _ canvas: inout Canvas, state: HubState, numbers: NumberText = .standard) {
        var x = area.x + 1
        for (position, tab) in placed(area, state: state, numbers: numbers).enumerated() {
            let style = position == state.activeIndex ? Theme.title.reverse() : Theme.secondary
            canvas.write(tab.label, x: tab.area.x, y: area.y, style: style, maxWidth: tab.area.width)
            x = tab.area.maxX + 1
        }
        let name = "instantsearch"
        if x + name.displayWidth + 2 <= area.maxX {
            canvas.write(name, x: area.maxX - name.displayWidth - 1, y: area.y, style: Theme.secondary)
        }
    }
}
