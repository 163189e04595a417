import InstantSearchCore

/// The indices as tabs, the active one marked; each shows its hit count once it has one for
/// the current query text.
public final class IndexTabs: InstantSearchWidget {
    private unowned let hub: InstantSearch

    public init(hub: InstantSearch) {
        self.hub = hub
    }

    public func draw(into canvas: inout Canvas, in area: Rect) {
        var x = area.x + 1
        for (position, searcher) in hub.searchers.enumerated() {
            let isActive = position == hub.activeIndex
            var label = " \(searcher.indexName)"
            if let results = searcher.results, results.query == hub.queryText { label += " \(NumberText.grouped(results.nbHits))" }
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
