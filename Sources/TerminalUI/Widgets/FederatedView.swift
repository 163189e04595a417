import InstantSearchCore

/// Every section of a federated search at once: hits of several indices, matching facet
/// values, one block each. Up/Down move through all rows; Enter on a hit picks it, Enter or
/// Space on a facet value refines the hits of its index.
public final class FederatedView {
    public enum Row: Equatable {
        case hit(section: Int, Hit)
        case facetValue(section: Int, FacetValueCount)
    }

    private let federated: FederatedSearch
    private let descriptions: [String: IndexDescription]
    private var selection = 0

    public init(federated: FederatedSearch, indices: [IndexDescription]) {
        self.federated = federated
        descriptions = IndexDescription.byName(indices)
    }

    /// The rows of each section, as many as it may show.
    func rows(ofSection position: Int) -> [Row] {
        let section = federated.sections[position]
        switch section.content {
        case .hits(let limit):
            let hits = federated.hitsSearchers[section.indexName]?.results?.hits ?? []
            return hits.prefix(limit).map { .hit(section: position, $0) }
        case .facetValues(_, let limit):
            let values = federated.facetSearchers[position]?.results?.facetHits ?? []
            return values.prefix(limit).map { .facetValue(section: position, $0) }
        }
    }

    public var rows: [Row] { federated.sections.indices.flatMap(rows(ofSection:)) }

    public var selectedRow: Row? {
        let all = rows
        return all.isEmpty ? nil : all[min(selection, all.count - 1)]
    }

    public var selectedHit: Hit? {
        if case .hit(_, let hit) = selectedRow { return hit }
        return nil
    }

    // MARK: Keys

    public func handle(_ key: Key) -> Bool {
        let count = rows.count
        switch key {
        case .down, .control("n"): selection += 1
        case .up, .control("p"): selection -= 1
        case .pageDown: selection += 5
        case .pageUp: selection -= 5
        case .character(" "), .enter:
            guard case .facetValue(let section, let value) = selectedRow else { return false }
            federated.toggle(value.value, inSection: section)
            return true
        default: return false
        }
        selection = max(0, min(selection, count - 1))
        return true
    }

    /// "Actors 12 · Movies 345 · Genres 4 values"
    public var summary: String {
        federated.sections.enumerated().map { position, section in
            switch section.content {
            case .hits:
                let count = federated.hitsSearchers[section.indexName]?.results?.nbHits
                return "\(section.title) \(count.map(NumberText.grouped) ?? "…")"
            case .facetValues:
                let count = federated.facetSearchers[position]?.results?.facetHits.count
                return "\(section.title) \(count.map { "\($0) values" } ?? "…")"
            }
        }.joined(separator: " · ")
    }

    // MARK: Drawing

    public func draw(into canvas: inout Canvas, in area: Rect) {
        let selected = selectedRow
        var y = area.y
        for position in federated.sections.indices where y < area.maxY {
            let section = federated.sections[position]
            let sectionRows = rows(ofSection: position)
            let width = canvas.write(section.title.uppercased(), x: area.x + 1, y: y, style: Theme.paneTitle)
            canvas.write("  " + sectionNote(position), x: area.x + 1 + width, y: y, style: Theme.secondary, maxWidth: area.width - width - 2)
            y += 1
            // Leave at least a header and a row for each section still to come.
            let later = federated.sections.count - position - 1
            let room = max(1, area.maxY - y - later * 2)
            if sectionRows.isEmpty {
                canvas.write("  (none)", x: area.x + 1, y: y, style: Theme.secondary)
                y += 1
            }
            for row in sectionRows.prefix(room) where y < area.maxY {
                drawRow(row, y: y, area: area, isSelected: row == selected, into: &canvas)
                y += 1
            }
        }
    }

    private func sectionNote(_ position: Int) -> String {
        let section = federated.sections[position]
        switch section.content {
        case .hits:
            guard let results = federated.hitsSearchers[section.indexName]?.results else { return "" }
            return "\(NumberText.grouped(results.nbHits)) results in \(section.indexName)"
        case .facetValues(let attribute, _):
            return "\(attribute) of \(section.indexName) matching the query — Enter refines"
        }
    }

    private func drawRow(_ row: Row, y: Int, area: Rect, isSelected: Bool, into canvas: inout Canvas) {
        canvas.write(isSelected ? "▌" : " ", x: area.x, y: y, style: Theme.title)
        let x = area.x + 2
        switch row {
        case .hit(let position, let hit):
            let display = HitDisplay(hit: hit, description: descriptions[federated.sections[position].indexName])
            var room = area.width - 3
            if let figure = display.figure {
                canvas.write(figure, x: area.maxX - figure.displayWidth - 1, y: y, style: Theme.title)
                room -= figure.displayWidth + 2
            }
            let pieces = display.title + (display.details.isEmpty ? [] : [("  ·  ", Theme.secondary)] + display.details)
            canvas.write(pieces, x: x, y: y, maxWidth: room, overflow: .ellipsis)
        case .facetValue(let position, let value):
            let refined = federated.isRefined(value.value, inSection: position)
            let box = canvas.write(refined ? "[x] " : "[ ] ", x: x, y: y, style: refined ? Theme.refined : Theme.secondary)
            let count = NumberText.grouped(value.count)
            canvas.write(value.value, x: x + box, y: y, style: refined ? Theme.refined : Theme.text, maxWidth: area.width - box - count.count - 6, overflow: .ellipsis)
            canvas.write(count, x: area.maxX - count.count - 1, y: y, style: Theme.count)
        }
        if isSelected {
            canvas.applyStyle(Theme.selectedRow, to: Rect(x: area.x + 1, y: y, width: area.width - 1, height: 1))
        }
    }
}
