import InstantSearchCore

/// A range slider over one numeric attribute, with two thumbs; Up/Down switches attribute
/// when the index has several. Bounds come from the facet stats of the results.
public final class SliderPane: SearchableWidget, ResultingWidget, RefinableWidget {
    private var searcher: HitsSearcher?
    private var attributes: [String] = []
    private var active = 0
    public private(set) var thumb = NumberRangeInteractor.Thumb.lower
    public private(set) var slider: NumberRangeInteractor?
    private var results: SearchResults?
    private var query = Query()
    private var savedAttribute: [String: Int] = [:]
    private var trackWidth = 40
    private let descriptions: [String: IndexDescription]

    public init(indices: [IndexDescription]) {
        descriptions = IndexDescription.byName(indices)
    }

    public var attribute: String? { attributes.indices.contains(active) ? attributes[active] : nil }

    // MARK: InstantSearch

    public func connect(to searcher: HitsSearcher) {
        if let current = self.searcher { savedAttribute[current.indexName] = active }
        self.searcher = searcher
        attributes = descriptions[searcher.indexName]?.numericAttributes ?? []
        active = savedAttribute[searcher.indexName] ?? 0
        results = nil
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
        guard let attribute else {
            slider = nil
            return
        }
        var next = slider?.attribute == attribute ? slider! : NumberRangeInteractor(attribute: attribute)
        next.steps = max(1, trackWidth - 1)
        next.update(results: results, query: query)
        slider = next
    }

    // MARK: Keys

    public func handle(_ key: Key) -> Bool {
        switch key {
        case .left: move(by: -1)
        case .right: move(by: 1)
        case .character(" "): thumb = thumb.other
        case .up where !attributes.isEmpty, .control("p") where !attributes.isEmpty:
            active = (active + attributes.count - 1) % attributes.count
            rebuild()
        case .down where !attributes.isEmpty, .control("n") where !attributes.isEmpty:
            active = (active + 1) % attributes.count
            rebuild()
        case .delete:
            if let attribute { searcher?.setRange(nil, for: attribute) }
        default: return false
        }
        return true
    }

    private func move(by steps: Int) {
        guard let slider, let searcher else { return }
        searcher.setRange(slider.moving(thumb, by: steps), for: slider.attribute)
    }

    // MARK: Drawing

    public func draw(into canvas: inout Canvas, in area: Rect, focused: Bool) {
        guard let attribute, area.height > 0 else {
            canvas.write("No numeric attributes.", x: area.x + 1, y: area.y, style: Theme.secondary, maxWidth: area.width - 1)
            return
        }
        let nameWidth = canvas.write(attribute.uppercased(), x: area.x + 1, y: area.y, style: Theme.paneTitle, maxWidth: area.width - 1)
        if attributes.count > 1 {
            canvas.write(" \(active + 1)/\(attributes.count) ↕", x: area.x + 1 + nameWidth, y: area.y, style: Theme.secondary)
        }
        let width = max(3, area.width - 2)
        if trackWidth != width {
            trackWidth = width
            rebuild()
        }
        guard let slider, let bounds = slider.bounds, let low = slider.lowerValue, let high = slider.upperValue else {
            canvas.write("no values in these results", x: area.x + 1, y: area.y + 1, style: Theme.secondary, maxWidth: area.width - 1)
            return
        }
        drawTrack(bounds: bounds, low: low, high: high, x: area.x + 1, y: area.y + 1, width: width, focused: focused, into: &canvas)
        let minLabel = NumberText.format(.number(bounds.lowerBound), attribute: attribute)
        let maxLabel = NumberText.format(.number(bounds.upperBound), attribute: attribute)
        canvas.write(minLabel, x: area.x + 1, y: area.y + 2, style: Theme.secondary)
        canvas.write(maxLabel, x: area.maxX - 1 - maxLabel.displayWidth, y: area.y + 2, style: Theme.secondary)
        let range = slider.range == nil ? "any" : "\(format(low)) to \(format(high))"
        let which = focused ? (thumb == .lower ? "  ◂ moving from" : "  ◂ moving to") : ""
        let used = canvas.write(range, x: area.x + 1, y: area.y + 3, style: slider.range == nil ? Theme.secondary : Theme.refined)
        canvas.write(which, x: area.x + 1 + used, y: area.y + 3, style: Theme.secondary, maxWidth: area.width - 2 - used)
    }

    private func format(_ value: Double) -> String {
        NumberText.format(.number(value), attribute: attribute ?? "")
    }

    private func drawTrack(
        bounds: ClosedRange<Double>, low: Double, high: Double, x: Int, y: Int, width: Int, focused: Bool,
        into canvas: inout Canvas
    ) {
        let span = bounds.upperBound - bounds.lowerBound
        func column(_ value: Double) -> Int {
            span <= 0 ? 0 : Int(((value - bounds.lowerBound) / span * Double(width - 1)).rounded())
        }
        let lowColumn = column(low)
        let highColumn = max(lowColumn, column(high))
        for offset in 0..<width {
            let inside = offset >= lowColumn && offset <= highColumn
            canvas.write(inside ? "━" : "─", x: x + offset, y: y, style: inside ? Theme.title : Theme.secondary)
        }
        let activeStyle = focused ? Theme.title.reverse() : Theme.title
        canvas.write("●", x: x + lowColumn, y: y, style: thumb == .lower ? activeStyle : Theme.title)
        canvas.write("●", x: x + highColumn, y: y, style: thumb == .upper ? activeStyle : Theme.title)
    }
}
