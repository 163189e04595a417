import InstantSearchCore

/// The indices as tabs, the active one marked; each shows its hit count for the current query
/// text (the other tabs' counts come with the active one's search). Drawn from the hub's state alone.
enum IndexTabs {
    static func render(_ area: Rect, _ canvas: inout Canvas, state: HubState) {
        var x = area.x + 1
        for (position, index) in state.index.enumerated() {
            let isActive = position == state.activeIndex
            var label = " \(index.name)"
            if let results = index.results, results.query == state.queryText {
                label += " \(NumberText.grouped(results.nbHits))"
            } else if let count = index.count, count.text == state.queryText {
                label += " \(NumberText.grouped(count.nbHits))"
            }
            label += " "
            let style = isActive ? Theme.title.reverse() : Theme.secondary
            x += canvas.write(label, x: x, y: area.y, style: style, maxWidth: area.maxX - x)
            x += canvas.write(" ", x: x, y: area.y, maxWidth: area.maxX - x)
        }
        let name = "instantsearch"
        if x + name.displayWidth + 2 <= area.maxX {
            canvas.write(name, x: area.maxX - name.displayWidth - 1, y: area.y, style: Theme.secondary)
        }
    }
}
