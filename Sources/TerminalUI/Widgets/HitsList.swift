import InstantSearchCore

/// Ranked hits, two rows each: the title with its matches highlighted (and a number on the
/// right, such as the price), then the other display attributes. Scrolls with the
/// selection and asks for the next page when the selection nears the end of what is loaded.
public final class HitsList: SearchableWidget, ResultingWidget {
    public private(set) var results: SearchResults?
    public private(set) var selection = 0
    private var top = 0
    private var searcher: HitsSearcher?
    private let descriptions: [String: IndexDescription]
    /// Selection and scroll of the indices not shown, so Tab brings them back.
    private var saved: [String: (selection: Int, top: Int)] = [:]
    private var visibleRows = 10
    /// Set on switching index: the replayed results keep the selection that index had.
    private var restoringSelection = false
    /// The last search failed: its older hits are off the screen until one succeeds.
    private var failed = false
    static let rowsPerHit = 2

    public init(indices: [IndexDescription]) {
        descriptions = IndexDescription.byName(indices)
    }

    public var selectedHit: Hit? {
        guard let hits = results?.hits, hits.indices.contains(selection) else { return nil }
        return hits[selection]
    }

    // MARK: InstantSearch

    public func connect(to searcher: HitsSearcher) {
        if let current = self.searcher { saved[current.indexName] = (selection, top) }
        self.searcher = searcher
        (selection, top) = saved[searcher.indexName] ?? (0, 0)
        results = nil
        restoringSelection = true
        failed = false
    }

    public func searcher(_ searcher: HitsSearcher, didReceive results: SearchResults) {
        let isNextPage = results.page > 0 && results.query == self.results?.query
        if !isNextPage && !restoringSelection {
            selection = 0
            top = 0
        }
        restoringSelection = false
        failed = false
        self.results = results
        selection = min(selection, max(0, results.hits.count - 1))
        loadMoreIfNeeded()
    }

    public func searcher(_ searcher: HitsSearcher, didFailWith error: SearchFailure) {
        results = nil
        failed = true
    }

    // MARK: Keys

    public func handle(_ key: Key) -> Bool {
        let count = results?.hits.count ?? 0
        let page = max(1, visibleRows / Self.rowsPerHit)
        switch key {
        case .down, .control("n"): selection += 1
        case .up, .control("p"): selection -= 1
        case .pageDown: selection += page
        case .pageUp: selection -= page
        default: return false
        }
        selection = max(0, min(selection, count - 1))
        loadMoreIfNeeded()
        return true
    }

    private func loadMoreIfNeeded() {
        guard let results, results.page + 1 < results.nbPages else { return }
        let page = max(1, visibleRows / Self.rowsPerHit)
        if selection + page >= results.hits.count { searcher?.loadNextPage() }
    }

    // MARK: Drawing

    public func draw(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        visibleRows = area.height
        guard let results, let searcher else {
            let message = failed ? "The search failed (the stats line says why); type to try again." : "Searching…"
            canvas.write(message, x: area.x + 2, y: area.y, style: Theme.secondary, maxWidth: area.width - 2, overflow: .ellipsis)
            return
        }
        guard !results.hits.isEmpty else {
            let message = results.query.isEmpty ? "No results." : "No results for “\(results.query)”."
            canvas.write(message, x: area.x + 2, y: area.y, style: Theme.secondary, maxWidth: area.width - 2, overflow: .ellipsis)
            if searcher.query.hasRefinements {
                canvas.write("Ctrl-X clears the refinements.", x: area.x + 2, y: area.y + 1, style: Theme.secondary, maxWidth: area.width - 2)
            }
            return
        }
        let capacity = max(1, area.height / Self.rowsPerHit)
        if selection < top { top = selection }
        if selection >= top + capacity { top = selection - capacity + 1 }
        let description = descriptions[searcher.indexName]
        for (row, position) in (top..<min(results.hits.count, top + capacity)).enumerated() {
            let hitArea = Rect(x: area.x, y: area.y + row * Self.rowsPerHit, width: area.width, height: Self.rowsPerHit)
            drawHit(results.hits[position], in: hitArea, description: description, selected: position == selection, focused: focused, into: &canvas)
        }
        if top + capacity < results.hits.count || results.page + 1 < results.nbPages {
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

/// What a hit shows: its title and details as styled pieces, and a figure for the right edge.
struct HitDisplay {
    var title: [(String, Style)]
    var details: [(String, Style)]
    var figure: String?

    init(hit: Hit, description: IndexDescription?) {
        let attributes = Self.attributes(of: hit, description: description)
        let numeric = Set(description?.numericAttributes ?? [])
        let titleAttribute = attributes.first { !numeric.contains($0) } ?? attributes.first
        title = titleAttribute.map { Self.pieces(of: hit, attribute: $0, plain: Theme.title.bold(), highlighted: Theme.highlight) }
            ?? [(hit.objectID, Theme.title)]
        let figureAttribute = attributes.first { numeric.contains($0) && hit.record[$0]?.numberValue != nil }
        figure = figureAttribute.flatMap { attribute in
            hit.record[attribute].map { NumberText.format($0, attribute: attribute) }
        }
        var details: [(String, Style)] = []
        for attribute in attributes where attribute != titleAttribute && attribute != figureAttribute {
            guard let value = hit.record[attribute], !value.displayText.isEmpty else { continue }
            if !details.isEmpty { details.append(("  ·  ", Theme.secondary)) }
            if numeric.contains(attribute) {
                details.append(("\(attribute) \(value.displayText)", Theme.secondary))
            } else {
                details += Self.pieces(of: hit, attribute: attribute, plain: Theme.secondary, highlighted: Theme.highlight)
            }
        }
        self.details = details
    }

    /// The display attributes, or failing those the record's own scalar fields.
    static func attributes(of hit: Hit, description: IndexDescription?) -> [String] {
        if let display = description?.displayAttributes, !display.isEmpty { return display }
        guard let fields = hit.record.objectValue else { return [] }
        return fields.keys.filter { $0 != "objectID" && fields[$0]?.objectValue == nil }
    }

    static func pieces(of hit: Hit, attribute: String, plain: Style, highlighted: Style) -> [(String, Style)] {
        if let highlight = hit.highlights[attribute], !highlight.values.isEmpty {
            var pieces: [(String, Style)] = []
            for (i, value) in highlight.values.enumerated() {
                if i > 0 { pieces.append((", ", plain)) }
                pieces += value.segments(plain: plain, highlighted: highlighted)
            }
            return pieces
        }
        return [(hit.record[attribute]?.displayText ?? "", plain)]
    }
}
